// The error reporter against a real local server: docs/product.md §8's filters and redaction, batches at 10 or after 1 s,
// and reports kept while offline and sent once back online.
import type { ErrorReport } from "@aacos/domain/validation";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../test-api-server";
import {
  createErrorReporter,
  filterBreadcrumb,
  isReportable,
  rejectionReason,
} from "./error-reporter";
import { postReport } from "./report-transport";

let api: TestApi;
beforeEach(async () => {
  api = await startTestApi({ "POST /api/errors": () => ({ status: 202, body: { accepted: 1 } }) });
});
afterEach(() => api.close());

function batches(): ErrorReport[][] {
  return api.requests
    .filter((request) => request.path === "/api/errors")
    .map((request) => (request.body as { reports: ErrorReport[] }).reports);
}

function reporter(options: { online?: () => boolean; stored?: { value: string | null } } = {}) {
  const stored = options.stored ?? { value: null };
  return createErrorReporter({
    send: (reports) => postReport("/errors", { reports }),
    store: { read: () => stored.value, write: (value) => (stored.value = value) },
    isOnline: options.online,
    release: "1.0.0",
    environment: "test",
    extras: () => ({
      user: { id: "u1", username: "dana", email: "dana@example.com" },
      consciousness: { awarenessLevel: 0, integrationScore: 0 },
    }),
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("error reporter", () => {
  it("applies docs/product.md §8's filters", () => {
    expect(isReportable({ message: "ResizeObserver loop limit exceeded" })).toBe(false);
    expect(
      isReportable({
        message: "ResizeObserver loop completed with undelivered notifications.",
      }),
    ).toBe(false);
    expect(isReportable({ message: "NetworkError when attempting to fetch resource." })).toBe(
      false,
    );
    expect(isReportable({ message: "TypeError: Failed to fetch" })).toBe(false);
    expect(isReportable({ message: "Non-Error promise rejection captured" })).toBe(false);
    expect(
      isReportable({ message: "boom", stack: "at x (chrome-extension://abc/content.js:1:2)" }),
    ).toBe(false);
    expect(isReportable({ message: "boom", source: "moz-extension://abc/x.js" })).toBe(false);
    expect(isReportable({ message: "Cannot read properties of undefined" })).toBe(true);
  });

  it("drops console debug breadcrumbs and redacts password fields", () => {
    expect(filterBreadcrumb({ category: "console", level: "debug", message: "x" })).toBeNull();
    const crumb = filterBreadcrumb({
      category: "ui.input",
      data: { email: "dana@example.com", password: "hunter2", nested: { newPassword: "x" } },
    });
    expect(crumb?.data).toEqual({
      email: "dana@example.com",
      password: "[REDACTED]",
      nested: { newPassword: "[REDACTED]" },
    });
  });

  it("keeps the last 50 breadcrumbs and sends a batch after 1 s with the user and consciousness values", async () => {
    const errors = reporter();
    for (let index = 0; index < 60; index += 1) {
      errors.addBreadcrumb({ category: "navigation", message: `/page/${index}` });
    }
    expect(errors.captureError(new TypeError("Cannot read x"))).toBe(true);
    expect(errors.captureError(new Error("ResizeObserver loop limit exceeded"))).toBe(false);
    await wait(300);
    expect(batches()).toHaveLength(0);
    await wait(1000);
    const [batch] = batches();
    expect(batch).toHaveLength(1);
    const report = batch?.[0];
    expect(report).toMatchObject({
      message: "Cannot read x",
      type: "TypeError",
      user: { id: "u1", username: "dana", email: "dana@example.com" },
      consciousness: { awarenessLevel: 0, integrationScore: 0 },
      release: "1.0.0",
      environment: "test",
    });
    expect(report?.breadcrumbs).toHaveLength(50);
    expect(report?.breadcrumbs?.[0]?.message).toBe("/page/10");
  });

  it("sends at once when 10 are queued", async () => {
    const errors = reporter();
    for (let index = 0; index < 10; index += 1) errors.captureError(new Error(`error ${index}`));
    await wait(200);
    expect(batches().map((batch) => batch.length)).toEqual([10]);
    expect(errors.pending()).toBe(0);
  });

  it("ignores a promise rejected with a plain string or object, and reports one rejected with an Error", async () => {
    const errors = reporter();
    expect(
      errors.captureError(rejectionReason("just a string"), { type: "UnhandledRejection" }),
    ).toBe(false);
    expect(errors.captureError(rejectionReason({ code: 42 }), { type: "UnhandledRejection" })).toBe(
      false,
    );
    expect(
      errors.captureError(rejectionReason(new Error("real failure")), {
        type: "UnhandledRejection",
      }),
    ).toBe(true);
    expect(errors.pending()).toBe(1);
    await errors.flush();
  });

  it("sends what queued up behind a full batch within about a second, with no other trigger", async () => {
    const errors = reporter();
    for (let index = 0; index < 10; index += 1) errors.captureError(new Error(`first ${index}`));
    // The first batch is on its way; more arrive meanwhile and after it.
    await wait(20);
    for (let index = 0; index < 3; index += 1) errors.captureError(new Error(`later ${index}`));
    await wait(1500);
    expect(batches().flat()).toHaveLength(13);
    expect(errors.pending()).toBe(0);
  });

  it("keeps reports while offline, in storage, and sends them when back online", async () => {
    let online = false;
    const stored = { value: null as string | null };
    const errors = reporter({ online: () => online, stored });
    errors.captureError(new Error("while offline"));
    await wait(1200);
    expect(batches()).toHaveLength(0);
    expect(JSON.parse(stored.value ?? "[]")).toHaveLength(1);

    // A new page (reload) finds the stored report; once online it goes out.
    online = true;
    const next = reporter({ online: () => online, stored });
    expect(next.pending()).toBe(1);
    await next.flush();
    expect(batches()[0]?.[0]?.message).toBe("while offline");
    expect(JSON.parse(stored.value ?? "[]")).toHaveLength(0);
  });

  it("retries later when the server is unreachable", async () => {
    api.route("POST /api/errors", () => ({ status: 503, body: {} }));
    const errors = reporter();
    errors.captureError(new Error("server down"));
    await errors.flush();
    expect(errors.pending()).toBe(1);
    api.route("POST /api/errors", () => ({ status: 202, body: { accepted: 1 } }));
    await errors.flush();
    expect(errors.pending()).toBe(0);
  });
});
