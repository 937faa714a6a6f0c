// Roles, permissions and the route requirements of docs/product.md §2 and §6; the browser guard and the server use the same check.

export const ROLES = ["user", "admin", "operator", "developer", "analyst"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ["admin.access", "analytics.view", "settings.manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Permissions each role carries (docs/product.md §6 names the permissions, not who holds them). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  user: [],
  admin: ["admin.access", "analytics.view", "settings.manage"],
  operator: [],
  developer: [],
  analyst: ["analytics.view"],
};

export function permissionsForRoles(roles: readonly Role[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    for (const permission of ROLE_PERMISSIONS[role]) granted.add(permission);
  }
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

export interface AccessRequirement {
  /** false: anyone, signed in or not. */
  signedIn: boolean;
  /** The user needs at least one of these roles (empty: no role needed). */
  anyRole: readonly Role[];
  /** The user needs every one of these permissions. */
  allPermissions: readonly Permission[];
}

const PUBLIC: AccessRequirement = { signedIn: false, anyRole: [], allPermissions: [] };
const SIGNED_IN: AccessRequirement = { signedIn: true, anyRole: [], allPermissions: [] };

function needs(anyRole: Role[], allPermissions: Permission[] = []): AccessRequirement {
  return { signedIn: true, anyRole, allPermissions };
}

/** docs/product.md §2's route table. */
export const ROUTE_ACCESS = {
  "/": PUBLIC,
  "/tiers": PUBLIC,
  "/showcase": PUBLIC,
  "/auth/login": PUBLIC,
  "/auth/register": PUBLIC,
  "/auth/forgot-password": PUBLIC,
  "/auth/reset-password": PUBLIC,
  "/auth/oauth/callback": PUBLIC,
  "/setup": PUBLIC,
  "/chat": SIGNED_IN,
  "/ai/command-center": SIGNED_IN,
  "/ai/entity-orchestration": SIGNED_IN,
  "/ai/autonomous-control": SIGNED_IN,
  "/monitoring": SIGNED_IN,
  "/realtime": SIGNED_IN,
  "/alerts": SIGNED_IN,
  "/signals": SIGNED_IN,
  "/consciousness": SIGNED_IN,
  "/desktop": SIGNED_IN,
  "/settings": SIGNED_IN,
  "/files": SIGNED_IN,
  "/progress": SIGNED_IN,
  "/teams": SIGNED_IN,
  "/command-center": needs(["user"]),
  "/entity-orchestration": needs(["admin", "operator"]),
  "/autonomous-control": needs(["admin", "developer"]),
  "/dashboard": needs(["user"]),
  "/admin": needs(["admin"], ["admin.access"]),
  "/admin/analytics": needs(["admin", "analyst"], ["analytics.view"]),
  "/admin/settings": needs(["admin"], ["settings.manage"]),
} as const satisfies Record<string, AccessRequirement>;
export type AppRoute = keyof typeof ROUTE_ACCESS;

export interface Principal {
  roles: readonly Role[];
  permissions: readonly Permission[];
}

export type AccessDecision = "allowed" | "sign-in" | "forbidden";

/** The one access check: really compares roles and permissions (docs/product.md §10). */
export function checkAccess(
  principal: Principal | null,
  requirement: AccessRequirement,
): AccessDecision {
  if (!requirement.signedIn) return "allowed";
  if (principal === null) return "sign-in";
  const hasRole =
    requirement.anyRole.length === 0 ||
    requirement.anyRole.some((role) => principal.roles.includes(role));
  const hasPermissions = requirement.allPermissions.every((permission) =>
    principal.permissions.includes(permission),
  );
  return hasRole && hasPermissions ? "allowed" : "forbidden";
}

export type { RateWindow } from "./session.js";
export {
  ACCESS_TOKEN_TTL_MS,
  AUTH_RATE_LIMITS,
  GENERAL_RATE_LIMIT,
  LOGIN_LIMITS,
  REFRESH_TOKEN_TTL_MS,
  sessionExpiry,
} from "./session.js";
