// The security reporter: every suspicious occurrence goes to /security/events, and more than five repeats of one
// activity raise an incident (docs/product.md §7: "after more than 5 repeats"), again after each further five.
import { describe, expect, it } from "vitest";
import { createSecurityReporter, SECURITY_ACTIVITIES } from "./security-reporter";

function recording() {
  const sent: { path: string; body: { activity: string; count: number } }[] = [];
  let now = Date.parse("2026-11-24T10:00:00Z");
  const reporter = createSecurityReporter({
    send: async (path, body) => {
      sent.push({ path, body: body as { activity: string; count: number } });
      return 202;
    },
    now: () => now,
  });
  return { sent, reporter, advance: (ms: number) => (now += ms) };
}

describe("security reporter", () => {
  it("raises an incident on the sixth repeat of one activity, not before, then after each further five", () => {
    const { sent, reporter } = recording();
    const incidents = () => sent.filter((item) => item.path === "/security/incidents");
    for (let index = 0; index < 5; index += 1) reporter.report(SECURITY_ACTIVITIES.blockedHost);
    expect(incidents()).toEqual([]);
    expect(sent.filter((item) => item.path === "/security/events")).toHaveLength(5);
    reporter.report(SECURITY_ACTIVITIES.blockedHost);
    expect(incidents().map((item) => item.body)).toEqual([
      expect.objectContaining({ activity: "blocked_host_request", count: 6 }),
    ]);
    // Another activity keeps its own count.
    reporter.report(SECURITY_ACTIVITIES.tamperedSecureItem);
    expect(incidents()).toHaveLength(1);
    for (let index = 0; index < 5; index += 1) reporter.report(SECURITY_ACTIVITIES.blockedHost);
    expect(incidents().map((item) => item.body.count)).toEqual([6, 11]);
  });

  it("reports 401/403 replies from the third within a minute", () => {
    const { sent, reporter, advance } = recording();
    reporter.deniedReply(401, "/api/a");
    advance(59_000);
    reporter.deniedReply(403, "/api/b");
    expect(sent).toEqual([]);
    advance(2_000);
    // The first has left the window: still only two within a minute.
    reporter.deniedReply(401, "/api/c");
    expect(sent).toEqual([]);
    reporter.deniedReply(401, "/api/d");
    expect(sent.map((item) => item.body.activity)).toEqual(["repeated_unauthorized"]);
  });
});
