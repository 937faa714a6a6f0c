// HTTP of billing: the public billing status, Settings → Billing, the Billing Portal, Stripe's webhook (raw body,
// signature checked by the SDK), and plan requests (users ask, admins grant or decline in the admin console).
import { type BillingOverview, type BillingStatus, PlanRequestBody } from "@aacos/domain/billing";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { clientOf } from "../auth/index.js";
import type { PlanRequestService } from "./requests.js";
import type { StripeBilling } from "./stripe-billing.js";

function userIdOf(request: FastifyRequest): string {
  return callerOf(request).user.id;
}

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
    async (): Promise<BillingStatus> => ({
      mode: stripe === null ? "test" : "stripe",
      selfService: stripe !== null || deps.selfService(),
    }),
  );

  api.get("/api/billing/me", signedIn, async (request): Promise<BillingOverview> => {
    if (stripe === null) {
      return { mode: "test", subscriptions: [], graceEndsAt: null, invoices: [] };
    }
    return stripe.overview(userIdOf(request));
  });

  api.post("/api/billing/portal", signedIn, async (request, reply) => {
    if (stripe === null) {
      return reply.status(404).send({
        error: {
          code: "not_found",
          message: "No payment provider is configured (test mode)",
          params: { subject: "payment_provider" },
        },
      });
    }
    return { url: await stripe.portal(userIdOf(request)) };
  });

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    scope.post("/api/billing/webhook", async (request, reply) => {
      if (stripe === null) {
        return reply.status(404).send({
          error: {
            code: "not_found",
            message: "No payment provider is configured (test mode)",
            params: { subject: "payment_provider" },
          },
        });
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["stripe-signature"];
      const result = await stripe.handleWebhook(
        body,
        typeof signature === "string" ? signature : undefined,
      );
      return { received: true, duplicate: result.duplicate };
    });
  });

  api.post(
    "/api/plan/requests",
    { ...signedIn, schema: { body: PlanRequestBody } },
    async (request, reply) => {
      const created = await requests.create(userIdOf(request), request.body, clientOf(request));
      return reply.status(201).send({ request: created });
    },
  );

  api.get("/api/plan/requests", signedIn, async (request) => ({
    items: await requests.mine(userIdOf(request)),
  }));

  api.get(
    "/api/admin/plan-requests",
    { ...admin, schema: { querystring: RequestQuery } },
    async (request) => ({ items: await requests.list(request.query.status) }),
  );

  api.post(
    "/api/admin/plan-requests/:id/grant",
    { ...admin, schema: { params: RequestParams } },
    async (request) => {
      await requests.grant(request.params.id, clientOf(request));
      return { ok: true };
    },
  );

  api.post(
    "/api/admin/plan-requests/:id/decline",
    { ...admin, schema: { params: RequestParams } },
    async (request) => {
      await requests.decline(request.params.id, clientOf(request));
      return { ok: true };
    },
  );
}
