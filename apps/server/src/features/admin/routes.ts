// The admin console's read-only views: the audit log.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export async function adminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });

  api.get(
    "/api/admin/audit",
    { onRequest: adminOnly, schema: { querystring: PageQuery } },
    async (request) => {
      return app.audit.list(request.query.page, request.query.pageSize);
    },
  );
}
