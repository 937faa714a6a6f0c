// Sign-in screen against a real local server: required fields, the server's message, the MFA step and the redirect after.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetAuthStore, useAuthStore } from "../../lib/auth-store";
import { applyLanguage } from "../../lib/i18n";
import { errorReply, fakeAccessToken, startTestApi, type TestApi } from "../../test-api-server";
import { testUser } from "../../test-fixtures";
import { renderAt } from "../../test-utils";
import { LoginScreen } from "./login-screen";

let api: TestApi;
const user = testUser();

beforeAll(async () => {
  api = await startTestApi({
    "GET /api/auth/oauth/providers": () => ({
      status: 200,
      body: { items: [{ id: "acme", label: "Acme ID" }] },
    }),
    "POST /api/auth/login": (request) => {
      const body = request.body as { email: string; password: string };
      if (body.password !== "Quantum1!") {
        return errorReply(401, "unauthorized", "Invalid email or password", {
          reason: "login_failed",
        });
      }
      return {
        status: 200,
        body: { mfaRequired: true, mfaToken: "step", methods: ["totp", "recovery", "webauthn"] },
      };
    },
    "POST /api/auth/mfa/verify": (request) =>
      (request.body as { code: string }).code === "123456"
        ? {
            status: 200,
            body: { user, token: fakeAccessToken("u1"), expiresAt: new Date().toISOString() },
          }
        : {
            status: 401,
            body: {
              error: {
                code: "unauthorized",
                message: "Invalid verification code",
                params: { reason: "invalid_code" },
              },
            },
          },
  });
});
afterAll(() => api.close());
beforeEach(() => resetAuthStore("ready"));
afterEach(() => applyLanguage("he"));

function renderLogin() {
  renderAt("/auth/login", {
    "/auth/login": <LoginScreen />,
    "/dashboard": <p>dashboard page</p>,
    "/chat": <p>chat page</p>,
  });
}

describe("LoginScreen", () => {
  it("requires both fields (Hebrew), without calling the server", async () => {
    act(() => applyLanguage("he"));
    renderLogin();
    api.requests.length = 0;
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(await screen.findByTestId("login-email-error")).toHaveTextContent("שדה חובה");
    expect(screen.getByTestId("login-password-error")).toHaveTextContent("שדה חובה");
    expect(api.count("POST /api/auth/login")).toBe(0);
  });

  it("shows only configured OAuth providers, and announces a wrong password", async () => {
    act(() => applyLanguage("en"));
    renderLogin();
    expect(await screen.findByRole("link", { name: "Continue with Acme ID" })).toHaveAttribute(
      "href",
      "/api/auth/oauth/acme/start?redirect=%2Fdashboard",
    );
    fireEvent.change(screen.getByLabelText("Email or username"), { target: { value: "dana" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
  });

  it("asks for the second step, then goes to the remembered page", async () => {
    act(() => applyLanguage("en"));
    window.localStorage.setItem("redirectAfterLogin", "/chat");
    renderLogin();
    fireEvent.change(screen.getByLabelText("Email or username"), { target: { value: "dana" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Quantum1!" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const code = await screen.findByLabelText("Authentication code");
    expect(screen.getByRole("button", { name: "Use a recovery code" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use a passkey" })).toBeInTheDocument();
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid verification code");
    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("chat page")).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(true));
    expect(window.localStorage.getItem("redirectAfterLogin")).toBeNull();
  });
});
