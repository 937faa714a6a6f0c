// Assembles the server as a short list: the Fastify instance, every service (assembly/services.ts), the platform
// plugins (assembly/platform.ts), the features' routes (assembly/routes.ts), then the background work starts.
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { registerPlatform } from "./assembly/platform.js";
import { registerRoutes } from "./assembly/routes.js";
import { type AppDeps, createServices, type Services } from "./assembly/services.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { AuditService } from "./features/audit/index.js";
import { clientError, frameworkError } from "./platform/errors.js";
import { processCatalogIs, setProcessCatalog } from "./platform/live-catalog.js";
import type { RealtimeBus } from "./platform/realtime-bus.js";
import { watchRedis } from "./platform/redis-watch.js";
import { replySerializerCompiler } from "./platform/reply-serializer.js";

export type { AppDeps, Services };

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    redis: Redis | null;
    audit: AuditService;
    services: Services;
    /** Realtime fan-out across instances; topics and payloads in platform/realtime-bus.ts. */
    realtimeBus: RealtimeBus;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Finish in-flight requests on close; new ones on kept-alive sockets get 503.
    return503OnClosing: true,
    // Idle keep-alive connections end as close() starts (main.ts keeps sweeping those that fall idle later).
    forceCloseConnections: "idle",
    requestIdHeader: "x-request-id",
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  watchRedis(app, deps.redis);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("redis", deps.redis);

  const assembled = await createServices(app, deps);
  const { services, realtimeBus } = assembled;
  const { audit, catalog, jobs, alerts, mailer, autonomous } = services;
  app.decorate("audit", audit);
  app.decorate("services", services);
  app.decorate("realtimeBus", realtimeBus);
  app.addHook("onClose", async () => {
    catalog.stop();
    if (processCatalogIs(catalog)) setProcessCatalog(null);
  });
  app.addHook("onClose", async () => {
    await jobs.stop();
    await realtimeBus.close();
  });
  // Mail still being delivered finishes before the database closes.
  app.addHook("onClose", async () => {
    await alerts.idle();
    await mailer.close();
  });

  const apiCallCounter = await registerPlatform(app, deps, assembled);
  await registerRoutes(app, deps, assembled, apiCallCounter);
  // Registers its queue, subscribes to signals and the kill switch, starts its tick; stops before the jobs do.
  await autonomous.start();
  app.addHook("onClose", async () => autonomous.stop());
  // Every feature has registered its queues by now.
  await jobs.start();
  return app;
}
