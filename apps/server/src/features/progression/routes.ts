// HTTP of the game layer: progress and its ledger, quests, community events and the leaderboard
// (docs/product.md §7). Every route needs a signed-in user; creating an event needs an admin. No route grants XP
// or tokens.
import {
  CreateEventBody,
  EventIdParams,
  LeaderboardQuery,
  LedgerQuery,
  QuestIdParams,
} from "@aacos/domain/progression";
import {
  CommunityEventView,
  Leaderboard,
  LedgerItem,
  listOf,
  ProgressRecord,
  pageOf,
  QuestList,
  QuestView,
  replyOf,
} from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf as caller } from "../../platform/auth.js";
import type { ProgressionService } from "./service.js";

export async function progressionRoutes(
  app: FastifyInstance,
  deps: { progression: ProgressionService },
) {
  const { progression } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });

  api.get(
    "/api/progress/me",
    { ...signedIn, schema: { response: { 200: ProgressRecord } } },
    async (request) => {
      const userId = caller(request).user.id;
      await progression.flushUser(userId);
      return progression.read(userId);
    },
  );

  api.get(
    "/api/progress/ledger",
    { ...signedIn, schema: { querystring: LedgerQuery, response: { 200: pageOf(LedgerItem) } } },
    async (request) =>
      progression.ledger(caller(request).user.id, request.query.page, request.query.pageSize),
  );

  api.get(
    "/api/quests",
    { ...signedIn, schema: { response: { 200: QuestList } } },
    async (request) => {
      const { user, tier, world } = caller(request);
      return progression.quests.list(user.id, tier, world);
    },
  );

  api.post(
    "/api/quests/:id/start",
    {
      ...signedIn,
      schema: { params: QuestIdParams, response: { 200: replyOf("quest", QuestView) } },
    },
    async (request) => {
      const { user, tier } = caller(request);
      return { quest: await progression.quests.start(user.id, tier, request.params.id) };
    },
  );

  api.get(
    "/api/events",
    { ...signedIn, schema: { response: { 200: listOf(CommunityEventView) } } },
    async (request) => progression.events.list(caller(request).user.id),
  );

  api.post(
    "/api/events",
    {
      onRequest: adminOnly,
      schema: { body: CreateEventBody, response: { 201: replyOf("event", CommunityEventView) } },
    },
    async (request, reply) => {
      const event = await progression.events.create(request.body, caller(request).user.id);
      return reply.code(201).send({ event });
    },
  );

  api.post(
    "/api/events/:id/join",
    {
      ...signedIn,
      schema: { params: EventIdParams, response: { 200: replyOf("event", CommunityEventView) } },
    },
    async (request) => ({
      event: await progression.events.join(caller(request).user.id, request.params.id),
    }),
  );

  api.get(
    "/api/leaderboard",
    { ...signedIn, schema: { querystring: LeaderboardQuery, response: { 200: Leaderboard } } },
    async (request) => {
      const { user } = caller(request);
      const mine = await progression.read(user.id);
      return progression.leaderboard.read(
        { userId: user.id, experience: mine.experience, world: user.world },
        request.query.world,
      );
    },
  );
}
