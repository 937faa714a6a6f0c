// Webhook targets: every spelling of an internal address is refused (trailing dots, local names, IPv4 carried in
// IPv6), names are checked by what they resolve to, and delivery connects to the address that was checked — a
// resolver answering differently the second time (DNS rebinding) is never asked again.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverWebhook } from "./webhook.js";
import {
  isInternalAddress,
  resolveWebhookTarget,
  targetsInternalNetwork,
} from "./webhook-target.js";

/** A resolver that must not be reached (for literal addresses and local names). */
const noDns = async (host: string): Promise<string[]> => {
  throw new Error(`unexpected lookup of ${host}`);
};

describe("internal addresses", () => {
  it("refuses the probe's forms and their relatives", async () => {
    for (const url of [
      "http://localhost./hook",
      "http://LOCALHOST../hook",
      "http://ip6-localhost/hook",
      "http://ip6-loopback/hook",
      "http://api.localhost./hook",
      "http://[::127.0.0.1]/hook",
      "http://[64:ff9b::7f00:1]/hook",
      "http://[64:ff9b::10.0.0.1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://[::ffff:7f00:1]/hook",
      "http://[0:0:0:0:0:ffff:a9fe:a9fe]/latest/meta-data",
      "http://[2002:7f00:1::]/hook",
      "http://[2002:c0a8:0101::1]/hook",
      "http://[::]/hook",
      "http://[fd00::1]/hook",
      "http://[fe80::1]/hook",
      "http://0x7f.1/hook",
      "http://2130706433/hook",
      "http://127.1/hook",
    ]) {
      expect({ url, internal: await targetsInternalNetwork(url, noDns) }).toEqual({
        url,
        internal: true,
      });
    }
  });

  it("refuses a name when any address it resolves to is internal, and lets public ones through", async () => {
    const dns: Record<string, string[]> = {
      "hooks.example": ["203.0.113.7"],
      "mixed.example": ["203.0.113.7", "10.0.0.5"],
      "sneaky.example": ["::ffff:192.168.1.1"],
      "v6.example": ["2001:db9::1"],
    };
    const resolve = async (host: string) => dns[host] ?? [];
    expect(await targetsInternalNetwork("https://hooks.example/x", resolve)).toBe(false);
    expect(await targetsInternalNetwork("https://hooks.example./x", resolve)).toBe(false);
    expect(await targetsInternalNetwork("https://mixed.example/x", resolve)).toBe(true);
    expect(await targetsInternalNetwork("https://sneaky.example/x", resolve)).toBe(true);
    expect(await targetsInternalNetwork("https://v6.example/x", resolve)).toBe(false);
    for (const address of ["8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808", "2a00:1450::1"]) {
      expect({ address, internal: isInternalAddress(address) }).toEqual({
        address,
        internal: false,
      });
    }
  });
});

describe("delivery to the checked address", () => {
  const received: IncomingMessage[] = [];
  const receiver = createServer((request, response) => {
    received.push(request);
    request.resume();
    response.end("ok");
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  /** A resolver that answers `answers[n]` on its n-th call and counts the calls. */
  function rebinding(answers: string[][]) {
    let calls = 0;
    return {
      get calls() {
        return calls;
      },
      resolve: async () => {
        const answer = answers[Math.min(calls, answers.length - 1)] ?? [];
        calls += 1;
        return answer;
      },
    };
  }

  it("connects to the address resolved and checked once, with the name in the Host header", async () => {
    // Allowed internal (like ALERT_WEBHOOK_ALLOW_PRIVATE) so the loopback receiver can stand in for a public host;
    // a second lookup would answer an address where nothing listens.
    const dns = rebinding([["127.0.0.1"], ["127.0.0.2"]]);
    const target = await resolveWebhookTarget(`http://hooks.rebind.test:${port}/hook`, {
      resolve: dns.resolve,
      allowInternal: true,
    });
    if (!target.ok) throw new Error(target.reason);
    const outcome = await deliverWebhook({ target, secret: "s", payload: { a: 1 }, backoffMs: 1 });
    expect(outcome).toEqual({ delivered: true, attempts: 1, lastStatus: 200 });
    expect(dns.calls).toBe(1);
    expect(received.at(-1)?.headers.host).toBe(`hooks.rebind.test:${port}`);
  });

  it("never reaches an internal address a name is re-pointed to after the check", async () => {
    // First answer public (passes the check), every later one the internal receiver: the old check-then-fetch
    // resolved twice and delivered to it.
    const before = received.length;
    const dns = rebinding([["192.0.2.10"], ["127.0.0.1"]]);
    const target = await resolveWebhookTarget(`http://hooks.rebind.test:${port}/hook`, {
      resolve: dns.resolve,
    });
    expect(target).toMatchObject({ ok: true, address: "192.0.2.10" });
    if (!target.ok) return;
    const outcome = await deliverWebhook({
      target,
      secret: "s",
      payload: { a: 1 },
      backoffMs: 1,
      timeoutMs: 200,
    });
    expect(outcome.delivered).toBe(false);
    expect(dns.calls).toBe(1);
    expect(received.length).toBe(before);
  });
});
