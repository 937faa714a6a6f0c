// Every domain message and docs/product.md §8 default reads word for word in English and has a Hebrew translation.
import { MESSAGES, UPLOAD_MESSAGES } from "@aacos/domain/validation";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_ERRORS } from "./api-client";
import { applyLanguage, i18n } from "./i18n";
import { translateMessage } from "./messages";

const english = [
  MESSAGES.required,
  MESSAGES.invalidEmail,
  MESSAGES.minLength(3),
  MESSAGES.maxLength(254),
  MESSAGES.invalidFormat,
  MESSAGES.validationFailed,
  MESSAGES.weakPassword,
  DEFAULT_ERRORS.login,
  DEFAULT_ERRORS.register,
  DEFAULT_ERRORS.profile,
  DEFAULT_ERRORS.refresh,
  "Invalid email or password",
  "Too many sign-in attempts. Try again in 42 seconds.",
  "Acme ID cannot be reached right now. Try again later.",
  UPLOAD_MESSAGES.missingExtension,
  UPLOAD_MESSAGES.unpackedTooLarge(32),
  UPLOAD_MESSAGES.tooComplex,
];

describe("translateMessage", () => {
  afterEach(() => applyLanguage("he"));

  it("keeps the English texts word for word", () => {
    applyLanguage("en");
    for (const message of english) expect(translateMessage(i18n.t, message)).toBe(message);
  });

  it("translates each into Hebrew, numbers and names kept", () => {
    applyLanguage("he");
    for (const message of english) {
      const hebrew = translateMessage(i18n.t, message);
      expect(hebrew, message).not.toBe(message);
      expect(hebrew).toMatch(/[\u0590-\u05FF]/);
    }
    expect(translateMessage(i18n.t, MESSAGES.minLength(3))).toBe("האורך המינימלי הוא 3");
    expect(
      translateMessage(i18n.t, "Too many sign-in attempts. Try again in 42 seconds."),
    ).toContain("42");
    expect(
      translateMessage(i18n.t, "Acme ID cannot be reached right now. Try again later."),
    ).toContain("Acme ID");
  });

  it("shows an unknown server text as it came", () => {
    expect(translateMessage(i18n.t, "Something new")).toBe("Something new");
  });
});
