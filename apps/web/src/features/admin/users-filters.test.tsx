// The users tab's filters against a real local API: each filter, the search, sorting and paging reach the server as
// query parameters, live in the address, and survive a reload; the tab list moves with the arrow keys.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RecordedRequest, startTestApi, type TestApi } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { AdminScreen } from "./admin-screen";
import {
  changeUserFilters,
  DEFAULT_USER_FILTERS,
  readUserFilters,
  sortUsersBy,
  userListQuery,
  writeUserFilters,
} from "./users-filters";

function user(n: number, suspended = false) {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    email: `user${n}@example.com`,
    username: `user${n}`,
    displayName: null,
    roles: ["user"],
    permissions: [],
    tier: "genesis",
    world: "genesis",
    timeZone: "UTC",
    locale: "en",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00Z",
    suspendedAt: suspended ? "2026-02-01T00:00:00Z" : null,
    lastSignInAt: null,
  };
}

let api: TestApi;
const lastUsersQuery = () => {
  const calls = api.requests.filter((r: RecordedRequest) => r.path === "/api/users");
  return Object.fromEntries(calls.at(-1)?.query ?? []);
};

beforeEach(async () => {
  api = await startTestApi({
    "GET /api/users": (request) => ({
      status: 200,
      body: {
        items:
          request.query.get("status") === "suspended" ? [user(2, true)] : [user(1), user(2, true)],
        total: 45,
        page: Number(request.query.get("page") ?? 1),
        pageSize: 20,
      },
    }),
  });
});
afterEach(() => api.close());

describe("the user editor", () => {
  it("names the permissions the chosen roles grant, with their ids as the tooltip", async () => {
    renderAt("/admin", { "/admin": <AdminScreen /> });
    await waitFor(() => expect(screen.getAllByTestId("admin-user-edit")).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId("admin-user-edit")[0] as HTMLElement);
    const permissions = await screen.findByTestId("admin-user-permissions");
    expect(permissions).toHaveTextContent("אין");
    fireEvent.click(screen.getByTestId("admin-user-role-admin"));
    expect(permissions).toHaveTextContent(
      "כניסה ללוח הניהול, צפייה באנליטיקה, ניהול הגדרות המערכת",
    );
    expect(permissions.textContent).not.toMatch(/[A-Za-z]/);
    expect(permissions).toHaveAttribute("title", "admin.access, analytics.view, settings.manage");
  });
});

describe("the users filters", () => {
  it("send every filter, the search, the sort and the page to the server", {
    timeout: 20_000,
  }, async () => {
    renderAt("/admin", { "/admin": <AdminScreen /> });
    await waitFor(() => expect(screen.getAllByTestId("admin-user-row")).toHaveLength(2));
    expect(lastUsersQuery()).toEqual({
      sort: "createdAt",
      order: "desc",
      page: "1",
      pageSize: "20",
    });

    // What is chosen in each filter is what the server is asked for.
    const chosen = { role: "analyst", tier: "cosmic", world: "quantum", status: "suspended" };
    for (const [filter, value] of Object.entries(chosen)) {
      fireEvent.change(screen.getByTestId(`admin-users-${filter}`), { target: { value } });
    }
    await waitFor(() => expect(screen.getAllByTestId("admin-user-row")).toHaveLength(1));
    expect(lastUsersQuery()).toMatchObject(chosen);
    expect(screen.getByTestId("admin-user-status")).toHaveTextContent("מושעה");
    expect(screen.getByTestId("admin-user-reactivate")).toBeInTheDocument();

    fireEvent.change(screen.getByTestId("admin-users-search"), { target: { value: "  dana " } });
    await waitFor(() => expect(lastUsersQuery().search).toBe("dana"));

    fireEvent.click(screen.getByTestId("admin-users-sort-lastSignIn"));
    await waitFor(() =>
      expect(lastUsersQuery()).toMatchObject({ sort: "lastSignIn", order: "desc" }),
    );
    fireEvent.click(screen.getByTestId("admin-users-sort-lastSignIn"));
    await waitFor(() => expect(lastUsersQuery().order).toBe("asc"));

    fireEvent.click(screen.getByTestId("admin-users-pager-next"));
    await waitFor(() => expect(lastUsersQuery().page).toBe("2"));
    expect(screen.getByTestId("admin-users-pager-page")).toHaveTextContent("עמוד 2 מתוך 3");

    // A new filter starts again from the first page; clearing drops every filter.
    fireEvent.change(screen.getByTestId("admin-users-role"), { target: { value: "" } });
    await waitFor(() => expect(lastUsersQuery().page).toBe("1"));
    fireEvent.click(screen.getByTestId("admin-users-clear"));
    // Back to the first request's query (answered from the cache), every control reset.
    await waitFor(() => expect(screen.queryByTestId("admin-users-clear")).toBeNull());
    for (const id of ["role", "tier", "world", "status", "search"]) {
      expect(screen.getByTestId(`admin-users-${id}`)).toHaveValue("");
    }
    expect(screen.getAllByTestId("admin-user-row")).toHaveLength(2);
  });

  it("start from the filters in the address", { timeout: 20_000 }, async () => {
    renderAt("/admin?role=admin&status=active&q=ops&sort=username&order=asc&page=2", {
      "/admin": <AdminScreen />,
    });
    await waitFor(() =>
      expect(lastUsersQuery()).toEqual({
        search: "ops",
        role: "admin",
        status: "active",
        sort: "username",
        order: "asc",
        page: "2",
        pageSize: "20",
      }),
    );
    expect(screen.getByTestId("admin-users-role")).toHaveValue("admin");
    expect(screen.getByTestId("admin-users-search")).toHaveValue("ops");
  });

  it("are read leniently and written without defaults", () => {
    const read = readUserFilters(
      new URLSearchParams("tab=users&role=king&tier=cosmic&page=-3&sort=password&status=suspended"),
    );
    expect(read).toEqual({ ...DEFAULT_USER_FILTERS, tier: "cosmic", status: "suspended" });
    const written = writeUserFilters(new URLSearchParams("tab=users&page=4"), {
      ...read,
      search: " x ",
    });
    expect(written.toString()).toBe("tab=users&q=x&tier=cosmic&status=suspended");
    expect(changeUserFilters({ ...read, page: 3 }, { world: "infinity" }).page).toBe(1);
    expect(changeUserFilters(read, { page: 3 }).page).toBe(3);
    expect(sortUsersBy(DEFAULT_USER_FILTERS, "username")).toMatchObject({ order: "asc" });
    expect(userListQuery(DEFAULT_USER_FILTERS)).toEqual({
      sort: "createdAt",
      order: "desc",
      page: 1,
      pageSize: 20,
    });
  });
});

describe("the console's tabs", () => {
  it("keep the tab in the address and move with the arrow keys", { timeout: 20_000 }, async () => {
    api.route("GET /api/admin/audit", () => ({ status: 200, body: { items: [], total: 0 } }));
    api.route("GET /api/admin/mail/status", () => ({
      status: 200,
      body: { smtpConfigured: true },
    }));
    renderAt("/admin?tab=audit", { "/admin": <AdminScreen /> });
    expect(screen.getByTestId("admin-tab-audit")).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(screen.getByTestId("admin-audit-empty")).toBeInTheDocument());
    fireEvent.keyDown(screen.getByTestId("admin-tab-audit"), { key: "Home" });
    expect(screen.getByTestId("admin-tab-users")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("admin-tab-users")).toHaveFocus();
    fireEvent.keyDown(screen.getByTestId("admin-tab-users"), { key: "ArrowRight" });
    fireEvent.keyDown(screen.getByTestId("admin-tab-teams"), { key: "ArrowRight" });
    expect(screen.getByTestId("admin-tab-outbox")).toHaveAttribute("aria-selected", "true");
    await waitFor(() =>
      expect(screen.getByTestId("admin-outbox-smtp")).toHaveTextContent(
        "שרת SMTP מוגדר: הדואר נשלח ישירות.",
      ),
    );
  });

  it("say so honestly when the teams list is not there", { timeout: 20_000 }, async () => {
    renderAt("/admin?tab=teams", { "/admin": <AdminScreen /> });
    await waitFor(() => expect(screen.getByTestId("admin-teams-missing")).toBeInTheDocument());
  });
});
