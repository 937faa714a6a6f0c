// The English catalogue has exactly the keys of the Hebrew one (the source of the key type), with the same placeholders.
import { describe, expect, it } from "vitest";
import { en, he } from "./index";

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();
}

describe("locales", () => {
  const hebrew = flatten(he);
  const english = flatten(en);

  it("en.json has exactly the keys of he.json", () => {
    expect([...english.keys()].sort()).toEqual([...hebrew.keys()].sort());
  });

  it("uses the same placeholders in both languages", () => {
    for (const [key, text] of hebrew) {
      expect(placeholders(english.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("gives every singular form (key_one) its general form, with no placeholder the general one lacks", () => {
    for (const catalogue of [hebrew, english]) {
      for (const [key, text] of catalogue) {
        if (!key.endsWith("_one")) continue;
        const stem = key.slice(0, -"_one".length);
        const general = catalogue.get(stem) ?? catalogue.get(`${stem}_other`);
        expect(general, key).toBeDefined();
        const known = new Set([...placeholders(general ?? ""), "count"]);
        for (const name of placeholders(text))
          expect(known.has(name), `${key}: ${name}`).toBe(true);
      }
    }
  });

  it("has no empty texts", () => {
    for (const [key, text] of [...hebrew, ...english]) expect(text.trim(), key).not.toBe("");
  });

  it("uses the product's quoted texts (docs/product.md §11) word for word in English", () => {
    expect(english.get("tiers.title")).toBe("Choose Your World");
    expect(english.get("tiers.current")).toBe("Current");
    expect(english.get("pricing.free")).toBe("FREE");
    expect(english.get("pricing.custom")).toBe("CUSTOM");
    expect(english.get("common.unlimited")).toBe("Unlimited");
    expect(english.get("guard.restrictedTitle")).toBe("Restricted access");
    expect(english.get("guard.restrictedMessage")).toBe(
      "You do not have sufficient permissions to access this page",
    );
    expect(english.get("boot.rootMissing")).toBe("Root element not found");
    expect(english.get("boot.errorTitle")).toBe("Error loading application");
  });
});
