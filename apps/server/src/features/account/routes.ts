// HTTP of the user's own account: GET/PUT /api/me/layout (the /desktop workspace), GET /api/me/export (one ZIP of
// everything they own), POST /api/me/delete-link (mails a single-use confirmation link) and DELETE /api/me
// {password} or {token} (the account and all its data, 204).
import { DeleteAccountBody, exportFileName } from "@aacos/domain/account";
import { DesktopLayout } from "@aacos/domain/layout";
import { DeleteLinkSent, replyOf } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import { tooManyRequests } from "../../platform/errors.js";
import type { RateLimiterFactory } from "../../platform/rate-limit.js";
import { clientOf } from "../auth/index.js";
import { createArchive } from "./archive.js";
import type { AccountDataService } from "./service.js";

export async function accountRoutes(
  app: FastifyInstance,
  deps: { account: AccountDataService; clock: () => Date; rateLimiters: RateLimiterFactory },
) {
  // A mail per request: a few an hour are enough for anyone, and nobody's inbox gets flooded.
  const deletionLinks = deps.rateLimiters("delete-link-user", { points: 3, seconds: 3600 });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { account } = deps;

  api.get(
    "/api/me/layout",
    { ...signedIn, schema: { response: { 200: replyOf("layout", DesktopLayout) } } },
    async (request) => {
      const caller = callerOf(request);
      return { layout: await account.layout(caller.user.id) };
    },
  );

  api.put(
    "/api/me/layout",
    {
      ...signedIn,
      schema: { body: DesktopLayout, response: { 200: replyOf("layout", DesktopLayout) } },
    },
    async (request) => {
      const caller = callerOf(request);
      return { layout: await account.saveLayout(caller.user.id, request.body) };
    },
  );

  api.get("/api/me/export", signedIn, async (request, reply) => {
    const principal = callerOf(request);
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

  api.post(
    "/api/me/delete-link",
    { ...signedIn, schema: { response: { 202: DeleteLinkSent } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const userId = caller.user.id;
      const limit = await deletionLinks.consume(userId);
      if (!limit.allowed) {
        throw tooManyRequests(
          `Too many confirmation mails. Try again in ${limit.retryAfterSeconds} seconds.`,
          { window: "confirmation_mail", retryAfter: limit.retryAfterSeconds },
        );
      }
      await account.mailDeletionLink(userId);
      return reply.status(202).send({});
    },
  );

  api.delete(
    "/api/me",
    { ...signedIn, schema: { body: DeleteAccountBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { token, password } = request.body;
      await account.deleteAccount(
        caller.user.id,
        token !== undefined ? { token } : { password: password ?? "" },
        clientOf(request),
      );
      return reply.status(204).send();
    },
  );
}
