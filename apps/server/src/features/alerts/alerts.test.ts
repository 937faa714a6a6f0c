// Alerts: built-in memory and CPU rules from injected samples, the user rule lifecycle (evaluate → acknowledge →
// resolve, silence, test-fire), validation, e-mail delivery, and signed, retried webhooks to a real loopback receiver.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runs } from "../../db/schema.js";
import { loadSigningKey } from "../../platform/auth.js";
import { TEST_NOW } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { readingSampler, systemReading } from "../../test/monitoring.js";
import { createAlertService } from "./service.js";

let test: TestApp;
let admin: SignedInUser;
let user: SignedInUser;

beforeAll(async () => {
  // The webhook tests below call a receiver on 127.0.0.1; "webhook addresses" checks the default refusal.
  test = await buildTestApp({ ALERT_WEBHOOK_ALLOW_PRIVATE: "true" });
  admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
  user = await createUser(test.app, { tier: "cosmic" });
});
afterAll(() => test.close());

const listAlerts = async (who: SignedInUser, query = "") =>
  (await request(test.app, who, "GET", `/api/alerts${query}`)).json().items as {
    id: string;
    rule: string;
    severity: string;
    status: string;
    value: number | null;
    test: boolean;
    suggestedAction: string | null;
  }[];

/** A valid rule on failed runs; the invalid rules below change one field, the webhook ones add the channel. */
const RULE = { metric: "runs.failed", op: "gt", threshold: 1, windowSeconds: 60, severity: "info" };

describe("built-in system rules", () => {
  it("opens a critical alert at 95 % memory and a warning at 90 % CPU, once, for admins and operators", async () => {
    const sampler = readingSampler(test.database.db, "hot-instance", () => systemReading(95, 90));
    await sampler.sampleOnce();
    await sampler.sampleOnce();
    expect((await test.app.services.alerts.evaluate()).opened).toBe(2);
    expect((await test.app.services.alerts.evaluate()).opened).toBe(0);
    const seen = await listAlerts(admin);
    const memory = seen.find((alert) => alert.rule === "Memory above 90 %");
    const cpu = seen.find((alert) => alert.rule === "CPU above 85 %");
    expect(memory).toMatchObject({ severity: "critical", status: "open", value: 95 });
    expect(cpu).toMatchObject({ severity: "warning", status: "open", value: 90 });
    expect(await listAlerts(user)).toEqual([]);
    const operator = await createUser(test.app, { roles: ["operator"], tier: "infinity" });
    expect((await listAlerts(operator)).length).toBeGreaterThanOrEqual(2);
    // Ordinary users cannot touch system alerts.
    const poke = await request(test.app, user, "POST", `/api/alerts/${memory?.id}/acknowledge`);
    expect(poke.statusCode).toBe(404);
    const resolved = await request(test.app, operator, "POST", `/api/alerts/${memory?.id}/resolve`);
    expect(resolved.json().alert.status).toBe("resolved");
  });

  it("resolves a built-in alert by itself once the metric is back under the threshold for a window", async () => {
    // A fixed start, moved by the test: the window is measured on this clock alone.
    let now = new Date(TEST_NOW);
    const clock = () => now;
    const fresh = await buildTestApp({}, undefined, { clock });
    try {
      const operator = await createUser(fresh.app, { roles: ["operator"], tier: "infinity" });
      let memory = 96;
      const sampler = readingSampler(
        fresh.database.db,
        "spiky",
        () => systemReading(memory),
        clock,
      );
      await sampler.sampleOnce();
      expect(await fresh.app.services.alerts.evaluate()).toEqual({ opened: 1, resolved: 0 });
      const listed = async () =>
        (await request(fresh.app, operator, "GET", "/api/alerts")).json().items as {
          rule: string;
          status: string;
          value: number;
        }[];
      expect((await listed())[0]).toMatchObject({ rule: "Memory above 90 %", status: "open" });

      // Back under, but the window still holds the high samples: it stays open.
      memory = 40;
      now = new Date(now.getTime() + 30_000);
      await sampler.sampleOnce();
      expect(await fresh.app.services.alerts.evaluate()).toEqual({ opened: 0, resolved: 0 });

      // A whole window under the threshold: resolved, with the calm value.
      now = new Date(now.getTime() + 61_000);
      await sampler.sampleOnce();
      expect(await fresh.app.services.alerts.evaluate()).toEqual({ opened: 0, resolved: 1 });
      expect((await listed())[0]).toMatchObject({ status: "resolved", value: 40 });

      // Over again: a new alert opens.
      memory = 97;
      now = new Date(now.getTime() + 61_000);
      await sampler.sampleOnce();
      expect((await fresh.app.services.alerts.evaluate()).opened).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it("stays quiet below the thresholds", async () => {
    const fresh = await buildTestApp();
    try {
      const sampler = readingSampler(fresh.database.db, "calm", () => systemReading(90, 85));
      await sampler.sampleOnce();
      expect((await fresh.app.services.alerts.evaluate()).opened).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe("user rules", () => {
  it("create → evaluate opens an alert → acknowledge → resolve", async () => {
    const created = await request(test.app, user, "POST", "/api/alerts/rules", {
      metric: "runs.failed",
      op: "gte",
      threshold: 2,
      windowSeconds: 3600,
      severity: "warning",
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json().rule;
    expect(rule).toMatchObject({ metric: "runs.failed", channels: ["in-app"], builtIn: false });
    expect(created.json().webhookSecret).toBeUndefined();

    await test.database.db.insert(runs).values([
      { userId: user.id, kind: "chat", status: "failed" },
      { userId: user.id, kind: "command", status: "failed" },
    ]);
    await test.app.services.alerts.evaluate();
    await test.app.services.alerts.evaluate();
    const open = (await listAlerts(user, "?status=open")).filter((a) => a.rule === rule.name);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ severity: "warning", value: 2, test: false });
    const id = open[0]?.id;

    const ack = await request(test.app, user, "POST", `/api/alerts/${id}/acknowledge`);
    expect(ack.statusCode).toBe(200);
    expect(ack.json().alert).toMatchObject({
      status: "acknowledged",
      acknowledgedAt: expect.any(String),
    });
    const again = await request(test.app, user, "POST", `/api/alerts/${id}/acknowledge`);
    expect(again.statusCode).toBe(409);
    // Still acknowledged, so the evaluator opens no second one.
    await test.app.services.alerts.evaluate();
    expect((await listAlerts(user)).filter((a) => a.rule === rule.name)).toHaveLength(1);
    const resolved = await request(test.app, user, "POST", `/api/alerts/${id}/resolve`);
    expect(resolved.json().alert).toMatchObject({
      status: "resolved",
      resolvedAt: expect.any(String),
    });

    // Silenced: the condition still holds but nothing opens.
    const silenced = await request(test.app, user, "POST", `/api/alerts/rules/${rule.id}/silence`, {
      minutes: 30,
    });
    expect(silenced.json().rule.silencedUntil).toEqual(expect.any(String));
    await test.app.services.alerts.evaluate();
    expect((await listAlerts(user, "?status=open")).filter((a) => a.rule === rule.name)).toEqual(
      [],
    );

    // Test-fire: an alert marked test, whatever the silence.
    const fired = await request(test.app, user, "POST", `/api/alerts/rules/${rule.id}/test`);
    expect(fired.statusCode).toBe(201);
    expect(fired.json().alert).toMatchObject({ test: true, status: "open" });
    // In-app delivery also puts the alert in the user's signal stream.
    await vi.waitFor(async () => {
      const stream = await request(test.app, user, "GET", "/api/signals?kind=alert");
      const ids = stream.json().items.map((signal: { data: { id: string } }) => signal.data.id);
      expect(ids).toContain(fired.json().alert.id);
    });

    const listed = await request(test.app, user, "GET", "/api/alerts/rules");
    const names = listed.json().items.map((r: { name: string }) => r.name);
    expect(names).toContain(rule.name);
    expect(names).toContain("rebalance");
    expect(names).not.toContain("Memory above 90 %");

    const patched = await request(test.app, user, "PATCH", `/api/alerts/rules/${rule.id}`, {
      threshold: 5,
      enabled: false,
    });
    expect(patched.json().rule).toMatchObject({ threshold: 5, enabled: false });
    const other = await createUser(test.app, { tier: "cosmic" });
    const theirs = await request(test.app, other, "DELETE", `/api/alerts/rules/${rule.id}`);
    expect(theirs.statusCode).toBe(404);
    const removed = await request(test.app, user, "DELETE", `/api/alerts/rules/${rule.id}`);
    expect(removed.statusCode).toBe(204);
  });

  it("resolves the user's own alerts by themselves once the condition clears, and harmony recovers", async () => {
    const owner = await createUser(test.app, { tier: "cosmic" });
    for (const threshold of [1, 2]) {
      const created = await request(test.app, owner, "POST", "/api/alerts/rules", {
        metric: "runs.failed",
        op: "gte",
        threshold,
        windowSeconds: 3600,
        severity: "critical",
      });
      expect(created.statusCode).toBe(201);
    }
    const failed = await test.database.db
      .insert(runs)
      .values([
        { userId: owner.id, kind: "chat", status: "failed" },
        { userId: owner.id, kind: "command", status: "failed" },
      ])
      .returning({ id: runs.id });
    await test.app.services.alerts.evaluate();
    const opened = await listAlerts(owner, "?status=open");
    expect(opened.filter((a) => a.rule !== "rebalance")).toHaveLength(2);
    const harmony = async () =>
      (await request(test.app, owner, "GET", "/api/aacos/consciousness/state")).json()
        .harmony as number;
    expect(await harmony()).toBeLessThan(1);

    // The failures are retried and succeed: nothing is failing any more.
    for (const { id } of failed) {
      await test.database.db.update(runs).set({ status: "succeeded" }).where(eq(runs.id, id));
    }
    await test.app.services.alerts.evaluate();
    expect(await listAlerts(owner, "?status=open")).toEqual([]);
    const all = await listAlerts(owner);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((a) => a.status === "resolved")).toBe(true);
    expect(await harmony()).toBe(1);
  });

  it("rejects metrics, operators and severities users may not use", async () => {
    for (const payload of [
      { ...RULE, metric: "system.memory_percent" },
      { ...RULE, op: "eq" },
      { ...RULE, severity: "fatal" },
      { ...RULE, windowSeconds: 1 },
      { ...RULE, channels: ["webhook"] },
    ]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/alerts/rules",
        headers: user.auth,
        payload,
      });
      expect({ payload, status: response.statusCode }).toMatchObject({ status: 400 });
      expect(response.json().error.fields).toBeDefined();
    }
  });

  it("mails the alert when the rule has the email channel", async () => {
    const created = await request(test.app, user, "POST", "/api/alerts/rules", {
      name: "Too many tokens",
      metric: "tokens.used",
      op: "gt",
      threshold: 1000,
      windowSeconds: 86400,
      severity: "critical",
      channels: ["in-app", "email"],
    });
    expect(created.statusCode).toBe(201);
    await test.database.db.insert(runs).values({
      userId: user.id,
      kind: "chat",
      status: "complete",
      promptTokens: 900,
      completionTokens: 200,
    });
    await test.app.services.alerts.evaluate();
    await test.app.services.alerts.idle();
    const outbox = await test.app.services.mailer.outbox(20);
    const mail = outbox.find(
      (item) => item.to === user.email && item.subject.includes("Too many tokens"),
    );
    expect(mail?.subject).toBe("[AACOS critical] Too many tokens");
    expect(mail?.text).toContain("now 1100");
  });
});

describe("webhook delivery", () => {
  it("needs the webhooks feature", async () => {
    const genesis = await createUser(test.app, { tier: "quantum" });
    const response = await request(test.app, genesis, "POST", "/api/alerts/rules", {
      ...RULE,
      channels: ["webhook"],
      webhookUrl: "https://hooks.example/x",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("feature_locked");
  });

  it("POSTs JSON signed with the rule's secret, retrying failures with backoff", async () => {
    const received: { headers: IncomingHttpHeaders; body: string; at: number }[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      request.on("end", () => {
        received.push({ headers: request.headers, body, at: Date.now() });
        // The first two attempts fail; the third is accepted.
        response.statusCode = received.length < 3 ? 503 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      const created = await request(test.app, user, "POST", "/api/alerts/rules", {
        name: "Hooked",
        metric: "signals.alert",
        op: "gt",
        threshold: 100,
        windowSeconds: 60,
        severity: "warning",
        channels: ["webhook"],
        webhookUrl: `http://127.0.0.1:${port}/hook`,
      });
      expect(created.statusCode).toBe(201);
      const { rule, webhookSecret } = created.json();
      expect(webhookSecret).toEqual(expect.any(String));
      // The rule list never shows the secret again.
      const listed = await request(test.app, user, "GET", "/api/alerts/rules");
      expect(listed.body).not.toContain(webhookSecret);

      // The app's own service waits 1 s before the first retry; this one, on the same database and key, 20 ms.
      const fast = createAlertService({
        db: test.database.db,
        clock: () => new Date(),
        log: test.app.log,
        mailer: test.app.services.mailer,
        signingKey: await loadSigningKey(test.database.db, test.config.authSecret),
        consciousness: (userId) => test.app.services.consciousness.compute(userId),
        systemValues: (metric, windowMs) =>
          test.app.services.metrics.windowValues(metric, windowMs),
        webhookBackoffMs: 20,
        allowPrivateWebhooks: true,
      });
      const fired = await fast.testRule({ userId: user.id, roles: ["user"] }, rule.id);
      await fast.idle();
      expect(received).toHaveLength(3);
      for (const attempt of received) {
        const expected = `sha256=${createHmac("sha256", webhookSecret).update(attempt.body).digest("hex")}`;
        expect(attempt.headers["x-aacos-signature"]).toBe(expected);
        expect(attempt.headers["content-type"]).toBe("application/json");
      }
      expect(JSON.parse(received[2]?.body ?? "{}")).toMatchObject({
        id: fired.alert.id,
        ruleId: rule.id,
        rule: "Hooked",
        severity: "warning",
        test: true,
      });
      const [first, second, third] = received.map((attempt) => attempt.at);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(15);
      expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(35);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe("webhook addresses", () => {
  const rule = (webhookUrl: string) => ({ ...RULE, channels: ["webhook"], webhookUrl });

  it("refuses private, loopback and link-local targets with a field message unless allowed", async () => {
    const strict = await buildTestApp();
    try {
      const owner = await createUser(strict.app, { tier: "cosmic" });
      for (const url of [
        "http://127.0.0.1:9000/hook",
        "http://localhost/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hook",
        "http://[fe80::1]/hook",
        // The probe's forms: a trailing dot, a local name, IPv4 inside IPv6 (compatible, NAT64).
        "http://localhost./hook",
        "http://ip6-localhost/hook",
        "http://[::127.0.0.1]/hook",
        "http://[64:ff9b::7f00:1]/hook",
      ]) {
        const response = await request(strict.app, owner, "POST", "/api/alerts/rules", rule(url));
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json().error.fields.webhookUrl).toBe(
          "Webhook URLs must point to a public address, not a private, loopback or link-local one",
        );
      }
      const publicOne = await request(
        strict.app,
        owner,
        "POST",
        "/api/alerts/rules",
        rule("https://203.0.113.7/hook"),
      );
      expect(publicOne.statusCode).toBe(201);
      const moved = await request(
        strict.app,
        owner,
        "PATCH",
        `/api/alerts/rules/${publicOne.json().rule.id}`,
        { webhookUrl: "http://172.16.5.5/hook" },
      );
      expect(moved.statusCode).toBe(400);
      expect(moved.json().error.fields.webhookUrl).toBeDefined();
    } finally {
      await strict.close();
    }
    // The shared app runs with ALERT_WEBHOOK_ALLOW_PRIVATE=true: the loopback receiver is accepted there.
    const allowed = await request(
      test.app,
      user,
      "POST",
      "/api/alerts/rules",
      rule("http://127.0.0.1:9/hook"),
    );
    expect(allowed.statusCode).toBe(201);
  });
});
