// Secure items: encrypted in session storage with a checksummed metadata entry; dropped when expired or tampered with.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getSecureItem,
  removeSecureItem,
  SECURE_META_PREFIX,
  SECURE_PREFIX,
  setSecureItem,
} from "./secure-storage";

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("secure storage", () => {
  it("stores items encrypted and reads them back", async () => {
    await setSecureItem("draft", { note: "secret words" });
    const stored = sessionStorage.getItem(`${SECURE_PREFIX}draft`);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain("secret");
    const metaKey = Object.keys(localStorage).find((key) => key.startsWith(SECURE_META_PREFIX));
    expect(JSON.parse(localStorage.getItem(metaKey ?? "") ?? "{}")).toMatchObject({
      prefix: SECURE_PREFIX,
      expiresAt: null,
    });
    expect(await getSecureItem("draft")).toEqual({ note: "secret words" });
    removeSecureItem("draft");
    expect(await getSecureItem("draft")).toBeNull();
  });

  it("drops an item whose ciphertext was changed", async () => {
    await setSecureItem("draft", "value");
    const key = `${SECURE_PREFIX}draft`;
    const stored = sessionStorage.getItem(key) ?? "";
    const last = stored.at(-2) === "A" ? "B" : "A";
    sessionStorage.setItem(key, `${stored.slice(0, -2)}${last}${stored.at(-1)}`);
    expect(await getSecureItem("draft")).toBeNull();
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it("drops an item after its expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await setSecureItem("otp", "123456", { ttlMs: 60_000 });
    expect(await getSecureItem("otp")).toBe("123456");
    vi.setSystemTime(Date.now() + 60_001);
    expect(await getSecureItem("otp")).toBeNull();
    expect(sessionStorage.getItem(`${SECURE_PREFIX}otp`)).toBeNull();
  });
});
