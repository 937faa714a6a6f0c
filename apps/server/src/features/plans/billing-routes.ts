// HTTP of billing: the public billing status, Settings → Billing, the Billing Portal, Stripe's webhook (raw body,
// signature checked by the SDK), and plan requests (users ask, admins grant or decline in the admin console).
import { PlanRequestBody } from "@aacos/domain/billing";
import * as replies from "@aacos/domain/replies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { notFound } from "../../platform/errors.js";
import { clientOf } from "../auth/index.js";
import type { PlanRequestService } from "./requests.js";
import type { StripeBilling } from "./stripe-billing.js";

function userIdOf(request: FastifyRequest): string {
  return callerOf(request).user.id;
}

/** Portal and webhook without a payment provider (test mode). */
const noProvider = () =>
  notFound("payment_provider", "No payment provider is configured (test mode)");

const RequestParams = z.object({ id: z.uuid({ error: "No such request" }) });
const RequestQuery = z.object({ status: z.enum(["open", "granted", "declined"]).optional() });

export async function billingRoutes(
  app: FastifyInstance,
  deps: {
    stripe: StripeBilling | null;
    requests: PlanRequestService;
    selfService: () => boolean;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const admin = {
    onRequest: app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] }),
  };
  const { stripe, requests } = deps;

  api.get(
    "/api/billing/status",
    { schema: { response: { 200: replies.BillingStatus } } },
    async () => ({
      mode: stripe === null ? ("test" as const) : ("stripe" as const),
      selfService: stripe !== null || deps.selfService(),
    }),
  );

  api.get(
    "/api/billing/me",
    { ...signedIn, schema: { response: { 200: replies.BillingOverview } } },
    async (request) => {
      if (stripe === null) {
        return { mode: "test" as const, subscriptions: [], graceEndsAt: null, invoices: [] };
      }
      return stripe.overview(userIdOf(request));
    },
  );

  api.post(
    "/api/billing/portal",
    { ...signedIn, schema: { response: { 200: replies.BillingPortalReply } } },
    async (request) => {
      if (stripe === null) throw noProvider();
      return { url: await stripe.portal(userIdOf(request)) };
    },
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/billing/webhook",
        { schema: { response: { 200: replies.WebhookReceipt } } },
        async (request) => {
          if (stripe === null) throw noProvider();
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers["stripe-signature"];
          const result = await stripe.handleWebhook(
            body,
            typeof signature === "string" ? signature : undefined,
          );
          return { received: true as const, duplicate: result.duplicate };
        },
      );
  });

  api.post(
    "/api/plan/requests",
    {
      ...signedIn,
      schema: {
        body: PlanRequestBody,
        response: { 201: replies.replyOf("request", replies.PlanRequest) },
      },
    },
    async (request, reply) => {
      const created = await requests.create(userIdOf(request), request.body, clientOf(request));
      return reply.status(201).send({ request: created });
    },
  );

  api.get(
    "/api/plan/requests",
    { ...signedIn, schema: { response: { 200: replies.listOf(replies.PlanRequest) } } },
    async (request) => ({ items: await requests.mine(userIdOf(request)) }),
  );

  api.get(
    "/api/admin/plan-requests",
    {
      ...admin,
      schema: { querystring: RequestQuery, response: { 200: replies.listOf(replies.PlanRequest) } },
    },
    async (request) => ({ items: await requests.list(request.query.status) }),
  );

  for (const decision of ["grant", "decline"] as const) {
    api.post(
      `/api/admin/plan-requests/:id/${decision}`,
      {
        ...admin,
        schema: { params: RequestParams, response: { 200: replies.PlanRequestDecided } },
      },
      async (request) => {
        await requests[decision](request.params.id, clientOf(request));
        return { ok: true as const };
      },
    );
  }
}
