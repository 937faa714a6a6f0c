// applyLanguage sets <html lang dir>, stores the choice and switches the i18n instance.
import { afterEach, describe, expect, it } from "vitest";
import { withDualForms } from "./dual-forms";
import { applyLanguage, i18n, storedLanguage } from "./i18n";

describe("applyLanguage", () => {
  afterEach(() => applyLanguage("he"));

  it("defaults to Hebrew", () => {
    expect(storedLanguage()).toBe("he");
  });

  it("switches to English left-to-right and back to Hebrew right-to-left", () => {
    applyLanguage("en");
    expect(document.documentElement.lang).toBe("en");
    expect(document.documentElement.dir).toBe("ltr");
    expect(window.localStorage.getItem("aacos-lang")).toBe("en");
    expect(i18n.t("tiers.title")).toBe("Choose Your World");

    applyLanguage("he");
    expect(document.documentElement.dir).toBe("rtl");
    expect(storedLanguage()).toBe("he");
    expect(i18n.t("tiers.title")).toBe("בחרו את העולם שלכם");
  });
});

describe("Hebrew dual", () => {
  it("uses the plural text for two when no dual form is written", () => {
    expect(withDualForms({ a: { n_one: "אחד", n_other: "{{count}} רבים" } })).toEqual({
      a: { n_one: "אחד", n_other: "{{count}} רבים", n_two: "{{count}} רבים" },
    });
  });
});
