// Every list query pages and limits by the same rule: whole numbers in range, "Invalid format" otherwise.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AdminUserListQuery, AuditListQuery, IncidentListQuery } from "../admin-console/index.js";
import { AlertListQuery } from "../alerts/requests.js";
import { ExecutionHistoryQuery } from "../autonomous/index.js";
import { ConversationListQuery, MessageHistoryQuery } from "../chat/requests.js";
import { CommandHistoryQuery } from "../commands/requests.js";
import { ConsciousnessHistoryQuery } from "../consciousness/requests.js";
import { ActivityQuery } from "../dashboard/requests.js";
import { ErrorListQuery } from "../error-reports/reports.js";
import { DeadLetterListQuery } from "../jobs/index.js";
import { OrchestrationListQuery } from "../orchestration/index.js";
import { LedgerQuery } from "../progression/requests.js";
import { AdminTeamsQuery } from "../teams/index.js";
import { MESSAGES } from "./messages.js";

/** Each numbered list, its largest page and the page size it answers with when none is asked for. */
const PAGED: [name: string, query: z.ZodType, maxSize: number, defaultSize: number][] = [
  ["admin users", AdminUserListQuery, 100, 20],
  ["audit", AuditListQuery, 200, 50],
  ["incidents", IncidentListQuery, 100, 25],
  ["admin teams", AdminTeamsQuery, 100, 20],
  ["executions", ExecutionHistoryQuery, 100, 20],
  ["conversations", ConversationListQuery, 100, 20],
  ["commands", CommandHistoryQuery, 50, 20],
  ["activity", ActivityQuery, 100, 20],
  ["errors", ErrorListQuery, 100, 50],
  ["orchestration", OrchestrationListQuery, 100, 20],
  ["ledger", LedgerQuery, 100, 20],
];

/** Each list read by a `limit`, its largest and its default. */
const LIMITED: [name: string, query: z.ZodType, max: number, fallback: number][] = [
  ["alerts", AlertListQuery, 500, 100],
  ["messages", MessageHistoryQuery, 100, 50],
  ["consciousness history", ConsciousnessHistoryQuery, 1000, 100],
  ["dead letters", DeadLetterListQuery, 500, 100],
];

/** The messages of a query string's fields, by field. */
function messages(query: z.ZodType, fields: Record<string, string>) {
  const result = query.safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("the page fields of every numbered list", () => {
  it.each(PAGED)(
    "%s: page 1 of the default size when none is asked",
    (_, query, __, defaultSize) => {
      expect(query.parse({})).toMatchObject({ page: 1, pageSize: defaultSize });
    },
  );

  it.each(PAGED)("%s: takes the query string's numbers up to its largest", (_, query, maxSize) => {
    expect(query.parse({ page: "10000", pageSize: String(maxSize) })).toMatchObject({
      page: 10_000,
      pageSize: maxSize,
    });
  });

  it.each(PAGED)("%s: words every page out of range the same", (_, query, maxSize) => {
    const outOfRange: [page: string, pageSize: string][] = [
      ["abc", "1.5"],
      ["0", "0"],
      ["10001", String(maxSize + 1)],
    ];
    for (const [page, pageSize] of outOfRange) {
      expect(messages(query, { page, pageSize })).toEqual({
        page: MESSAGES.invalidFormat,
        pageSize: MESSAGES.invalidFormat,
      });
    }
  });
});

describe("the limit of every list read by a cursor", () => {
  it.each(LIMITED)(
    "%s: its default, its largest, and nothing past it",
    (_, query, max, fallback) => {
      expect(query.parse({})).toMatchObject({ limit: fallback });
      expect(query.parse({ limit: String(max) })).toMatchObject({ limit: max });
      for (const limit of ["0", String(max + 1), "ten", "2.5"]) {
        expect(messages(query, { limit })).toEqual({ limit: MESSAGES.invalidFormat });
      }
    },
  );
});
