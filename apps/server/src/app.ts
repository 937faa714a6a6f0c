// Assembles the server: platform plugins first (errors, security, cookies, auth), then one plugin per feature.
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { accountRoutes, createAccountDataService } from "./features/account/index.js";
import { adminRoutes } from "./features/admin/index.js";
import {
  type AiService,
  aiRoutes,
  createAiService,
  providerFromConfig,
} from "./features/ai/index.js";
import { type AlertService, alertRoutes, createAlertService } from "./features/alerts/index.js";
import {
  type AnalyticsRollups,
  analyticsRoutes,
  apiCallCountPlugin,
  createAnalyticsRollups,
  createAnalyticsService,
  createApiCallCounter,
} from "./features/analytics/index.js";
import { apiDocsRoutes } from "./features/api-docs/index.js";
import {
  type ApiKeyService,
  apiKeyRoutes,
  createApiKeyService,
} from "./features/api-keys/index.js";
import { type AuditService, createAuditService } from "./features/audit/index.js";
import {
  type AccountService,
  authRoutes,
  createAccountService,
  createPasswordResetService,
  createSessionStore,
  type PasswordResetService,
  passwordResetRoutes,
  type SessionStore,
} from "./features/auth/index.js";
import {
  type AutonomousService,
  autonomousRoutes,
  createAutonomousService,
} from "./features/autonomous/index.js";
import { batchRoutes, createBatchService } from "./features/batch/index.js";
import { catalogRoutes } from "./features/catalog/index.js";
import { type ChatService, chatRoutes, createChatService } from "./features/chat/index.js";
import {
  type CommandService,
  commandRoutes,
  createCommandService,
} from "./features/commands/index.js";
import {
  type ConsciousnessService,
  consciousnessRoutes,
  createConsciousnessService,
} from "./features/consciousness/index.js";
import { createDashboardService, dashboardRoutes } from "./features/dashboard/index.js";
import {
  createErrorReportService,
  type ErrorReportService,
  errorReportRoutes,
} from "./features/errors/index.js";
import { healthRoutes } from "./features/health/index.js";
import {
  type BackgroundRuns,
  createBackgroundRuns,
  createJobService,
  type JobService,
  type JobServiceDeps,
  jobRoutes,
} from "./features/jobs/index.js";
import { createMailer, type Mailer, mailRoutes } from "./features/mail/index.js";
import {
  createMetricsService,
  createOsReader,
  createRequestStats,
  createSystemSampler,
  type MetricsService,
  metricsRoutes,
  requestStatsPlugin,
  type SystemReading,
} from "./features/monitoring/index.js";
import { createMfaService, type MfaService, mfaRoutes } from "./features/mfa/index.js";
import {
  createIdentityProviders,
  createOAuthService,
  oauthRoutes,
} from "./features/oauth/index.js";
import {
  createOrchestrationService,
  guardDirectory,
  orchestrationRoutes,
} from "./features/orchestration/index.js";
import {
  createPasskeyService,
  type PasskeyService,
  passkeyRoutes,
  relyingPartyFor,
} from "./features/passkeys/index.js";
import {
  type BillingProvider,
  billingRoutes,
  createImmediateBillingProvider,
  createPlanRequestService,
  createPlanService,
  createStripeBilling,
  createStripeGateway,
  type PlanRequestService,
  type PlanService,
  planRoutes,
  type StripeBilling,
  type StripeGateway,
} from "./features/plans/index.js";
import {
  apiCallProgressPlugin,
  createMemoryBoardStore,
  createProgressionService,
  createRedisBoardStore,
  type Every,
  type ProgressionService,
  progressionRoutes,
} from "./features/progression/index.js";
import {
  createAdminCheck,
  createConnectionCounter,
  createRealtimeHub,
  createTicketStore,
  realtimeRoutes,
} from "./features/realtime/index.js";
import {
  createRequestCounter,
  createSecurityService,
  requestBurstPlugin,
  type SecurityService,
  securityRoutes,
} from "./features/security/index.js";
import {
  type CatalogStore,
  createCatalogStore,
  createSettingsChecks,
  createSettingsService,
  type SettingsService,
  settingsRoutes,
} from "./features/admin-settings/index.js";
import { createSetupService, type SetupService, setupRoutes } from "./features/setup/index.js";
import {
  createQuotaSignaller,
  createSignalService,
  progressSignals,
  runSignal,
  type SignalService,
  signalRoutes,
} from "./features/signals/index.js";
import { createTeamService, type TeamService, teamRoutes } from "./features/teams/index.js";
import {
  createFileService,
  createLocalStorage,
  type FileService,
  uploadRoutes,
} from "./features/files/index.js";
import { usageRoutes } from "./features/usage/index.js";
import { createUserService, type UserService, userRoutes } from "./features/users/index.js";
import {
  createWorkspaceService,
  type WorkspaceService,
  workspaceRoutes,
} from "./features/workspace/index.js";
import {
  apiKeyGatePlugin,
  authPlugin,
  createTokenSigner,
  loadSigningKey,
} from "./platform/auth.js";
import { compressReply } from "./platform/compression.js";
import { errorsPlugin } from "./platform/errors.js";
import { featureGatePlugin } from "./platform/feature-gate.js";
import {
  currentCatalog,
  liveCatalogPlugin,
  processCatalogIs,
  setProcessCatalog,
} from "./platform/live-catalog.js";
import { meteringPlugin } from "./platform/metering.js";
import { nulGuardPlugin } from "./platform/nul-guard.js";
import { createRateLimiterFactory, type RateLimiterFactory } from "./platform/rate-limit.js";
import { createRealtimeBus, type RealtimeBus } from "./platform/realtime-bus.js";
import { routeListPlugin } from "./platform/route-list.js";
import { securityPlugin } from "./platform/security.js";
import { webAppPlugin } from "./platform/web-app.js";

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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Finish in-flight requests on close; new ones on kept-alive sockets get 503.
    return503OnClosing: true,
    // Idle keep-alive connections end as close() starts (main.ts keeps sweeping those that fall idle later).
    forceCloseConnections: "idle",
    requestIdHeader: "x-request-id",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  watchRedis(app, deps.redis);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("redis", deps.redis);

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
    // The login day is counted before the reply; a failure there is logged and never blocks signing in.
    onSignIn: (userId) =>
      progression
        .recordSignIn(userId)
        .catch((error: unknown) => app.log.warn({ err: error, userId }, "login day not counted")),
  });
  const mailer = createMailer({
    db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  // A failed credit is retried by the hourly check (the ledger key makes it pay once).
  const onWorldChanged = (userId: string) =>
    progression.leaderboard
      .refresh(userId)
      .then(() =>
        progression
          .creditWorldUpgrades(userId)
          .catch((error: unknown) =>
            app.log.warn({ err: error, userId }, "upgrade bonus deferred"),
          ),
      );
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
      // Live figures for admins' realtime dashboards (userId null: admin sockets only).
      onSample: (sample) =>
        realtimeBus.publish("metrics", {
          userId: null,
          message: {
            type: "metrics",
            at: sample.at,
            values: {
              cpuPercent: sample.cpuPercent,
              memoryPercent: sample.memory.percentage,
              memoryUsedBytes: sample.memory.usedBytes,
              memoryTotalBytes: sample.memory.totalBytes,
              uptimeSeconds: sample.uptimeSeconds,
            },
          },
        }),
    }),
  });
  // Harmony below 0.3 opens the rebalance alert; the alerts service is created just below.
  const consciousness = createConsciousnessService({
    db,
    clock,
    onLowHarmony: (userId, harmony) => alerts.raiseRebalance(userId, harmony),
  });
  const alerts: AlertService = createAlertService({
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
  app.decorate("audit", audit);
  app.decorate("services", services);
  const orchestration = createOrchestrationService({
    db,
    clock,
    audit,
    models: providerFromConfig(config.ai, workspace).models,
    bus: realtimeBus,
    chat: services.chat,
    commands: services.commands,
    backgroundRuns: services.backgroundRuns,
    instance,
    log: app.log,
  });
  await orchestration.start();
  app.addHook("onClose", async () => orchestration.stop());
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

  // JSON and other text replies over about 1 KB travel brotli/gzip-compressed (streams pass untouched).
  app.addHook("onSend", compressReply);
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

  await app.register(healthRoutes);
  await app.register(apiDocsRoutes);
  await app.register(catalogRoutes);
  await app.register(settingsRoutes, {
    settings: services.settings,
    checks: createSettingsChecks({
      mailer,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      ai: config.ai,
    }),
  });
  await app.register(usageRoutes);
  const secureCookies = config.publicUrl.startsWith("https://");
  await app.register(authRoutes, {
    accounts,
    sessions,
    rateLimiters: services.rateLimiters,
    secureCookies,
    mailer: services.mailer,
    publicUrl: config.publicUrl,
  });
  await app.register(setupRoutes, { setup: services.setup, secureCookies });
  await app.register(passwordResetRoutes, {
    resets: services.passwordResets,
    rateLimiters: services.rateLimiters,
  });
  await app.register(mfaRoutes, {
    mfa: services.mfa,
    accounts,
    rateLimiters: services.rateLimiters,
    secureCookies,
  });
  await app.register(oauthRoutes, {
    oauth: createOAuthService({
      db,
      clock,
      audit,
      accounts: services.accounts,
      registrationOpen: () => catalog.site().registrationOpen,
      providers: createIdentityProviders(config.oidcProviders, app.log),
      publicUrl: config.publicUrl,
    }),
    rateLimiters: services.rateLimiters,
    secureCookies,
  });
  await app.register(passkeyRoutes, { passkeys: services.passkeys, accounts, secureCookies });
  await app.register(userRoutes, { users: services.users });
  await app.register(planRoutes, { plans });
  await app.register(billingRoutes, {
    stripe,
    requests: planRequests,
    selfService: () => catalog.site().selfServicePlans,
  });
  await app.register(progressionRoutes, { progression });
  await app.register(adminRoutes);
  await app.register(mailRoutes, { mailer });
  await app.register(aiRoutes, { ai });
  await app.register(chatRoutes, { chat: services.chat });
  await app.register(commandRoutes, { commands: services.commands });
  await app.register(errorReportRoutes, {
    errorReports: services.errorReports,
    rateLimiters: services.rateLimiters,
  });
  await app.register(securityRoutes, {
    security: services.security,
    rateLimiters: services.rateLimiters,
  });
  await app.register(uploadRoutes, { files });
  await app.register(workspaceRoutes, { workspace });
  await app.register(teamRoutes, { teams: services.teams });
  await app.register(batchRoutes, {
    batches: createBatchService({ dispatch: (request) => app.inject(request) }),
  });

  await app.register(metricsRoutes, { metrics, metricsToken: config.metricsToken });
  await app.register(alertRoutes, { alerts });
  await app.register(consciousnessRoutes, { consciousness });
  await app.register(orchestrationRoutes, { orchestration });
  await app.register(autonomousRoutes, { autonomous });
  await app.register(jobRoutes, { runs: backgroundRuns, jobs });

  await app.register(analyticsRoutes, {
    analytics: createAnalyticsService({
      db,
      catalog: currentCatalog,
      clock,
      apiCalls: apiCallCounter,
      rollups: services.analyticsRollups,
    }),
    clock,
  });
  await app.register(signalRoutes, { signals });
  await app.register(dashboardRoutes, {
    dashboard: createDashboardService({ db, clock, signals }),
  });
  await app.register(apiKeyRoutes, { apiKeys: services.apiKeys });
  await app.register(accountRoutes, {
    account: createAccountDataService({
      db,
      clock,
      audit,
      files,
      mailer: services.mailer,
      publicUrl: config.publicUrl,
      onDeleted: (userId) => progression.leaderboard.refresh(userId),
    }),
    clock,
    rateLimiters: services.rateLimiters,
  });
  const tickets = createTicketStore({ db, redis: deps.redis, prefix: `aacos:${prefix}`, clock });
  await app.register(realtimeRoutes, {
    tickets,
    hub: createRealtimeHub({
      bus: realtimeBus,
      tickets,
      connections: createConnectionCounter({ redis: deps.redis, prefix: `aacos:${prefix}` }),
      signals,
      currentAdmins: createAdminCheck(db),
      log: app.log,
    }),
  });

  await app.register(webAppPlugin, {
    webDist: config.webDist,
    billingMode: stripe === null ? "test" : "stripe",
  });
  // Registers its queue, subscribes to signals and the kill switch, starts its tick; stops before the jobs do.
  await autonomous.start();
  app.addHook("onClose", async () => autonomous.stop());
  // Every feature has registered its queues by now.
  await jobs.start();
  return app;
}

/** Logs once when Redis goes away (counters fall back to this process) and once when it is back. */
function watchRedis(app: FastifyInstance, redis: Redis | null) {
  if (redis === null) return;
  let away = false;
  redis.on("error", (error: Error) => {
    if (away) return;
    away = true;
    app.log.error(
      { err: error },
      "Redis unavailable: rate limits and counters run in this process until it returns",
    );
  });
  redis.on("ready", () => {
    if (!away) return;
    away = false;
    app.log.info("Redis is back: rate limits and counters are shared again");
  });
}
