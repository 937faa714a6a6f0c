// Builds every service of the server from the app's config, database, Redis and clock: a short list of groups in
// dependency order (core, progression, plans, accounts, workspace, monitoring, runs), each in its own file and
// adding the hooks that stop what it starts on close (decision 310).
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { CatalogStore, SettingsService } from "../features/admin-settings/index.js";
import type { AiService } from "../features/ai/index.js";
import type { AlertService } from "../features/alerts/index.js";
import type { AnalyticsRollups } from "../features/analytics/index.js";
import type { ApiKeyService } from "../features/api-keys/index.js";
import type { AuditService } from "../features/audit/index.js";
import type { AccountService, PasswordResetService, SessionStore } from "../features/auth/index.js";
import type { AutonomousService } from "../features/autonomous/index.js";
import type { ChatService } from "../features/chat/index.js";
import type { CommandService } from "../features/commands/index.js";
import type { ConsciousnessService } from "../features/consciousness/index.js";
import type { ErrorReportService } from "../features/errors/index.js";
import type { FileService } from "../features/files/index.js";
import type { BackgroundRuns, JobService, JobServiceDeps } from "../features/jobs/index.js";
import type { Mailer } from "../features/mail/index.js";
import type { MfaService } from "../features/mfa/index.js";
import type {
  createRequestStats,
  MetricsService,
  SystemReading,
} from "../features/monitoring/index.js";
import type { OrchestrationService } from "../features/orchestration/index.js";
import type { PasskeyService } from "../features/passkeys/index.js";
import type {
  BillingProvider,
  PlanRequestService,
  PlanService,
  StripeBilling,
  StripeGateway,
} from "../features/plans/index.js";
import type { Every, ProgressionService } from "../features/progression/index.js";
import type { SecurityService } from "../features/security/index.js";
import type { SetupService } from "../features/setup/index.js";
import type { SignalService } from "../features/signals/index.js";
import type { TeamService } from "../features/teams/index.js";
import type { UserService } from "../features/users/index.js";
import type { WorkspaceService } from "../features/workspace/index.js";
import type { createTokenSigner } from "../platform/auth.js";
import type { RateLimiterFactory } from "../platform/rate-limit.js";
import type { RealtimeBus } from "../platform/realtime-bus.js";
import { createAccountServices } from "./accounts.js";
import { createCore } from "./core.js";
import { createMonitoring } from "./monitoring.js";
import { createPlanServices } from "./plans.js";
import { createProgression } from "./progression.js";
import { createRuns } from "./runs.js";
import { createWorkspaceServices } from "./workspace.js";

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
  /**
   * Background start-up work that no request waits for (the leaderboard index's fill) begins this long after the app
   * is built; unset, at once (tests). main.ts delays it past the first requests.
   */
  startupWorkDelayMs?: number;
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
  const core = await createCore(app, deps);
  const progression = createProgression(core);
  const plans = createPlanServices(core, progression);
  const workspace = await createWorkspaceServices(core, progression);
  const accounts = createAccountServices(core, {
    progression,
    plans: plans.plans,
    files: workspace.files,
  });
  // The metrics read the job runner's state at scrape time only; the runner is built with the runs below.
  const monitoring = createMonitoring(core, () => runs.services.jobs.state());
  const runs = await createRuns(core, {
    progression,
    workspace: workspace.workspace,
    ai: workspace.ai,
    instance: monitoring.instance,
  });
  const { clock, signer, realtimeBus, prefix, audit, sessions, mailer, signals, catalog } = core;
  const services: Services = {
    audit,
    sessions,
    mailer,
    signals,
    catalog,
    progression,
    ...plans,
    ...accounts,
    ...workspace,
    ...monitoring.services,
    ...runs.services,
  };
  return {
    clock,
    services,
    signer,
    realtimeBus,
    requestStats: monitoring.requestStats,
    prefix,
    instance: monitoring.instance,
    orchestration: runs.orchestration,
  };
}
