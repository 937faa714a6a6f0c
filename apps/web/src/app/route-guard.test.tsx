// Route guard decisions: public, verifying, sign-in redirect (remembering the path), restricted access, allowed.
import { ROUTE_ACCESS } from "@aacos/domain/access";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AuthUser, resetAuthStore, useAuthStore } from "../lib/auth-store";
import { applyLanguage } from "../lib/i18n";
import { renderAt } from "../test-utils";
import { guardDecision } from "./guard-decision";
import { RequireAccess } from "./route-guard";

const member: AuthUser = {
  id: "u1",
  email: "member@example.com",
  username: "member",
  roles: ["user"],
  permissions: [],
  tier: "genesis",
  world: "genesis",
};

describe("guardDecision", () => {
  it("lets anyone into public routes, even while auth loads", () => {
    expect(guardDecision("loading", null, ROUTE_ACCESS["/tiers"])).toBe("allowed");
  });

  it("verifies while auth loads on a protected route", () => {
    expect(guardDecision("loading", null, ROUTE_ACCESS["/chat"])).toBe("verifying");
  });

  it("redirects visitors away from protected routes", () => {
    expect(guardDecision("ready", null, ROUTE_ACCESS["/chat"])).toBe("redirect");
  });

  it("compares roles and permissions", () => {
    expect(guardDecision("ready", member, ROUTE_ACCESS["/dashboard"])).toBe("allowed");
    expect(guardDecision("ready", member, ROUTE_ACCESS["/admin"])).toBe("restricted");
    const adminWithoutPermission = { roles: ["admin"] as const, permissions: [] };
    expect(guardDecision("ready", adminWithoutPermission, ROUTE_ACCESS["/admin"])).toBe(
      "restricted",
    );
    const admin = { roles: ["admin"] as const, permissions: ["admin.access"] as const };
    expect(guardDecision("ready", admin, ROUTE_ACCESS["/admin"])).toBe("allowed");
  });

  it("redirects instead of showing restricted access when that screen is off", () => {
    expect(guardDecision("ready", member, ROUTE_ACCESS["/admin"], false)).toBe("redirect");
  });
});

describe("guard decisions for visitor, user and admin", () => {
  const admin: AuthUser = {
    ...member,
    id: "a1",
    roles: ["admin"],
    permissions: ["admin.access", "analytics.view", "settings.manage"],
  };
  const cases = [
    ["/tiers", "allowed", "allowed", "allowed"],
    ["/settings", "redirect", "allowed", "allowed"],
    ["/chat", "redirect", "allowed", "allowed"],
    ["/dashboard", "redirect", "allowed", "restricted"],
    ["/entity-orchestration", "redirect", "restricted", "allowed"],
    ["/admin", "redirect", "restricted", "allowed"],
    ["/admin/analytics", "redirect", "restricted", "allowed"],
    ["/admin/settings", "redirect", "restricted", "allowed"],
  ] as const;

  it.each(cases)("%s: visitor %s, user %s, admin %s", (route, visitor, user, adminDecision) => {
    expect(guardDecision("ready", null, ROUTE_ACCESS[route])).toBe(visitor);
    expect(guardDecision("ready", member, ROUTE_ACCESS[route])).toBe(user);
    expect(guardDecision("ready", admin, ROUTE_ACCESS[route])).toBe(adminDecision);
  });
});

describe("RequireAccess", () => {
  beforeEach(() => {
    resetAuthStore("ready");
    applyLanguage("en");
  });
  afterEach(() => {
    act(() => resetAuthStore("ready"));
    applyLanguage("he");
  });

  const routes = {
    "/": <p>home page</p>,
    "/admin": (
      <RequireAccess route="/admin">
        <p>admin page</p>
      </RequireAccess>
    ),
  };

  it("sends a visitor home and remembers the path as redirectAfterLogin", async () => {
    renderAt("/admin?tab=users", routes);
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(screen.queryByText("admin page")).not.toBeInTheDocument();
    expect(window.localStorage.getItem("redirectAfterLogin")).toBe("/admin?tab=users");
  });

  it("shows the verifying loader while auth loads", () => {
    useAuthStore.setState({ status: "loading" });
    renderAt("/admin", routes);
    expect(screen.getByRole("status")).toHaveTextContent("Verifying permissions…");
  });

  it("shows restricted access with a back button to a user lacking the role", () => {
    useAuthStore.setState({ user: member });
    renderAt("/admin", routes);
    expect(screen.getByRole("heading", { name: "Restricted access" })).toBeInTheDocument();
    expect(
      screen.getByText("You do not have sufficient permissions to access this page"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go back" })).toBeInTheDocument();
    expect(screen.queryByText("admin page")).not.toBeInTheDocument();
  });

  it("renders the screen for a user with the role and permission", () => {
    useAuthStore.setState({
      user: { ...member, roles: ["admin"], permissions: ["admin.access"] },
    });
    renderAt("/admin", routes);
    expect(screen.getByText("admin page")).toBeInTheDocument();
  });

  it("does not remember the page of a user who signs out while on it", () => {
    useAuthStore.setState({ user: member });
    renderAt("/settings", {
      "/": <p>home page</p>,
      "/settings": (
        <RequireAccess route="/settings">
          <p>settings page</p>
        </RequireAccess>
      ),
    });
    expect(screen.getByText("settings page")).toBeInTheDocument();
    act(() => useAuthStore.getState().signOutLocally());
    expect(screen.queryByText("settings page")).not.toBeInTheDocument();
    expect(window.localStorage.getItem("redirectAfterLogin")).toBeNull();
  });
});
