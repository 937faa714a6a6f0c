// Every feature's routes, registered after the platform plugins, and the web app last.
import type { FastifyInstance } from "fastify";
import { accountRoutes, createAccountDataService } from "../features/account/index.js";
import { adminRoutes } from "../features/admin/index.js";
import { createSettingsChecks, settingsRoutes } from "../features/admin-settings/index.js";
import { aiRoutes } from "../features/ai/index.js";
import { alertRoutes } from "../features/alerts/index.js";
import {
  type ApiCallCounter,
  analyticsRoutes,
  createAnalyticsService,
} from "../features/analytics/index.js";
import { apiDocsRoutes } from "../features/api-docs/index.js";
import { apiKeyRoutes } from "../features/api-keys/index.js";
import { authRoutes, passwordResetRoutes } from "../features/auth/index.js";
import { autonomousRoutes } from "../features/autonomous/index.js";
import { batchRoutes, createBatchService } from "../features/batch/index.js";
import { catalogRoutes } from "../features/catalog/index.js";
import { chatRoutes } from "../features/chat/index.js";
import { commandRoutes } from "../features/commands/index.js";
import { consciousnessRoutes } from "../features/consciousness/index.js";
import { createDashboardService, dashboardRoutes } from "../features/dashboard/index.js";
import { errorReportRoutes } from "../features/errors/index.js";
import { uploadRoutes } from "../features/files/index.js";
import { healthRoutes } from "../features/health/index.js";
import { jobRoutes } from "../features/jobs/index.js";
import { mailRoutes } from "../features/mail/index.js";
import { mfaRoutes } from "../features/mfa/index.js";
import { metricsRoutes } from "../features/monitoring/index.js";
import {
  createIdentityProviders,
  createOAuthService,
  oauthRoutes,
} from "../features/oauth/index.js";
import { orchestrationRoutes } from "../features/orchestration/index.js";
import { passkeyRoutes } from "../features/passkeys/index.js";
import { billingRoutes, planRoutes } from "../features/plans/index.js";
import { progressionRoutes } from "../features/progression/index.js";
import {
  createAdminCheck,
  createConnectionCounter,
  createRealtimeHub,
  createTicketStore,
  realtimeRoutes,
} from "../features/realtime/index.js";
import { securityRoutes } from "../features/security/index.js";
import { setupRoutes } from "../features/setup/index.js";
import { signalRoutes } from "../features/signals/index.js";
import { teamRoutes } from "../features/teams/index.js";
import { usageRoutes } from "../features/usage/index.js";
import { userRoutes } from "../features/users/index.js";
import { workspaceRoutes } from "../features/workspace/index.js";
import { currentCatalog } from "../platform/live-catalog.js";
import { webAppPlugin } from "../platform/web-app.js";
import type { AppDeps, Assembled } from "./services.js";

export async function registerRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  assembled: Assembled,
  apiCallCounter: ApiCallCounter,
) {
  const { config } = deps;
  const db = deps.database.db;
  const { clock, services, realtimeBus, prefix, orchestration } = assembled;
  const {
    accounts,
    ai,
    alerts,
    audit,
    autonomous,
    backgroundRuns,
    catalog,
    consciousness,
    files,
    jobs,
    mailer,
    metrics,
    planRequests,
    plans,
    progression,
    sessions,
    signals,
    stripe,
    workspace,
  } = services;
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
}
