// Workspace rules: the caps and their messages, passage sizes and boundaries, and the search query shape.
import { describe, expect, it } from "vitest";
import { effectiveLimits } from "../catalog/effective-limits.js";
import {
  checkNewEntity,
  checkNewUniverse,
  checkTrainingData,
  checkUnarchive,
  PASSAGE_MAX_CHARS,
  searchTerms,
  splitPassages,
  toTsQuery,
} from "./index.js";

describe("caps", () => {
  const genesis = effectiveLimits("genesis", "genesis");

  it("checks projects before active universes", () => {
    expect(checkNewUniverse({ active: 0, total: 0 }, genesis)).toEqual({ ok: true });
    expect(checkNewUniverse({ active: 1, total: 1 }, genesis)).toMatchObject({
      ok: false,
      reason: "maxActiveUniverses",
      message: "Universe limit reached: 1 active universe on your plan",
    });
    expect(checkNewUniverse({ active: 0, total: 3 }, genesis)).toMatchObject({
      reason: "maxProjects",
      message: "Project limit reached: 3 projects",
    });
    expect(checkUnarchive({ active: 1 }, genesis)).toMatchObject({ reason: "maxActiveUniverses" });
  });

  it("lets −1 mean unlimited", () => {
    const infinity = effectiveLimits("infinity", "infinity");
    expect(checkNewUniverse({ active: 999, total: 999 }, infinity)).toEqual({ ok: true });
    expect(checkNewEntity(999, infinity)).toEqual({ ok: true });
    expect(checkTrainingData({ used: 1e12, added: 1 }, infinity)).toEqual({ ok: true });
  });

  it("caps entities per universe and training data in MB", () => {
    const genesisLimits = effectiveLimits("genesis", "genesis");
    expect(checkNewEntity(2, genesisLimits)).toEqual({ ok: true });
    expect(checkNewEntity(3, genesisLimits)).toMatchObject({
      reason: "maxEntitiesPerUniverse",
      message: "Entity limit reached: 3 entities per universe on your plan",
    });
    const tenMb = 10 * 1024 * 1024;
    expect(checkTrainingData({ used: tenMb - 10, added: 10 }, genesisLimits)).toEqual({ ok: true });
    expect(checkTrainingData({ used: tenMb - 10, added: 11 }, genesisLimits)).toMatchObject({
      reason: "maxTrainingDataSize",
      message: "Training data limit reached: 10 MB of knowledge per entity",
    });
  });
});

describe("splitPassages", () => {
  it("keeps a short text whole", () => {
    expect(splitPassages("Hello.\n\nWorld.")).toEqual(["Hello.\n\nWorld."]);
  });

  it("ends passages at paragraphs once they are long enough, never past the maximum", () => {
    const paragraph = (word: string) => `${`${word} `.repeat(60).trim()}.`;
    const text = ["alpha", "beta", "gamma", "delta", "epsilon"].map(paragraph).join("\n\n");
    const passages = splitPassages(text);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    expect(passages.join("\n\n")).toBe(text);
  });

  it("splits a long paragraph at sentences, and a long sentence at words", () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(
      " ",
    );
    const passages = splitPassages(sentences);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) {
      expect(passage.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
      expect(passage.endsWith(".")).toBe(true);
    }
    const unbroken = "x".repeat(2000);
    expect(splitPassages(unbroken).map((passage) => passage.length)).toEqual([800, 800, 400]);
  });
});

describe("search query", () => {
  it("ORs the words of any script, lower-cased, without one-letter words and stop words", () => {
    expect(searchTerms("How often are the Dilithium crystals replaced?")).toEqual([
      "often",
      "dilithium",
      "crystals",
      "replaced",
    ]);
    expect(toTsQuery(["often", "dilithium"])).toBe("'often' | 'dilithium'");
    expect(toTsQuery(searchTerms("?! a"))).toBeNull();
  });

  it("adds Hebrew words without their prefix letter and drops niqqud", () => {
    // מ is a prefix letter too: the variant costs nothing when it matches no passage.
    expect(searchTerms("מי מחזיק במפתח לתיבה?")).toEqual([
      "מחזיק",
      "חזיק",
      "במפתח",
      "מפתח",
      "לתיבה",
      "תיבה",
    ]);
    expect(searchTerms("גָּלַקְסְיָה")).toEqual(["גלקסיה"]);
  });

  it("keeps stop words when nothing else is left, and quotes every term", () => {
    expect(searchTerms("what is it")).toEqual(["what", "is", "it"]);
    expect(toTsQuery(["it's"])).toBe("'it''s'");
  });
});
