// The route guard in a real browser: a visitor, a user and an admin on every guarded route, checked against the
// same access rule the server enforces.
import { checkAccess, permissionsForRoles, ROUTE_ACCESS, type Role } from "@aacos/domain/access";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { api, registerAccount } from "./support/api.js";
import { browser, openPage } from "./support/browser.js";
import { ADMIN } from "./support/global-setup.js";

let userToken = "";
let adminToken = "";

beforeAll(async () => {
  userToken = (await registerAccount("guard")).token;
  const admin = await api<{ token: string }>("/api/auth/login", {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  adminToken = admin.body.token;
});

const GUARDED = Object.entries(ROUTE_ACCESS)
  .filter(([, requirement]) => requirement.signedIn)
  .map(([path]) => path as keyof typeof ROUTE_ACCESS);

type Outcome = "allowed" | "sent-home" | "restricted";

/** What the screen does: stays and shows the page, shows the restricted screen, or goes to "/". */
async function outcomeOf(page: Page, path: string): Promise<Outcome> {
  await page.goto(new URL(path, page.url()).toString());
  // The start-up screens (index.html's plain one, then the app's) stand in front of the app for its first moments:
  // nothing is decided while either is up.
  const starting = page.locator('[data-testid="startup-screen"], #boot-screen');
  const restricted = page.getByTestId("restricted-access");
  for (let attempt = 0; attempt < 100; attempt++) {
    if (new URL(page.url()).pathname === "/" && path !== "/") return "sent-home";
    if (await restricted.isVisible()) return "restricted";
    if ((await starting.count()) > 0) {
      await page.waitForTimeout(100);
      continue;
    }
    const main = await page
      .locator("main")
      .innerText()
      .catch(() => "");
    if (main.length > 0 && !/Verifying permissions/.test(main)) {
      await page.waitForTimeout(150);
      if (new URL(page.url()).pathname === "/") return "sent-home";
      if (await restricted.isVisible()) return "restricted";
      return "allowed";
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no outcome for ${path}`);
}

function expected(roles: Role[] | null, path: keyof typeof ROUTE_ACCESS): Outcome {
  const principal = roles === null ? null : { roles, permissions: permissionsForRoles(roles) };
  const decision = checkAccess(principal, ROUTE_ACCESS[path]);
  return decision === "allowed" ? "allowed" : decision === "sign-in" ? "sent-home" : "restricted";
}

async function pageFor(token: string | null): Promise<Page> {
  return openPage(browser, "/", { language: "en", ...(token === null ? {} : { token }) });
}

describe("the route guard", () => {
  for (const [who, roles] of [
    ["a visitor", null],
    ["a user", ["user"]],
    ["an admin", ["user", "admin"]],
  ] as const) {
    it(`treats ${who} as the access rules say on every guarded route`, async () => {
      const token =
        roles === null
          ? null
          : (roles as readonly Role[]).includes("admin")
            ? adminToken
            : userToken;
      const page = await pageFor(token);
      const seen: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      for (const path of GUARDED) {
        if (path === "/desktop") continue; // a layout route: its own width rule decides (docs/product.md §2)
        seen[path] = await outcomeOf(page, path);
        wanted[path] = expected(roles === null ? null : [...roles], path);
      }
      expect(seen).toEqual(wanted);
      await page.context().close();
    });
  }
});
