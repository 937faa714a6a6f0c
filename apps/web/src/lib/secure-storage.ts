// Secure items (docs/product.md §3, §5): encrypted with AES-GCM into session storage under a prefix, with a metadata entry
// (checksum, expiry) in local storage; an item is dropped when expired or when its checksum does not match.
//
// The key: a non-extractable AES-GCM CryptoKey generated in this page and held in memory only. It cannot be read by
// script, is never written anywhere, and dies with the page — so secure items last until reload or tab close, not
// longer. (Keeping the CryptoKey in IndexedDB would let items survive a reload, but the key would then outlive the
// tab on disk; for the short-lived secrets this store is for, losing them on reload is the safer trade.) An item
// written under an earlier page's key is dropped quietly; one whose checksum fails is dropped and reported.
// Local storage is shared by every tab, so a metadata entry is named by the page's key id as well as the item's
// name; entries left by pages that are gone are purged once expired or a day old.
import { SECURITY_ACTIVITIES, securityReporter } from "./security-reporter";

export const SECURE_PREFIX = "aacos-secure:";
export const SECURE_META_PREFIX = "aacos-secure-meta:";

interface SecureMeta {
  prefix: string;
  /** SHA-256 (hex) of the stored ciphertext. */
  checksum: string;
  /** Which page's key encrypted it. */
  keyId: string;
  createdAt: number;
  /** Epoch ms; null: until the page ends. */
  expiresAt: number | null;
}

let key: Promise<CryptoKey> | null = null;
const keyId = crypto.randomUUID();
/** Metadata of pages that are gone is purged after this long (their items died with them). */
const ORPHAN_META_MS = 24 * 60 * 60_000;

function metaKey(name: string): string {
  return `${SECURE_META_PREFIX}${keyId}:${name}`;
}

function sessionKey(): Promise<CryptoKey> {
  key ??= crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
  return key;
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function readMeta(storageKey: string): SecureMeta | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const meta = value as Partial<SecureMeta>;
    if (typeof meta.checksum !== "string" || typeof meta.keyId !== "string") return null;
    return {
      prefix: SECURE_PREFIX,
      checksum: meta.checksum,
      keyId: meta.keyId,
      createdAt: typeof meta.createdAt === "number" ? meta.createdAt : 0,
      expiresAt: typeof meta.expiresAt === "number" ? meta.expiresAt : null,
    };
  } catch {
    return null;
  }
}

export interface SecureItemOptions {
  /** Time to live in milliseconds. */
  ttlMs?: number;
}

export async function setSecureItem(
  name: string,
  value: unknown,
  options: SecureItemOptions = {},
): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sessionKey(), plain),
  );
  const stored = `${toBase64(iv)}.${toBase64(cipher)}`;
  const now = Date.now();
  const meta: SecureMeta = {
    prefix: SECURE_PREFIX,
    checksum: await sha256(stored),
    keyId,
    createdAt: now,
    expiresAt: options.ttlMs === undefined ? null : now + options.ttlMs,
  };
  sessionStorage.setItem(SECURE_PREFIX + name, stored);
  localStorage.setItem(metaKey(name), JSON.stringify(meta));
}

export function removeSecureItem(name: string): void {
  try {
    sessionStorage.removeItem(SECURE_PREFIX + name);
    localStorage.removeItem(metaKey(name));
  } catch {
    // Blocked storage holds nothing.
  }
}

function tampered(name: string): null {
  removeSecureItem(name);
  securityReporter.report(SECURITY_ACTIVITIES.tamperedSecureItem, { item: name });
  return null;
}

/** The item, or null when missing, expired, from an earlier page, or tampered with (then it is dropped). */
export async function getSecureItem<T = unknown>(name: string): Promise<T | null> {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(SECURE_PREFIX + name);
  } catch {
    return null;
  }
  const meta = readMeta(metaKey(name));
  if (stored === null || meta === null) {
    if (stored !== null || meta !== null) removeSecureItem(name);
    return null;
  }
  if (meta.expiresAt !== null && Date.now() >= meta.expiresAt) {
    removeSecureItem(name);
    return null;
  }
  if (meta.keyId !== keyId) {
    removeSecureItem(name);
    return null;
  }
  if ((await sha256(stored)) !== meta.checksum) return tampered(name);
  const [ivText, cipherText] = stored.split(".");
  if (ivText === undefined || cipherText === undefined) return tampered(name);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(ivText) },
      await sessionKey(),
      fromBase64(cipherText),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    return tampered(name);
  }
}

/** Drops expired metadata entries and those of pages gone for a day (their items died with them). */
export function purgeSecureItems(now: number = Date.now()): void {
  try {
    for (const storageKey of Object.keys(localStorage)) {
      if (!storageKey.startsWith(SECURE_META_PREFIX)) continue;
      const meta = readMeta(storageKey);
      const expired = meta?.expiresAt != null && now >= meta.expiresAt;
      const orphan = meta !== null && meta.keyId !== keyId && now - meta.createdAt > ORPHAN_META_MS;
      if (meta === null || expired || orphan) localStorage.removeItem(storageKey);
    }
  } catch {
    // Blocked storage.
  }
}
