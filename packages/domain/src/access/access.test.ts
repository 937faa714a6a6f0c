// The route requirements of docs/product.md §2 and the one access check both sides use.
import { describe, expect, it } from "vitest";
import { checkAccess, type Principal, permissionsForRoles, ROUTE_ACCESS } from "./index.js";

const as = (...roles: Principal["roles"]): Principal => ({
  roles,
  permissions: permissionsForRoles(roles),
});

describe("route access", () => {
  it("lets anyone see the public routes", () => {
    for (const path of ["/", "/tiers", "/showcase", "/auth/login", "/auth/register"] as const) {
      expect(checkAccess(null, ROUTE_ACCESS[path])).toBe("allowed");
    }
  });

  it("asks visitors to sign in for the workspace", () => {
    expect(checkAccess(null, ROUTE_ACCESS["/chat"])).toBe("sign-in");
    expect(checkAccess(as("user"), ROUTE_ACCESS["/chat"])).toBe("allowed");
    expect(checkAccess(null, ROUTE_ACCESS["/admin"])).toBe("sign-in");
  });

  it("compares roles", () => {
    expect(checkAccess(as("user"), ROUTE_ACCESS["/entity-orchestration"])).toBe("forbidden");
    expect(checkAccess(as("operator"), ROUTE_ACCESS["/entity-orchestration"])).toBe("allowed");
    expect(checkAccess(as("developer"), ROUTE_ACCESS["/autonomous-control"])).toBe("allowed");
    expect(checkAccess(as("operator"), ROUTE_ACCESS["/autonomous-control"])).toBe("forbidden");
  });

  it("needs the role and the permission together", () => {
    expect(checkAccess(as("admin"), ROUTE_ACCESS["/admin"])).toBe("allowed");
    expect(checkAccess({ roles: ["admin"], permissions: [] }, ROUTE_ACCESS["/admin"])).toBe(
      "forbidden",
    );
    expect(checkAccess(as("analyst"), ROUTE_ACCESS["/admin/analytics"])).toBe("allowed");
    expect(checkAccess(as("analyst"), ROUTE_ACCESS["/admin/settings"])).toBe("forbidden");
    expect(
      checkAccess(
        { roles: ["user"], permissions: ["analytics.view"] },
        ROUTE_ACCESS["/admin/analytics"],
      ),
    ).toBe("forbidden");
  });

  it("grants admins every permission and analysts analytics", () => {
    expect(permissionsForRoles(["admin"])).toEqual([
      "admin.access",
      "analytics.view",
      "settings.manage",
    ]);
    expect(permissionsForRoles(["analyst", "user"])).toEqual(["analytics.view"]);
    expect(permissionsForRoles(["user"])).toEqual([]);
  });
});
