// The English catalogue has exactly the keys of the Hebrew one (the source of the key type), with the same placeholders;
// singulars have their general forms, and no text sits there that no code reads.
import { describe, expect, it } from "vitest";
import { en, he } from "./index";

/** The web's code, as text: what the unread-text check reads. */
const SOURCES: Record<string, string> = import.meta.glob("../**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

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

  it("holds no text that no code can read", () => {
    const code = Object.entries(SOURCES)
      .filter(([path]) => !/\.test\.tsx?$|\/locales\//.test(path))
      .map(([, text]) => text)
      .join("\n");
    // A key is read when the code names it, names a group it sits in (a pager's or a form's texts), or builds it
    // from a template that starts with a group ("orchestration.actions.${action}One").
    const named = new Set(
      [...code.matchAll(/"([a-z][\w-]*(?:\.[\w-]+)+)"|texts="([a-z][\w.-]*)"/gi)].map(
        (match) => match[1] ?? match[2] ?? "",
      ),
    );
    const built = [...code.matchAll(/`([a-z][\w-]*\.[^`]*\$\{[^`]*)`/gi)].map(
      (match) =>
        new RegExp(
          `^${(match[1] ?? "")
            .split(/\$\{[^}]*\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join(".+")}$`,
        ),
    );
    const unread = [...hebrew.keys()].filter((key) => {
      const base = key.replace(/_(one|two|other)$/, "");
      if (named.has(base)) return false;
      const groups = base.split(".").map((_, end, parts) => parts.slice(0, end).join("."));
      return !groups.some((group) => named.has(group)) && !built.some((built) => built.test(base));
    });
    expect(unread).toEqual([]);
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
