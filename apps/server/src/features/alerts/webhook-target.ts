// Which webhook addresses alerts may call: none on private, loopback, link-local or otherwise internal networks
// (a webhook must not become a way to reach the server's own network), unless ALERT_WEBHOOK_ALLOW_PRIVATE=true.
// The name is resolved once; delivery connects to the address that was checked (docs/decisions/146-webhook-pinning.md).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export const PRIVATE_WEBHOOK_MESSAGE =
  "Webhook URLs must point to a public address, not a private, loopback or link-local one";

/** Turns a host name into the addresses it stands for (all of them). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A BlockList of the given subnets (network, prefix length) of one address family. */
function blockListOf(
  family: "ipv4" | "ipv6",
  subnets: readonly (readonly [string, number])[],
): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

const internal4 = blockListOf("ipv4", [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
]);
const internal6 = blockListOf("ipv6", [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["64:ff9b:1::", 48],
  ["fc00::", 7],
  ["fec0::", 10],
  ["fe80::", 10],
  ["ff00::", 8],
]);

/** Names that mean this machine whatever a resolver says (hosts files differ: ip6-localhost is Debian's). */
const LOCAL_NAMES = new Set([
  "localhost",
  "ip6-localhost",
  "ip6-loopback",
  "localhost.localdomain",
]);

/** The 16 bytes of an IPv6 address (any spelling: `::`, an embedded dotted IPv4 tail); null when it is none. */
function ipv6Bytes(address: string): Uint8Array | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const middle = tail === undefined ? [] : Array(8 - front.length - back.length).fill("0");
  const all = [...front, ...middle, ...back];
  if (all.length !== 8) return null;
  const bytes = new Uint8Array(16);
  all.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const v4 = (bytes: Uint8Array, at: number) =>
  `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
const zeros = (bytes: Uint8Array, from: number, to: number) =>
  bytes.subarray(from, to).every((byte) => byte === 0);

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4, Teredo); null when none. */
function embeddedIpv4(bytes: Uint8Array): string | null {
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated but still routed by some stacks).
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(bytes, 12);
  if (zeros(bytes, 0, 12)) return v4(bytes, 12);
  // 64:ff9b::/96, the NAT64 well-known prefix: a gateway turns it into the IPv4 address.
  if (
    bytes[0] === 0 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    zeros(bytes, 4, 12)
  ) {
    return v4(bytes, 12);
  }
  // 2002::/16 (6to4) carries the IPv4 address in bits 16–48.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(bytes, 2);
  // 2001:0::/32 (Teredo): the client's address, inverted, in the last 32 bits.
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) {
    return v4(
      bytes.subarray(12, 16).map((byte) => byte ^ 0xff),
      0,
    );
  }
  return null;
}

/** true for an address on a private, loopback, link-local, multicast or reserved network, in any spelling. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal4.check(address, "ipv4");
  const bytes = ipv6Bytes(address);
  if (bytes === null) return false;
  const carried = embeddedIpv4(bytes);
  if (carried !== null && (internal4.check(carried, "ipv4") || zeros(bytes, 0, 12))) {
    // ::/96 as a whole (compatible addresses, ::, ::1) is not a public destination.
    return true;
  }
  return internal6.check(address.replace(/%.*$/, ""), "ipv6");
}

/** The URL's host as a resolver and the address checks see it: no brackets, lower case, no trailing dot. */
export function normalizedHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.+$/, "");
}

export type WebhookTarget =
  | { ok: true; url: URL; host: string; address: string; family: 4 | 6 }
  | { ok: false; reason: "invalid" | "internal" | "unresolved" };

/**
 * Resolves the webhook's host once and checks every address it has: one internal address refuses the whole name
 * (a resolver may hand out any of them). The first address is the one delivery connects to, so a name re-pointed
 * between the check and the connection (DNS rebinding) cannot reach an internal address.
 */
export async function resolveWebhookTarget(
  url: string,
  options: { resolve?: ResolveHost; allowInternal?: boolean } = {},
): Promise<WebhookTarget> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, reason: "invalid" };
  }
  const host = normalizedHost(parsed);
  const allowInternal = options.allowInternal === true;
  if (!allowInternal && (LOCAL_NAMES.has(host) || host.endsWith(".localhost"))) {
    return { ok: false, reason: "internal" };
  }
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? resolveWithDns)(host);
    } catch {
      return { ok: false, reason: "unresolved" };
    }
  }
  const first = addresses[0];
  if (first === undefined || isIP(first) === 0) return { ok: false, reason: "unresolved" };
  if (!allowInternal && addresses.some(isInternalAddress)) return { ok: false, reason: "internal" };
  return { ok: true, url: parsed, host, address: first, family: isIP(first) === 6 ? 6 : 4 };
}

/**
 * Whether the URL's host is, or resolves to, an internal address. A name that does not resolve (yet) passes here;
 * delivery resolves and checks again, so a name later pointed at an internal address is still refused.
 */
export async function targetsInternalNetwork(
  url: string,
  resolve: ResolveHost = resolveWithDns,
): Promise<boolean> {
  const target = await resolveWebhookTarget(url, { resolve });
  return !target.ok && target.reason === "internal";
}
