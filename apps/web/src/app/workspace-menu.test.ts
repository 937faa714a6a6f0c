// The "All screens" menu lists exactly the screens the access rules open to the user, grouped by area.
import { permissionsForRoles } from "@aacos/domain/access";
import { describe, expect, it } from "vitest";
import { paletteRoutesFor } from "./palette-items";
import { menuGroups } from "./workspace-menu";

function groupsFor(roles: ("user" | "admin" | "operator")[]) {
  const principal = { roles, permissions: permissionsForRoles(roles) };
  return Object.fromEntries(
    menuGroups(paletteRoutesFor(principal, "desktop")).map(([group, items]) => [
      group,
      items.map((item) => item.route),
    ]),
  );
}

describe("workspace menu", () => {
  it("offers a plain user the workspace, live and operations screens but no administration", () => {
    const groups = groupsFor(["user"]);
    expect(groups.workspace).toEqual(expect.arrayContaining(["/dashboard", "/chat", "/files"]));
    expect(groups.live).toEqual(expect.arrayContaining(["/signals", "/alerts", "/monitoring"]));
    expect(groups.operations).toEqual(["/ai/entity-orchestration", "/ai/autonomous-control"]);
    expect(groups.admin).toBeUndefined();
  });

  it("adds the administration screens for an admin, without the public pages", () => {
    const groups = groupsFor(["user", "admin"]);
    expect(groups.admin).toEqual(["/admin", "/admin/analytics", "/admin/settings"]);
    expect(Object.values(groups).flat()).not.toContain("/tiers");
  });
});
