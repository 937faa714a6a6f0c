// Every error the server can send (the whole union of packages/domain/src/errors.ts, each meaning) reads in both
// languages from its code and params: an untranslated error cannot ship.
import { everyErrorDetail, everyFieldError, everyRunError } from "@aacos/domain/errors";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { applyLanguage, i18n } from "./i18n";
import {
  errorKey,
  errorText,
  failureText,
  storedErrorText,
  translateError,
  translateField,
} from "./messages";

const details = everyErrorDetail();

describe("error codes in both locales", () => {
  afterEach(() => applyLanguage("he"));

  it("has a text in he and en for every code and meaning of the union", () => {
    expect(details.length).toBeGreaterThan(100);
    for (const language of ["he", "en"] as const) {
      for (const { code, params } of details) {
        const key = errorKey(code, params);
        expect(i18n.exists(key, { lng: language }), `${language} ${key}`).toBe(true);
      }
    }
  });

  it("interpolates every placeholder from the params, in Hebrew letters in Hebrew", () => {
    for (const language of ["he", "en"] as const) {
      applyLanguage(language);
      for (const { code, params } of details) {
        const text = translateError(i18n.t, { code, params, message: "an English sentence" });
        const key = errorKey(code, params);
        expect(text, key).not.toContain("{{");
        expect(text, key).not.toBe(key);
        expect(text, key).not.toBe("an English sentence");
        if (language === "he") expect(text, key).toMatch(/[\u0590-\u05FF]/);
      }
    }
  });

  it("reads a reply by its code and params, not its message", () => {
    applyLanguage("en");
    const paused = new ApiError(409, "conflict", "whatever the server wrote", {}, null, null, {
      reason: "entity_paused",
      name: "Orion",
    });
    expect(errorText(i18n.t, paused)).toBe("Orion is paused; resume it to ask it");
    applyLanguage("he");
    expect(errorText(i18n.t, paused)).toBe("Orion מושהית; חדשו אותה כדי לשאול אותה");
    const missing = new ApiError(404, "not_found", "Conversation not found", {}, null, null, {
      subject: "conversation",
    });
    expect(errorText(i18n.t, missing)).toBe("השיחה לא נמצאה");
  });

  it("shows a code outside the union as a failed request, never its English text", () => {
    applyLanguage("he");
    const strange = new ApiError(418, "teapot", "I am a teapot");
    expect(errorText(i18n.t, strange)).toBe(i18n.t("messages.requestFailed"));
  });
});

describe("a refused ownership transfer", () => {
  afterEach(() => applyLanguage("he"));

  it("names the plan the new owner needs by its display name", () => {
    const refused = {
      code: "forbidden",
      message: "",
      params: { reason: "new_owner_needs_plan", plan: "cosmic" },
    };
    applyLanguage("en");
    expect(translateError(i18n.t, refused)).toBe(
      "The new owner's plan does not include team collaboration; they need the Cosmic plan",
    );
    applyLanguage("he");
    expect(translateError(i18n.t, refused)).toMatch(/^התוכנית של הבעלים החדשים .*נדרשת תוכנית \S+/);
    expect(translateError(i18n.t, refused)).not.toContain("cosmic");
  });
});

describe("a limit's count", () => {
  afterEach(() => applyLanguage("he"));

  it("reads in the singular for one, as the server's English does", () => {
    applyLanguage("en");
    const one = {
      code: "limit_reached",
      message: "",
      params: { limit: "maxActiveUniverses", max: 1 },
    };
    expect(translateError(i18n.t, one)).toBe(
      "Universe limit reached: 1 active universe on your plan",
    );
    const three = { ...one, params: { limit: "maxActiveUniverses", max: 3 } };
    expect(translateError(i18n.t, three)).toBe(
      "Universe limit reached: 3 active universes on your plan",
    );
  });
});

describe("field codes in both locales", () => {
  afterEach(() => applyLanguage("he"));

  it("has a text in he and en for every field code, with every placeholder filled", () => {
    const fields = everyFieldError();
    expect(fields.length).toBeGreaterThan(20);
    for (const language of ["he", "en"] as const) {
      applyLanguage(language);
      for (const field of fields) {
        const key = `fields.${field.code}`;
        expect(i18n.exists(key, { lng: language }), `${language} ${key}`).toBe(true);
        const text = translateField(i18n.t, field);
        expect(text, key).not.toContain("{{");
        if (language === "he") expect(text, key).toMatch(/[\u0590-\u05FF]/);
      }
    }
  });

  it("reads a reply's field by its code, and a field without a known code as an invalid value", () => {
    applyLanguage("he");
    const failure = new ApiError(400, "validation_failed", "Validation failed", {
      name: { code: "too_long", params: { max: 100 } },
    });
    expect(failureText(i18n.t, failure, "name")).toBe("האורך המרבי הוא 100");
    expect(failureText(i18n.t, failure, "other")).toBe(i18n.t("errors.validation_failed"));
  });
});

describe("stored errors in both locales", () => {
  afterEach(() => applyLanguage("he"));

  it("shows every run error by its code, and a row without one as a generic text, never its English", () => {
    for (const language of ["he", "en"] as const) {
      applyLanguage(language);
      for (const stored of everyRunError()) {
        const key = `runErrors.${stored.code}`;
        expect(i18n.exists(key, { lng: language }), `${language} ${key}`).toBe(true);
        const text = storedErrorText(i18n.t, stored);
        expect(text, stored.code).not.toContain("{{");
        expect(text, stored.code).not.toBe(`runErrors.${stored.code}`);
        if (language === "he") expect(text, stored.code).toMatch(/[\u0590-\u05FF]/);
      }
    }
    applyLanguage("he");
    expect(storedErrorText(i18n.t, null)).toBe("לא ניתן היה להשלים את התשובה");
    expect(storedErrorText(i18n.t, { code: "timed_out", params: { ms: 5000 } })).toContain("5000");
    // A run or autonomous execution stored before codes (decision 300) reads as a run that did not finish.
    expect(storedErrorText(i18n.t, null, "unknownRun")).toBe("ההרצה לא הסתיימה");
    expect(storedErrorText(i18n.t, { code: "budget_runs", params: { n: 3 } })).toBe(
      "התקציב נוצל: 3 הרצות בשעה",
    );
    expect(storedErrorText(i18n.t, { code: "budget_runs", params: { n: 1 } })).toBe(
      "התקציב נוצל: הרצה אחת בשעה",
    );
    expect(
      storedErrorText(i18n.t, { code: "sync_problems", params: { items: "Orion, notes.md" } }),
    ).toContain("Orion, notes.md");
    // A refusal of the union that ended a run (a paused entity) reads as the refusal does.
    expect(
      storedErrorText(i18n.t, {
        code: "conflict",
        params: { reason: "entity_paused", name: "Orion" },
      }),
    ).toBe("Orion מושהית; חדשו אותה כדי לשאול אותה");
    applyLanguage("en");
    expect(storedErrorText(i18n.t, null, "unknownRun")).toBe("The run did not finish");
  });
});
