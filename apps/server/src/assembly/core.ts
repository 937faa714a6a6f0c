// What every group of services is built over: the app's config, database and clock, the token signer, the audit log,
// sessions, the realtime bus, the live catalogue, the signal hub and the mailer.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { type CatalogStore, createCatalogStore } from "../features/admin-settings/index.js";
import { type AuditService, createAuditService } from "../features/audit/index.js";
import { createSessionStore, type SessionStore } from "../features/auth/index.js";
import { createMailer, type Mailer } from "../features/mail/index.js";
import { createSignalService, type SignalService } from "../features/signals/index.js";
import { createTokenSigner, loadSigningKey } from "../platform/auth.js";
import { setProcessCatalog } from "../platform/live-catalog.js";
import { createRealtimeBus, type RealtimeBus } from "../platform/realtime-bus.js";
import type { AppDeps } from "./services.js";

export interface Core {
  app: FastifyInstance;
  deps: AppDeps;
  db: Db;
  /** The clock every service reads (deps.clock, or the system's). */
  clock: () => Date;
  /** The key tokens are signed with; the alerts sign their webhooks with it too. */
  signingKey: Uint8Array;
  signer: ReturnType<typeof createTokenSigner>;
  audit: AuditService;
  sessions: SessionStore;
  /** Key prefix for this deployment's Redis counters: instances sharing a database share them. */
  prefix: string;
  realtimeBus: RealtimeBus;
  catalog: CatalogStore;
  signals: SignalService;
  mailer: Mailer;
}

export async function createCore(app: FastifyInstance, deps: AppDeps): Promise<Core> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const db = database.db;
  const signingKey = await loadSigningKey(db, config.authSecret);
  const signer = createTokenSigner(signingKey, clock);
  const audit = createAuditService(db, clock);
  const sessions = createSessionStore(db, clock);
  // Instances sharing a database share rate budgets; separate deployments on one Redis do not.
  const prefix = createHash("sha256")
    .update(config.databaseUrl ?? config.dataDir)
    .digest("hex")
    .slice(0, 12);
  // The signal hub and the realtime bus come first: progression and the hooks below report to them.
  const realtimeBus = await createRealtimeBus({
    redis: deps.redis,
    prefix: `aacos:${prefix}`,
    log: app.log,
  });
  // Limits are read from here from the first request on (docs/decisions/115-live-catalogue.md).
  const catalog = createCatalogStore({ db, bus: realtimeBus, log: app.log });
  await catalog.start();
  setProcessCatalog(catalog);
  const signals = createSignalService({ db, clock, bus: realtimeBus, log: app.log });
  const mailer = createMailer({
    db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  return {
    app,
    deps,
    db,
    clock,
    signingKey,
    signer,
    audit,
    sessions,
    prefix,
    realtimeBus,
    catalog,
    signals,
    mailer,
  };
}
