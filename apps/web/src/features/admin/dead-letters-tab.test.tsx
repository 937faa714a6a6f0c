// The failed jobs tab against a real local API: loading, the list (kind, error, tries, when), a retry, a drop behind
// the confirmation, the empty list, and a list that could not be loaded; in Hebrew and in English.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { startTestApi, type TestApi } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { AdminScreen } from "./admin-screen";

const SYNC = "00000000-0000-4000-8000-000000000001";
const RUN = "00000000-0000-4000-8000-000000000002";
const letter = (id: string, queue: string, error: string | null, attempts: number) => ({
  id,
  queue,
  data: { userId: "someone" },
  error,
  attempts,
  failedAt: "2026-03-01T10:00:00.000Z",
});

let api: TestApi;
let letters: ReturnType<typeof letter>[];

beforeEach(async () => {
  letters = [
    letter(SYNC, "universe-sync", "connect ECONNREFUSED 10.0.0.1:443", 3),
    letter(RUN, "entity-run", null, 1),
  ];
  api = await startTestApi({
    "GET /api/admin/jobs/dead-letters": () => ({
      status: 200,
      body: { items: letters },
      delayMs: 50,
    }),
    [`POST /api/admin/jobs/dead-letters/${SYNC}/retry`]: () => {
      letters = letters.filter((item) => item.id !== SYNC);
      return { status: 200, body: { jobId: "new-job", queue: "universe-sync" } };
    },
    [`DELETE /api/admin/jobs/dead-letters/${RUN}`]: () => {
      letters = letters.filter((item) => item.id !== RUN);
      return { status: 200, body: { dropped: true } };
    },
  });
});
afterEach(async () => {
  applyLanguage("he");
  await api.close();
});

const rows = () => screen.queryAllByTestId("admin-dead-letter");

describe("the failed jobs tab", () => {
  it("lists dead letters, retries one and drops one after a confirmation (Hebrew)", {
    timeout: 20_000,
  }, async () => {
    renderAt("/admin?tab=jobs", { "/admin": <AdminScreen /> });
    expect(screen.getByTestId("admin-tab-jobs")).toHaveTextContent("משימות שנכשלו");
    expect(screen.getByRole("status")).toHaveTextContent("טוען…");
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [sync, run] = rows();
    if (sync === undefined || run === undefined) throw new Error("rows missing");
    expect(sync).toHaveTextContent("universe-sync");
    expect(sync).toHaveTextContent("connect ECONNREFUSED 10.0.0.1:443");
    expect(within(sync).getByTestId("admin-dead-letter-attempts")).toHaveTextContent("3 ניסיונות");
    expect(within(run).getByTestId("admin-dead-letter-attempts")).toHaveTextContent("1 ניסיון");
    expect(run).toHaveTextContent("לא נרשמה שגיאה");

    fireEvent.click(within(sync).getByTestId("admin-dead-letter-retry"));
    await waitFor(() =>
      expect(screen.getByTestId("admin-jobs-notice")).toHaveTextContent(
        "משימת universe-sync חזרה לתור.",
      ),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.count(`POST /api/admin/jobs/dead-letters/${SYNC}/retry`)).toBe(1);

    // Dropping asks first; cancelling sends nothing.
    fireEvent.click(within(run).getByTestId("admin-dead-letter-drop"));
    expect(screen.getByTestId("admin-confirm")).toHaveTextContent("לוותר על משימת entity-run?");
    fireEvent.click(within(screen.getByTestId("admin-confirm")).getByText("ביטול"));
    await waitFor(() => expect(screen.queryByTestId("admin-confirm")).toBeNull());
    expect(api.count(`DELETE /api/admin/jobs/dead-letters/${RUN}`)).toBe(0);
    fireEvent.click(within(run).getByTestId("admin-dead-letter-drop"));
    fireEvent.click(screen.getByTestId("admin-confirm-yes"));
    await waitFor(() => expect(screen.getByTestId("admin-jobs-empty")).toBeInTheDocument());
    expect(screen.getByTestId("admin-jobs-notice")).toHaveTextContent("משימת entity-run הוסרה.");
    expect(screen.getByTestId("admin-jobs-empty")).toHaveTextContent("אין משימות שנכשלו");
    expect(api.count(`DELETE /api/admin/jobs/dead-letters/${RUN}`)).toBe(1);
  });

  it("shows the list in English, and says so when it could not be loaded", {
    timeout: 20_000,
  }, async () => {
    act(() => applyLanguage("en"));
    renderAt("/admin?tab=jobs", { "/admin": <AdminScreen /> });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole("columnheader", { name: "Job kind" })).toBeInTheDocument();
    expect(
      within(rows()[0] as HTMLElement).getByTestId("admin-dead-letter-attempts"),
    ).toHaveTextContent("3 tries");
    expect(screen.getAllByRole("button", { name: "Drop the entity-run job" })).toHaveLength(1);

    api.route("GET /api/admin/jobs/dead-letters", () => ({
      status: 403,
      body: { error: "Forbidden", message: "You do not have access to this" },
    }));
    cleanup();
    act(() => applyLanguage("he"));
    renderAt("/admin?tab=jobs", { "/admin": <AdminScreen /> });
    await waitFor(() =>
      expect(screen.getByTestId("admin-jobs-error")).toHaveTextContent(
        "לא הצלחנו לטעון את הרשימה.",
      ),
    );
  });
});
