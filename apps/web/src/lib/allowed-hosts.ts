// docs/product.md §8: requests to hosts outside the allowlist are refused ("Unauthorized request blocked").

export const BLOCKED_REQUEST_MESSAGE = "Unauthorized request blocked";

export interface HostPolicy {
  /** The page's own origin. */
  origin: string;
  /** The product's own domains (exact host names; "*.example.com" allows its subdomains). */
  productHosts: readonly string[];
  /** Origins the code itself chose to trust (the API base set by setApiBase). */
  trustedOrigins: ReadonlySet<string>;
  allowLoopback: boolean;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith("*.")) return host.endsWith(pattern.slice(1));
  return host === pattern;
}

/** Whether a request to `target` (absolute or relative to the origin) may be sent. */
export function isAllowedRequestUrl(target: string, policy: HostPolicy): boolean {
  let url: URL;
  try {
    url = new URL(target, policy.origin);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.origin === policy.origin || policy.trustedOrigins.has(url.origin)) return true;
  if (policy.allowLoopback && LOOPBACK.has(url.hostname)) return true;
  // The product's domains over HTTPS only.
  return (
    url.protocol === "https:" &&
    policy.productHosts.some((pattern) => hostMatches(url.hostname, pattern))
  );
}
