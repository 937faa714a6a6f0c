// HTTP of first-run setup: whether an admin is still needed, and creating it with the one-time link's token.
import { SessionReply, SetupStatus } from "@aacos/domain/replies";
import { RegisterBody } from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientOf, publicUser, setRefreshCookie } from "../auth/index.js";
import type { SetupService } from "./service.js";

const SetupBody = RegisterBody.extend({ token: z.string().min(1).max(256) });

export async function setupRoutes(
  app: FastifyInstance,
  deps: { setup: SetupService; secureCookies: boolean },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/api/setup", { schema: { response: { 200: SetupStatus } } }, async () => ({
    needed: !(await deps.setup.adminExists()),
  }));

  api.post(
    "/api/setup",
    { schema: { body: SetupBody, response: { 201: SessionReply } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const admin = await deps.setup.completeSetup(token, input);
      const tokens = await app.services.accounts.issueSession(admin, false, clientOf(request));
      setRefreshCookie(reply, tokens, deps.secureCookies);
      return reply.status(201).send({ user: publicUser(admin), ...tokens });
    },
  );
}
