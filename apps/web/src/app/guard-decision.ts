// What the route guard does for a route, given the auth state: the rule itself is the domain's checkAccess.
import { type AccessRequirement, checkAccess, type Principal } from "@aacos/domain/access";
import type { AuthStatus } from "../lib/auth-store";

export type GuardDecision = "verifying" | "allowed" | "redirect" | "restricted";

export function guardDecision(
  status: AuthStatus,
  principal: Principal | null,
  requirement: AccessRequirement,
  showRestricted = true,
): GuardDecision {
  // Public routes never wait for the session check.
  if (!requirement.signedIn) return "allowed";
  if (status === "loading") return "verifying";
  const access = checkAccess(principal, requirement);
  if (access === "allowed") return "allowed";
  if (access === "sign-in") return "redirect";
  return showRestricted ? "restricted" : "redirect";
}
