// Builds every service of the server, in dependency order, from the app's config, database, Redis and clock; the
// hooks that stop a service on close are added where it is made.
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import {
  type CatalogStore,
  createCatalogStore,
  createSettingsService,
  type SettingsService,
} from "../features/admin-settings/index.js";
import { type AiService, createAiService, providerFromConfig } from "../features/ai/index.js";
import { type AlertService, createAlertService } from "../features/alerts/index.js";
import { type AnalyticsRollups, createAnalyticsRollups } from "../features/analytics/index.js";
import { type ApiKeyService, createApiKeyService } from "../features/api-keys/index.js";
import { type AuditService, createAuditService } from "../features/audit/index.js";
import {
  type AccountService,
  createAccountService,
  createPasswordResetService,
  createSessionStore,
  type PasswordResetService,
  type SessionStore,
} from "../features/auth/index.js";
import { type AutonomousService, createAutonomousService } from "../features/autonomous/index.js";
import { type ChatService, createChatService } from "../features/chat/index.js";
import { type CommandService, createCommandService } from "../features/commands/index.js";
import {
  type ConsciousnessService,
  createConsciousnessService,
} from "../features/consciousness/index.js";
import { createErrorReportService, type ErrorReportService } from "../features/errors/index.js";
import {
  createFileService,
  createLocalStorage,
  type FileService,
} from "../features/files/index.js";
import {
  type BackgroundRuns,
  createBackgroundRuns,
  createJobService,
  type JobService,
  type JobServiceDeps,
} from "../features/jobs/index.js";
import { createMailer, type Mailer } from "../features/mail/index.js";
import { createMfaService, type MfaService } from "../features/mfa/index.js";
import {
  createMetricsService,
  createOsReader,
  createRequestStats,
  createSystemSampler,
  liveMetricsEnvelope,
  type MetricsService,
  type SystemReading,
} from "../features/monitoring/index.js";
import {
  createOrchestrationService,
  guardDirectory,
  type OrchestrationService,
} from "../features/orchestration/index.js";
import {
  createPasskeyService,
  type PasskeyService,
  relyingPartyFor,
} from "../features/passkeys/index.js";
import {
  type BillingProvider,
  createImmediateBillingProvider,
  createPlanRequestService,
  createPlanService,
  createStripeBilling,
  createStripeGateway,
  type PlanRequestService,
  type PlanService,
  type StripeBilling,
  type StripeGateway,
} from "../features/plans/index.js";
import {
  countSignIn,
  createMemoryBoardStore,
  createProgressionService,
  createRedisBoardStore,
  creditWorldChange,
  type Every,
  type ProgressionService,
} from "../features/progression/index.js";
import {
  createRequestCounter,
  createSecurityService,
  type SecurityService,
} from "../features/security/index.js";
import { createSetupService, type SetupService } from "../features/setup/index.js";
import {
  createSignalService,
  progressSignals,
  runSignal,
  type SignalService,
} from "../features/signals/index.js";
import { createTeamService, type TeamService } from "../features/teams/index.js";
import { createUserService, type UserService } from "../features/users/index.js";
import { createWorkspaceService, type WorkspaceService } from "../features/workspace/index.js";
import { createTokenSigner, loadSigningKey } from "../platform/auth.js";
import { setProcessCatalog } from "../platform/live-catalog.js";
import { createPort } from "../platform/port.js";
import { createRateLimiterFactory, type RateLimiterFactory } from "../platform/rate-limit.js";
import { createRealtimeBus, type RealtimeBus } from "../platform/realtime-bus.js";

export interface AppDeps {
  config: Config;
  database: Database;
  redis: Redis | null;
  logger?: FastifyServerOptions["logger"];
  /** The clock every service reads; tests pass a fixed one. */
  clock?: () => Date;
  /** Chance draws (the soft upgrade prompt); tests pass a fixed one. */
  random?: () => number;
  /** Reads CPU, memory and uptime for the metrics sampler; tests feed their own figures. */
  readSystem?: () => SystemReading;
  /** The first wait before an alert webhook is retried (doubling); tests shorten it. */
  webhookBackoffMs?: number;
  /**
   * Job runner timings (polling, retry delay, maintenance, shutdown grace); tests shorten them. main.ts delays the
   * workers' start past the first requests.
   */
  jobTimings?: Pick<
    JobServiceDeps,
    | "pollingIntervalSeconds"
    | "retryDelaySeconds"
    | "maintenanceIntervalSeconds"
    | "shutdownGraceMs"
    | "workersDelayMs"
  >;
  /** Replaces the SDK-backed Stripe gateway (tests that make Stripe fail in ways a server cannot). */
  stripeGateway?: StripeGateway;
  /** How often autonomous control looks for due schedule rules (10 s by default); null: no timer (tests tick). */
  autonomousTickMs?: number | null;
  /** The API-call XP flush timer (every config.apiXpFlushMs by default); tests pass one they tick by hand. */
  every?: Every;
}

export interface Services {
  accounts: AccountService;
  sessions: SessionStore;
  users: UserService;
  setup: SetupService;
  audit: AuditService;
  rateLimiters: RateLimiterFactory;
  mailer: Mailer;
  passwordResets: PasswordResetService;
  mfa: MfaService;
  passkeys: PasskeyService;
  billing: BillingProvider;
  /** The Stripe provider's webhooks, grace periods and portal; null without STRIPE_SECRET_KEY (test mode). */
  stripe: StripeBilling | null;
  plans: PlanService;
  planRequests: PlanRequestService;
  progression: ProgressionService;
  files: FileService;
  workspace: WorkspaceService;
  ai: AiService;
  chat: ChatService;
  commands: CommandService;
  errorReports: ErrorReportService;
  security: SecurityService;
  signals: SignalService;
  metrics: MetricsService;
  alerts: AlertService;
  consciousness: ConsciousnessService;
  /** The effective plan catalogue (built-in + admins' overrides) and site switches, kept fresh on every instance. */
  catalog: CatalogStore;
  settings: SettingsService;
  /** The job runner (features/jobs): queues in this database, started at the end of buildApp. */
  jobs: JobService;
  /** Universe syncs and entity runs as jobs (features/jobs/runs.ts). */
  backgroundRuns: BackgroundRuns;
  /** Autonomous control: scheduled and signal-triggered commands with budgets and a kill switch. */
  autonomous: AutonomousService;
  teams: TeamService;
  /** Personal API keys (docs/decisions/161-personal-api-keys.md). */
  apiKeys: ApiKeyService;
  /** The analytics' daily rollups, kept up by an hourly job (docs/decisions/222-analytics-rollups.md). */
  analyticsRollups: AnalyticsRollups;
}

/** The services, with what the platform plugins and routes need beside them. */
export interface Assembled {
  /** The clock every service reads (deps.clock, or the system's). */
  clock: () => Date;
  services: Services;
  signer: ReturnType<typeof createTokenSigner>;
  realtimeBus: RealtimeBus;
  requestStats: ReturnType<typeof createRequestStats>;
  /** Key prefix for this deployment's Redis counters: instances sharing a database share them. */
  prefix: string;
  /** This process's name in metrics and orchestration (host:pid). */
  instance: string;
  /** Entity orchestration (holds, queues), started here and stopped on close. */
  orchestration: OrchestrationService;
}

export async function createServices(app: FastifyInstance, deps: AppDeps): Promise<Assembled> {
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
  // The leaderboard's index (docs/decisions/220-leaderboard-index.md): Redis when set, shared by every instance;
  // in process on PGlite (one process per DATA_DIR); none on PostgreSQL alone, whose instances share only SQL.
  const board =
    deps.redis !== null
      ? createRedisBoardStore(db, deps.redis, `aacos:${prefix}`)
      : database.kind === "pglite"
        ? createMemoryBoardStore(db)
        : undefined;
  const progression = createProgressionService({
    db,
    clock,
    signals: progressSignals(signals),
    log: app.log,
    ...(board === undefined ? {} : { board }),
    apiCallFlushMs: config.apiXpFlushMs,
    ...(deps.every === undefined ? {} : { every: deps.every }),
  });
  // Filled in the background; the leaderboard reads SQL until it is.
  void progression.leaderboard.rebuild();
  app.addHook("onClose", async () => progression.leaderboard.stop());
  const accounts = createAccountService({
    db,
    clock,
    audit,
    sessions,
    signer,
    onSignIn: countSignIn(progression, app.log),
  });
  const mailer = createMailer({
    db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  const onWorldChanged = creditWorldChange(progression, app.log);
  // With STRIPE_SECRET_KEY the Stripe provider takes payment; without it, the free one (decision 175).
  const stripe =
    config.stripe === null
      ? null
      : createStripeBilling({
          db,
          clock,
          gateway: deps.stripeGateway ?? createStripeGateway(config.stripe),
          mailer,
          log: app.log,
          publicUrl: config.publicUrl,
          graceDays: config.billingGraceDays,
          onWorldChanged,
        });
  const billing = stripe?.provider ?? createImmediateBillingProvider({ db, clock });
  const plans = createPlanService({
    db,
    audit,
    billing,
    onWorldChanged,
    selfService: () => catalog.site().selfServicePlans,
  });
  const planRequests = createPlanRequestService({
    db,
    clock,
    audit,
    mailer,
    plans,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Local disk under DATA_DIR/files, per instance (docs/decisions/020-file-storage.md).
  const files = createFileService({
    db,
    storage: createLocalStorage(path.join(config.dataDir, "files")),
  });
  const workspace = createWorkspaceService({
    db,
    clock,
    files,
    progression,
    log: app.log,
    extraction: config.extraction,
  });
  // Chat and commands find entities and knowledge through the workspace (404 for anyone else's).
  const ai = createAiService({
    db,
    clock,
    ...providerFromConfig(config.ai, workspace),
    // Orchestration holds (paused, stopped) refuse new runs before any provider call.
    directory: guardDirectory(db, workspace),
    log: app.log,
    bus: realtimeBus,
  });
  const stopListening = await ai.listen();
  app.addHook("onClose", async () => stopListening());
  // Monitoring (docs/decisions/080-metrics-and-alerts.md): samples per instance, alerts and consciousness per user.
  const readSystem = deps.readSystem ?? createOsReader();
  const requestStats = createRequestStats(clock);
  const instance = `${os.hostname()}:${process.pid}`;
  const metrics = createMetricsService({
    db,
    clock,
    instance,
    requests: requestStats,
    readSystem,
    // Read at scrape time; the job runner is created further down.
    jobState: () => jobs.state(),
    sampler: createSystemSampler({
      db,
      clock,
      instance,
      readSystem,
      onSample: (sample) => realtimeBus.publish("metrics", liveMetricsEnvelope(sample)),
    }),
  });
  // Harmony below 0.3 opens the rebalance alert: a port connected once the alerts exist, so consciousness does not
  // need the alerts to be built, while the alerts read consciousness values.
  const lowHarmony = createPort<[userId: string, harmony: number]>();
  const consciousness = createConsciousnessService({ db, clock, onLowHarmony: lowHarmony.call });
  const alerts = createAlertService({
    db,
    clock,
    log: app.log,
    mailer,
    signingKey,
    consciousness: (userId) => consciousness.compute(userId),
    systemValues: (metric, windowMs) => metrics.windowValues(metric, windowMs),
    webhookBackoffMs: deps.webhookBackoffMs,
    allowPrivateWebhooks: config.alertWebhookAllowPrivate,
    // In-app delivery: a signal in the user's stream (system alerts: admins') and the "alerts" realtime topic.
    emitSignal: (userId, signal) => signals.notify(userId, signal),
    publishAlert: (userId, message) => realtimeBus.publish("alerts", { userId, message }),
  });
  lowHarmony.connect((userId, harmony) => alerts.raiseRebalance(userId, harmony));
  // Background work (docs/decisions/091-jobs-versus-requests.md); stopped on close, before the database goes.
  const jobs = createJobService({ database, bus: realtimeBus, log: app.log, ...deps.jobTimings });
  const backgroundRuns = createBackgroundRuns({
    db,
    clock,
    jobs,
    ai,
    workspace,
    notify: (userId, signal) => signals.notify(userId, signal),
    // XP as for a command run, once per batch (the ledger key).
    onRunFinished: (userId, key) => progression.recordAction(userId, "commandRun", key),
    log: app.log,
  });
  backgroundRuns.register();
  const recordAction = (userId: string, action: "chatMessage" | "commandRun", key: string) => {
    signals.notify(userId, runSignal(action, key));
    return progression.recordAction(userId, action, key);
  };
  // Autonomous runs go through the command service like the command centre's, but earn no XP (decision 097).
  const autonomous = createAutonomousService({
    db,
    clock,
    log: app.log,
    audit,
    commands: createCommandService({
      db,
      clock,
      ai,
      onCommand: async (userId, commandId) =>
        signals.notify(userId, runSignal("commandRun", commandId)),
      log: app.log,
    }),
    directory: workspace,
    bus: realtimeBus,
    jobs,
    emitSignal: (userId, signal) => signals.notify(userId, signal),
    tickMs: deps.autonomousTickMs === undefined ? 10_000 : deps.autonomousTickMs,
  });
  const services: Services = {
    accounts,
    sessions,
    users: createUserService({
      db,
      clock,
      audit,
      plans,
      onAccessChanged: async (userId) => {
        // Access changes include world changes and deletions: the leaderboard's index follows.
        await progression.leaderboard.refresh(userId);
        return realtimeBus.publish("access", { userId, message: { type: "access.changed" } });
      },
    }),
    setup: createSetupService({ db, clock, accounts, audit }),
    audit,
    rateLimiters: createRateLimiterFactory({ redis: deps.redis, prefix: `aacos:${prefix}` }),
    mailer,
    passwordResets: createPasswordResetService({
      db,
      clock,
      mailer,
      accounts,
      audit,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    mfa: createMfaService({ db, clock, audit }),
    passkeys: createPasskeyService({ db, clock, audit, rp: relyingPartyFor(config.publicUrl) }),
    billing,
    stripe,
    plans,
    planRequests,
    progression,
    files,
    workspace,
    errorReports: createErrorReportService({ db, clock }),
    security: createSecurityService({
      db,
      clock,
      requests: createRequestCounter({ redis: deps.redis, prefix: `aacos:${prefix}` }),
      log: app.log,
    }),
    ai,
    chat: createChatService({
      db,
      clock,
      ai,
      onMessage: (userId, messageId) => recordAction(userId, "chatMessage", messageId),
      onHelpful: (ownerId, messageId) =>
        progression.recordAction(ownerId, "helpfulAnswer", messageId),
      log: app.log,
    }),
    commands: createCommandService({
      db,
      clock,
      ai,
      onCommand: (userId, commandId) => recordAction(userId, "commandRun", commandId),
      log: app.log,
    }),
    metrics,
    alerts,
    consciousness,
    signals,
    teams: createTeamService({
      db,
      clock,
      mailer,
      publicUrl: config.publicUrl,
      notify: (userId, signal) => signals.notify(userId, signal),
    }),
    catalog,
    settings: createSettingsService({ db, clock, store: catalog }),
    jobs,
    backgroundRuns,
    autonomous,
    apiKeys: createApiKeyService({ db, clock, audit }),
    analyticsRollups: createAnalyticsRollups({ db }),
  };
  const orchestration = createOrchestrationService({
    db,
    clock,
    audit,
    models: providerFromConfig(config.ai, services.workspace).models,
    bus: realtimeBus,
    chat: services.chat,
    commands: services.commands,
    backgroundRuns: services.backgroundRuns,
    instance,
    log: app.log,
  });
  await orchestration.start();
  app.addHook("onClose", async () => orchestration.stop());
  return { clock, services, signer, realtimeBus, requestStats, prefix, instance, orchestration };
}
