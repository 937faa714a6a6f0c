// A real loopback HTTP server speaking the part of Stripe's API the billing feature calls (customers, prices,
// Checkout and Billing Portal sessions, subscriptions, invoices), with the SDK's form encoding and error shape, and
// really signed webhooks (the SDK's generateTestHeaderString). Not a mock: the app's official SDK talks to it over
// HTTP. Server tests and the browser tests start it; `checkoutPage` is what a user's browser lands on.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

export interface StripeEventPayload {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Json };
}

export interface DeliveryResult {
  status: number;
  body: string;
}

export interface StripePeer {
  /** STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The app's STRIPE_* variables pointing at this server. */
  env(): Record<string, string>;
  /** Where signed webhooks go (the app's POST /api/billing/webhook). */
  deliverTo(url: string): void;
  /** Every API call received, in order: "POST /v1/customers". */
  calls: string[];
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Answer every API call with this HTTP status and a Stripe error (402 card declined, 500, …); null: work. */
  refuseWith(status: number | null): void;
  /** Builds an event about `object`, `created` from the peer's clock unless given. */
  event(type: string, object: Json, created?: number): StripeEventPayload;
  /** Signs and posts one event; `signature: null` sends none, a string sends that header as is. */
  send(
    event: StripeEventPayload,
    options?: { signature?: string | null; timestamp?: number },
  ): Promise<DeliveryResult>;
  /** The user paid: a subscription starts and checkout.session.completed, customer.subscription.created, invoice.paid are sent. */
  completeCheckout(
    sessionId: string,
  ): Promise<{ subscriptionId: string; results: DeliveryResult[] }>;
  /** A renewal payment fails: invoice.payment_failed and customer.subscription.updated (past_due). */
  failPayment(subscriptionId: string): Promise<DeliveryResult[]>;
  /** The subscription ends now: customer.subscription.deleted. */
  endSubscription(subscriptionId: string): Promise<DeliveryResult[]>;
  close(): Promise<void>;
}

/** Stripe's form encoding (`a[b][0]=c`) back to nested objects; numeric keys make arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== "object" || next === null) node[part] = {};
      node = node[part] as Json;
    });
  }
  return arrays(root) as Json;
}

function arrays(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Json).map(
    ([key, inner]) => [key, arrays(inner)] as const,
  );
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export async function startStripeServer(
  options: {
    /** Times of events and signatures; a test moving its app's clock passes the same one. */
    clock?: () => Date;
  } = {},
): Promise<StripePeer> {
  const clock = options.clock ?? (() => new Date());
  const now = () => Math.floor(clock().getTime() / 1000);
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const calls: string[] = [];
  let refusal: number | null = null;
  let webhookUrl: string | null = null;
  let base = "";

  const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });

  function subscriptionFor(session: Json): Json {
    const items = (session.line_items as Json[] | undefined) ?? [];
    const price = prices.get(String(items[0]?.price)) ?? {};
    const subscriptionData = (session.subscription_data as Json | undefined) ?? {};
    const trialDays = Number(subscriptionData.trial_period_days ?? 0);
    const interval = (price.recurring as Json | undefined)?.interval === "year" ? 365 : 30;
    const start = now();
    const periodEnd = start + (trialDays > 0 ? trialDays : interval) * 86_400;
    return {
      id: id("sub"),
      object: "subscription",
      customer: session.customer,
      status: trialDays > 0 ? "trialing" : "active",
      cancel_at_period_end: false,
      created: start,
      trial_end: trialDays > 0 ? periodEnd : null,
      metadata: { ...((subscriptionData.metadata as Json | undefined) ?? {}) },
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
    };
  }

  function invoiceFor(subscription: Json, status: "paid" | "open"): Json {
    const item = ((subscription.items as Json).data as Json[])[0] ?? {};
    const price = (item.price as Json | undefined) ?? {};
    const invoice = {
      id: id("in"),
      object: "invoice",
      customer: subscription.customer,
      number: `AACOS-${String(invoices.size + 1).padStart(4, "0")}`,
      status,
      total: Number(price.unit_amount ?? 0),
      currency: price.currency ?? "usd",
      created: now(),
      hosted_invoice_url: `${base}/invoice/${invoices.size + 1}`,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id },
      },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function api(
    method: string,
    path: string,
    body: Json,
    query: URLSearchParams,
  ): [number, unknown] {
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: id("cus"), object: "customer", ...body };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = [...query.entries()]
        .filter(([key]) => key.startsWith("lookup_keys"))
        .map(([, value]) => value);
      const found = [...prices.values()].filter(
        (price) => keys.includes(String(price.lookup_key)) && price.active === true,
      );
      return [200, list(found, "/v1/prices")];
    }
    if (method === "POST" && path === "/v1/prices") {
      const price = {
        id: id("price"),
        object: "price",
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring,
        lookup_key: body.lookup_key,
        metadata: body.metadata ?? {},
        product: id("prod"),
      };
      prices.set(price.id, price);
      return [200, price];
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      const session = {
        ...body,
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        url: `${base}/checkout/${sessionId}`,
        subscription: null,
      };
      if (!customers.has(String(body.customer))) {
        return [400, { error: { type: "invalid_request_error", message: "No such customer" } }];
      }
      sessions.set(sessionId, session);
      return [200, session];
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(String(body.customer))) {
        return [400, { error: { type: "invalid_request_error", message: "No such customer" } }];
      }
      return [
        200,
        {
          id: id("bps"),
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url,
          url: `${base}/portal/${String(body.customer)}`,
        },
      ];
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? "");
      if (subscription === undefined) {
        return [404, { error: { type: "invalid_request_error", message: "No such subscription" } }];
      }
      if (method === "GET") return [200, subscription];
      if (method === "DELETE") {
        subscription.status = "canceled";
        return [200, subscription];
      }
      if (body.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
      }
      if (body.metadata !== undefined) subscription.metadata = body.metadata;
      const items = body.items as Json[] | undefined;
      const firstItem = ((subscription.items as Json).data as Json[])[0];
      if (items?.[0]?.price !== undefined && firstItem !== undefined) {
        firstItem.price = prices.get(String(items[0].price)) ?? firstItem.price;
      }
      return [200, subscription];
    }
    if (method === "GET" && path === "/v1/invoices") {
      const customer = query.get("customer");
      const found = [...invoices.values()].filter((invoice) => invoice.customer === customer);
      return [200, list(found.reverse(), "/v1/invoices")];
    }
    return [
      404,
      { error: { type: "invalid_request_error", message: `No route ${method} ${path}` } },
    ];
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", base);
      const method = request.method ?? "GET";
      if (method === "GET" && url.pathname.startsWith("/checkout/")) {
        const session = sessions.get(url.pathname.slice("/checkout/".length));
        response.writeHead(session ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><title>Test checkout</title><h1 data-testid="stripe-checkout">Test checkout</h1>` +
            `<p data-testid="stripe-checkout-session">${session ? String(session.id) : "unknown"}</p>`,
        );
        return;
      }
      if (!url.pathname.startsWith("/v1/")) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><title>Stripe test page</title><h1>${url.pathname}</h1>`);
        return;
      }
      calls.push(`${method} ${url.pathname}`);
      const authorization = request.headers.authorization ?? "";
      let status: number;
      let payload: unknown;
      if (authorization !== `Bearer ${secretKey}`) {
        [status, payload] = [
          401,
          { error: { type: "invalid_request_error", message: "Invalid API Key provided" } },
        ];
      } else if (refusal !== null) {
        [status, payload] = [
          refusal,
          {
            error: {
              type: refusal === 402 ? "card_error" : "api_error",
              message: "Refused by the test server",
            },
          },
        ];
      } else {
        [status, payload] = api(
          method,
          url.pathname,
          parseForm(Buffer.concat(chunks).toString("utf8")),
          url.searchParams,
        );
      }
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: Json, created = now()): StripeEventPayload => ({
    id: id("evt"),
    object: "event",
    type,
    created,
    livemode: false,
    api_version: "2025-01-01",
    data: { object: structuredClone(object) },
  });

  async function send(
    payload: StripeEventPayload,
    sendOptions: { signature?: string | null; timestamp?: number } = {},
  ): Promise<DeliveryResult> {
    if (webhookUrl === null) throw new Error("call deliverTo(url) first");
    const body = JSON.stringify(payload);
    const signature =
      sendOptions.signature !== undefined
        ? sendOptions.signature
        : signer.webhooks.generateTestHeaderString({
            payload: body,
            secret: webhookSecret,
            timestamp: sendOptions.timestamp ?? now(),
          });
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(signature === null ? {} : { "stripe-signature": signature }),
      },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no such ${what}`);
    return value;
  };

  return {
    url: base,
    secretKey,
    webhookSecret,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
    }),
    deliverTo(url) {
      webhookUrl = url;
    },
    calls,
    customers,
    prices,
    sessions,
    subscriptions,
    invoices,
    refuseWith(status) {
      refusal = status;
    },
    event,
    send,

    async completeCheckout(sessionId) {
      const session = need(sessions.get(sessionId), "checkout session");
      const subscription = subscriptionFor(session);
      subscriptions.set(String(subscription.id), subscription);
      session.status = "complete";
      session.subscription = subscription.id;
      const invoice = invoiceFor(subscription, "paid");
      const results = [
        await send(event("checkout.session.completed", session)),
        await send(event("customer.subscription.created", subscription)),
        await send(event("invoice.paid", invoice)),
      ];
      return { subscriptionId: String(subscription.id), results };
    },

    async failPayment(subscriptionId) {
      const subscription = need(subscriptions.get(subscriptionId), "subscription");
      const invoice = invoiceFor(subscription, "open");
      subscription.status = "past_due";
      return [
        await send(event("invoice.payment_failed", invoice)),
        await send(event("customer.subscription.updated", subscription)),
      ];
    },

    async endSubscription(subscriptionId) {
      const subscription = need(subscriptions.get(subscriptionId), "subscription");
      subscription.status = "canceled";
      return [await send(event("customer.subscription.deleted", subscription))];
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
