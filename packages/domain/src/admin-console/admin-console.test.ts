// The admin console's shared rules: the tab read from the address, and the list queries' validation.
import { describe, expect, it } from "vitest";
import {
  ADMIN_CONSOLE_MESSAGES,
  AdminUserListQuery,
  AuditListQuery,
  adminTabOf,
  IncidentListQuery,
} from "./index.js";

describe("the admin console rules", () => {
  it("reads the tab leniently", () => {
    expect(adminTabOf("audit")).toBe("audit");
    expect(adminTabOf("nope")).toBe("users");
    expect(adminTabOf(null)).toBe("users");
  });

  it("validates the users query and fills defaults", () => {
    expect(AdminUserListQuery.parse({})).toEqual({
      sort: "createdAt",
      order: "desc",
      page: 1,
      pageSize: 20,
    });
    expect(AdminUserListQuery.parse({ role: "analyst", page: "3" })).toMatchObject({ page: 3 });
    expect(AdminUserListQuery.safeParse({ status: "banned" }).success).toBe(false);
    expect(AdminUserListQuery.safeParse({ pageSize: "101" }).success).toBe(false);
  });

  it("wants audit dates as days, in order", () => {
    expect(AuditListQuery.safeParse({ from: "2026-01-02", to: "2026-01-02" }).success).toBe(true);
    const backwards = AuditListQuery.safeParse({ from: "2026-02-01", to: "2026-01-01" });
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ["to"],
      message: ADMIN_CONSOLE_MESSAGES.dateOrder,
    });
    expect(AuditListQuery.safeParse({ from: "2026-13-45" }).success).toBe(false);
    expect(AuditListQuery.safeParse({ action: "user.%" }).success).toBe(false);
    expect(IncidentListQuery.parse({})).toMatchObject({ status: "open" });
  });
});
