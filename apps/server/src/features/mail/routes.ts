// HTTP of the mail feature: the admin's view of the outbox (mail kept when no SMTP server is configured).
import { listOf, OutboxItem } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Mailer } from "./mailer.js";

export async function mailRoutes(app: FastifyInstance, deps: { mailer: Mailer }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });

  api.get(
    "/api/admin/outbox",
    { onRequest: adminOnly, schema: { response: { 200: listOf(OutboxItem) } } },
    async () => {
      const items = await deps.mailer.outbox();
      return { items };
    },
  );
}
