// The platform plugins every request passes through, in order: the request pipeline that runs their per-request steps,
// compression, the route list, the live catalogue, errors, the NUL guard, request stats, security headers, cookies,
// auth, the burst counter, feature gates, metering, the API-key gate, API-call XP and the analytics' call counter.
import cookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import { apiCallCountPlugin, createApiCallCounter } from "../features/analytics/index.js";
import { requestStatsPlugin } from "../features/monitoring/index.js";
import { apiCallProgressPlugin } from "../features/progression/index.js";
import { requestBurstPlugin } from "../features/security/index.js";
import { createQuotaSignaller } from "../features/signals/index.js";
import { apiKeyGatePlugin, authPlugin } from "../platform/auth.js";
import { compressReply } from "../platform/compression.js";
import { errorsPlugin } from "../platform/errors.js";
import { featureGatePlugin } from "../platform/feature-gate.js";
import { liveCatalogPlugin } from "../platform/live-catalog.js";
import { meteringPlugin } from "../platform/metering.js";
import { nulGuardPlugin } from "../platform/nul-guard.js";
import { requestPipelinePlugin } from "../platform/pipeline.js";
import { routeListPlugin } from "../platform/route-list.js";
import { securityPlugin } from "../platform/security.js";
import type { AppDeps, Assembled } from "./services.js";

/** Registers the platform plugins; returns the API-call counter the analytics read. */
export async function registerPlatform(app: FastifyInstance, deps: AppDeps, assembled: Assembled) {
  const { config } = deps;
  const db = deps.database.db;
  const { clock, services, signer, realtimeBus, requestStats, prefix } = assembled;
  const { catalog, signals, progression } = services;
  // One Fastify hook per stage runs the steps the plugins below add, in their order (decision 394).
  await app.register(requestPipelinePlugin);
  // JSON and other text replies over about 1 KB travel brotli/gzip-compressed (streams pass untouched).
  app.pipeline.onSend(compressReply);
  await app.register(routeListPlugin);
  // Before metering and every feature: each request reads this app's catalogue.
  await app.register(liveCatalogPlugin, { source: catalog });
  await app.register(errorsPlugin);
  await app.register(nulGuardPlugin);
  await app.register(requestStatsPlugin, { stats: requestStats });
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(authPlugin, { signer, clock, apiKeys: services.apiKeys, bus: realtimeBus });
  // Counts requests for the suspicious-activity check; after auth (knows the user), before metering (sees refusals).
  await app.register(requestBurstPlugin, { security: services.security });
  await app.register(featureGatePlugin);
  await app.register(meteringPlugin, {
    redis: deps.redis,
    prefix: `aacos:${prefix}`,
    clock,
    random: deps.random ?? Math.random,
    softPromptShare: config.upgradeHintShare,
    onRefused: createQuotaSignaller((userId, signal) => signals.notify(userId, signal)),
  });
  // Refused API keys are answered here: counted above as any call, stopped before every route's own hooks.
  await app.register(apiKeyGatePlugin);
  await app.register(apiCallProgressPlugin, { progression });
  // API calls per day and tier for the analytics (decision 221): counted in memory, written in batches.
  const apiCallCounter = createApiCallCounter({ db, clock, log: app.log });
  await app.register(apiCallCountPlugin, { counter: apiCallCounter });
  return apiCallCounter;
}
