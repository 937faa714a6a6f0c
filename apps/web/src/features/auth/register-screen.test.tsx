// Registration form: the domain's docs/product.md §5 messages before submit and the server's field messages after, in English and Hebrew.
import { EMAIL_UNAVAILABLE_MESSAGE } from "@aacos/domain/validation";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetAuthStore } from "../../lib/auth-store";
import { applyLanguage, type Language } from "../../lib/i18n";
import { type Reply, startTestApi, type TestApi } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { RegisterScreen } from "./register-screen";

let api: TestApi;

/** The server's 409 for a field another account holds: the reason is also the field's code. */
function takenField(field: "email" | "username", message: string, reason: string): Reply {
  return {
    status: 409,
    body: {
      error: {
        code: "conflict",
        message,
        params: { reason },
        fields: { [field]: message },
        fieldCodes: { [field]: { code: reason, params: {} } },
      },
    },
  };
}

beforeAll(async () => {
  api = await startTestApi({
    "POST /api/auth/register": (request) => {
      const { email } = request.body as { email?: string };
      if (email === "owner@example.com") {
        return takenField("email", EMAIL_UNAVAILABLE_MESSAGE, "email_unavailable");
      }
      // A check only the server makes, whose summary says something other than the field.
      if (email === "common@example.com") {
        return {
          status: 400,
          body: {
            error: {
              code: "validation_failed",
              message: "Validation failed",
              fields: { password: "This password is too common" },
              fieldCodes: { password: { code: "common_password", params: {} } },
            },
          },
        };
      }
      return takenField("username", "This username is taken", "username_taken");
    },
  });
});
afterAll(() => api.close());
beforeEach(() => resetAuthStore("ready"));
afterEach(() => applyLanguage("he"));

function renderRegister(language: Language) {
  act(() => applyLanguage(language));
  renderAt("/auth/register", {
    "/auth/register": <RegisterScreen />,
    "/dashboard": <p>dashboard</p>,
  });
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

function type(testId: string, value: string) {
  fireEvent.change(field(testId), { target: { value } });
  fireEvent.blur(field(testId));
}

/** Fills the three fields with valid values and submits. */
function submitAccount(email: string, username: string, submitLabel: string) {
  type("register-email", email);
  type("register-username", username);
  type("register-password", "Quantum1!");
  fireEvent.click(screen.getByRole("button", { name: submitLabel }));
}

/**
 * The server's refusal stands under its field; the form's alert announces it too, but is not shown: the same words
 * twice on screen would only be noise.
 */
async function expectRefused(testId: string, message: string) {
  await waitFor(() => expect(screen.getByTestId(`${testId}-error`)).toHaveTextContent(message));
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent(message);
  expect(alert).toHaveClass("sr-only");
}

const TEXTS = {
  en: {
    submit: "Create account",
    required: "Field is required",
    invalidEmail: "Invalid email format",
    minLength: "Minimum length is 3",
    weak: "Password needs at least 8 characters with a lowercase letter, an uppercase letter, a digit and one of @$!%*?&",
    taken: "This username is taken",
    emailUnavailable: "If it is yours, we have sent it a message about signing in.",
    validationFailed: "Validation failed",
  },
  he: {
    submit: "יצירת חשבון",
    required: "שדה חובה",
    invalidEmail: "כתובת אימייל לא תקינה",
    minLength: "האורך המינימלי הוא 3",
    weak: "הסיסמה צריכה לפחות 8 תווים, עם אות לועזית קטנה, אות לועזית גדולה, ספרה ואחד מהתווים \u2066@$!%*?&\u2069",
    taken: "שם המשתמש הזה תפוס",
    emailUnavailable: "אם היא שלך, שלחנו אליה הודעה עם הסבר איך להתחבר.",
    validationFailed: "האימות נכשל",
  },
} as const;

describe.each(["en", "he"] as const)("registration form (%s)", (language) => {
  const text = TEXTS[language];

  it("shows the required message on every field when submitted empty, without calling the server", async () => {
    renderRegister(language);
    api.requests.length = 0;
    fireEvent.click(screen.getByRole("button", { name: text.submit }));
    for (const name of ["register-email", "register-username", "register-password"]) {
      expect(await screen.findByTestId(`${name}-error`)).toHaveTextContent(text.required);
      expect(field(name)).toHaveAttribute("aria-invalid", "true");
      expect(field(name).getAttribute("aria-describedby")).toContain(
        screen.getByTestId(`${name}-error`).id,
      );
    }
    // Only reads (the public settings: is registration open?) — nothing was sent.
    expect(api.requests.filter((request) => request.method !== "GET")).toHaveLength(0);
  });

  it("checks each field as it is left", () => {
    renderRegister(language);
    type("register-email", "dana@example");
    expect(screen.getByTestId("register-email-error")).toHaveTextContent(text.invalidEmail);
    type("register-username", "ab");
    expect(screen.getByTestId("register-username-error")).toHaveTextContent(text.minLength);
    type("register-password", "weak");
    expect(screen.getByTestId("register-password-error")).toHaveTextContent(text.weak);
    type("register-email", "dana@example.com");
    expect(screen.queryByTestId("register-email-error")).not.toBeInTheDocument();
    expect(field("register-email")).not.toHaveAttribute("aria-invalid");
  });

  it("shows live password hints from the domain rule", () => {
    renderRegister(language);
    const hints = screen.getByTestId("register-password-hints");
    expect(hints.querySelectorAll('[data-met="true"]')).toHaveLength(0);
    fireEvent.change(field("register-password"), { target: { value: "Quantum1" } });
    expect(screen.getByTestId("register-password-hints-special")).toHaveAttribute(
      "data-met",
      "false",
    );
    expect(screen.getByTestId("register-password-hints-digit")).toHaveAttribute("data-met", "true");
    fireEvent.change(field("register-password"), { target: { value: "Quantum1!" } });
    expect(hints.querySelectorAll('[data-met="false"]')).toHaveLength(0);
    fireEvent.change(field("register-password"), { target: { value: "Quantum1!# x" } });
    expect(screen.getByTestId("register-password-hints-allowedCharacters")).toHaveAttribute(
      "data-state",
      "broken",
    );
    expect(screen.getByTestId("register-password-hints-remove")).toHaveTextContent("# ␣");
  });

  it("puts the server's field message on its field after submit, and announces the failure", async () => {
    renderRegister(language);
    submitAccount("dana@example.com", "dana", text.submit);
    await expectRefused("register-username", text.taken);
    // Editing the field clears the server's message about the old value, and the alert that summarised it.
    fireEvent.change(field("register-username"), { target: { value: "dana2" } });
    expect(screen.queryByTestId("register-username-error")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a summary that says more than the field above the form", async () => {
    renderRegister(language);
    submitAccount("common@example.com", "newcomer", text.submit);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(text.validationFailed);
    expect(alert).not.toHaveClass("sr-only");
    expect(screen.getByTestId("register-password-error")).not.toHaveTextContent(
      text.validationFailed,
    );
  });

  it("shows the neutral answer to an e-mail in use on the e-mail field, translated", async () => {
    renderRegister(language);
    submitAccount("owner@example.com", "newcomer", text.submit);
    await expectRefused("register-email", text.emailUnavailable);
  });
});
