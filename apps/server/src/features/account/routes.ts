// HTTP of the user's own account: GET/PUT /api/me/layout (the /desktop workspace), GET /api/me/export (one ZIP of
// everything they own) and DELETE /api/me {password} (the account and all its data, 204).
import { DeleteAccountBody, exportFileName } from "@aacos/domain/account";
import { DesktopLayout } from "@aacos/domain/layout";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { unauthorized } from "../../platform/errors.js";
import { clientOf } from "../auth/index.js";
import { createArchive } from "./archive.js";
import type { AccountDataService } from "./service.js";

export async function accountRoutes(
  app: FastifyInstance,
  deps: { account: AccountDataService; clock: () => Date },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { account } = deps;

  api.get("/api/me/layout", signedIn, async (request) => {
    if (request.principal === null) throw unauthorized();
    return { layout: await account.layout(request.principal.user.id) };
  });

  api.put("/api/me/layout", { ...signedIn, schema: { body: DesktopLayout } }, async (request) => {
    if (request.principal === null) throw unauthorized();
    return { layout: await account.saveLayout(request.principal.user.id, request.body) };
  });

  api.get("/api/me/export", signedIn, async (request, reply) => {
    const principal = request.principal;
    if (principal === null) throw unauthorized();
    const { output, writer, done } = createArchive();
    account.exportTo(principal.user.id, writer).then(done, (error: unknown) => {
      // The reply has started: a cut-off download is all the browser can be told.
      request.log.error({ err: error }, "export failed");
      output.destroy(error instanceof Error ? error : new Error("export failed"));
    });
    const name = exportFileName(principal.user.username, deps.clock());
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "no-store")
      .send(output);
  });

  api.delete(
    "/api/me",
    { ...signedIn, schema: { body: DeleteAccountBody } },
    async (request, reply) => {
      if (request.principal === null) throw unauthorized();
      await account.deleteAccount(
        request.principal.user.id,
        request.body.password,
        clientOf(request),
      );
      return reply.status(204).send();
    },
  );
}
