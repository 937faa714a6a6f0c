// Which webhook addresses alerts may call: none on private, loopback, link-local or otherwise internal networks
// (a webhook must not become a way to reach the server's own network), unless ALERT_WEBHOOK_ALLOW_PRIVATE=true.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export const PRIVATE_WEBHOOK_MESSAGE =
  "Webhook URLs must point to a public address, not a private, loopback or link-local one";

const internal = new BlockList();
for (const [network, prefix] of [
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
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

/** true for an address on a private, loopback, link-local, multicast or reserved network. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, "ipv4");
  if (family !== 6) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it stands for.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return internal.check(mapped[1], "ipv4");
  return internal.check(address, "ipv6");
}

/**
 * Whether the URL's host is, or resolves to, an internal address. A name that does not resolve (yet) passes here;
 * delivery checks again, so a name later pointed at an internal address is still refused.
 */
export async function targetsInternalNetwork(
  url: string,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
): Promise<boolean> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) !== 0) return isInternalAddress(host);
  try {
    return (await resolve(host)).some(isInternalAddress);
  } catch {
    return false;
  }
}
