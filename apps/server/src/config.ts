// Every environment variable the server reads, parsed once at boot into a typed object (nothing else reads process.env).
import path from "node:path";
import { z } from "zod";
import { SERVER_ROOT } from "./server-root.js";

const REPO_ROOT = path.resolve(SERVER_ROOT, "../..");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  TRUST_PROXY: optionalText,
  WEB_DIST: optionalText,
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PUBLIC_URL: optionalText.pipe(z.url("must be a URL such as https://aacos.example").optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("AACOS <no-reply@aacos.local>"),
  AACOS_ADMIN_EMAIL: optionalText,
  AACOS_ADMIN_PASSWORD: optionalText,
  UPGRADE_HINT_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  API_XP_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AACOS_ENVIRONMENT: z.string().trim().min(1).default("production"),
  OIDC_PROVIDERS: optionalText,
  AI_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/\S+$/,
        "must be an http:// or https:// URL such as http://127.0.0.1:11434/v1",
      )
      .optional(),
  ),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_MODELS: optionalText,
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  ALERT_WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"], "must be true or false").default("false"),
  EXTRACT_MEMORY_MB: z.coerce
    .number()
    .int("must be a whole number of megabytes")
    .min(32, "must be at least 32")
    .max(8192, "must be at most 8192")
    .default(512),
  EXTRACT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(600, "must be at most 600")
    .default(60),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalText.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/[^/\s]+\/?$/,
        "must be an http:// or https:// origin such as https://api.stripe.com",
      )
      .optional(),
  ),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
});

/** An OpenID Connect provider users may sign in with (OIDC_PROVIDERS and OIDC_<NAME>_*). */
export interface OidcProviderConfig {
  /** The name in OIDC_PROVIDERS and in the URLs, e.g. "google". */
  id: string;
  /** The button's text. */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database and other local data. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: an address, a comma-separated list of addresses or ranges, or true. */
  trustProxy: boolean | string;
  /** Absolute path of the built web app. */
  webDist: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  /** Share of genesis calls answered with the soft upgrade hint (docs/product.md §9: 10%); 0 turns it off. */
  upgradeHintShare: number;
  /** How often each instance writes the API-call XP it counted (docs/decisions/214-api-call-xp-flushed.md). */
  apiXpFlushMs: number;
  /** Signs access tokens; when unset, a random secret is kept in the database (shared by instances). */
  authSecret: string | undefined;
  /** The address users reach the app at, for links in mail and OAuth redirects. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Created or updated as an admin at start-up when both are set. */
  bootstrapAdmin: { email: string; password: string } | undefined;
  environment: string;
  release: string;
  oidcProviders: OidcProviderConfig[];
  /** The OpenAI-compatible language model; null → the offline retrieval provider. */
  ai: AiConfig | null;
  /** GET /metrics also answers this bearer token (Prometheus); admins and operators always may. */
  metricsToken: string | undefined;
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: alert webhooks may target private, loopback and link-local addresses. */
  alertWebhookAllowPrivate: boolean;
  /** EXTRACT_MEMORY_MB and EXTRACT_TIMEOUT_SECONDS: what one knowledge file's text extraction may use. */
  extraction: { memoryMb: number; timeoutMs: number };
  /** STRIPE_*: the Stripe provider takes payment; null → the free provider (test mode). */
  stripe: StripeConfig | null;
  /** BILLING_GRACE_DAYS: days a failed payment leaves the paid plan in place before it falls back to genesis. */
  billingGraceDays: number;
}

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE (docs/decisions/175-stripe-billing.md). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: Stripe's API, or a loopback server in tests. */
  apiBase: { protocol: "http" | "https"; host: string; port: number };
}

function parseStripe(values: z.infer<typeof EnvSchema>): StripeConfig | null {
  if (values.STRIPE_SECRET_KEY === undefined) {
    if (values.STRIPE_WEBHOOK_SECRET !== undefined || values.STRIPE_API_BASE !== undefined) {
      throw new ConfigError(
        "invalid STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET or STRIPE_API_BASE is set",
      );
    }
    return null;
  }
  if (values.STRIPE_WEBHOOK_SECRET === undefined) {
    throw new ConfigError("invalid STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  }
  const url = new URL(values.STRIPE_API_BASE ?? "https://api.stripe.com");
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    secretKey: values.STRIPE_SECRET_KEY,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    apiBase: {
      protocol,
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port === "" ? (protocol === "http" ? 80 : 443) : Number(url.port),
    },
  };
}

/** AI_BASE_URL, AI_API_KEY, AI_MODEL and AI_MODELS (docs/decisions/060-ai-features-and-plans.md). */
export interface AiConfig {
  /** The OpenAI-compatible `/v1` base. */
  baseUrl: string;
  apiKey: string | undefined;
  /** The model every plan may use; entities without a model of their own use it. */
  model: string;
  /** AI_MODELS="small:1,medium:3,large:5": further models an entity may choose, each with its complexity 1–5. */
  models: { name: string; complexity: number }[];
}

/** A configuration problem, reported as one line at start-up. */
export class ConfigError extends Error {}

const OIDC_PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** OIDC_PROVIDERS=acme,google with OIDC_ACME_ISSUER, _CLIENT_ID, _CLIENT_SECRET and optional _LABEL each. */
function parseOidcProviders(
  list: string | undefined,
  env: Record<string, string | undefined>,
): OidcProviderConfig[] {
  if (list === undefined) return [];
  const ids = list
    .split(",")
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== "");
  const providers: OidcProviderConfig[] = [];
  for (const id of ids) {
    if (!OIDC_PROVIDER_ID.test(id)) {
      throw new ConfigError(
        `invalid OIDC_PROVIDERS: "${id}" must be lower-case letters, digits and dashes`,
      );
    }
    if (providers.some((provider) => provider.id === id)) {
      throw new ConfigError(`invalid OIDC_PROVIDERS: "${id}" is listed twice`);
    }
    const prefix = `OIDC_${id.toUpperCase().replaceAll("-", "_")}_`;
    const read = (name: string) => {
      const value = env[prefix + name]?.trim();
      return value === undefined || value === "" ? undefined : value;
    };
    const need = (name: string) => {
      const value = read(name);
      if (value === undefined) {
        throw new ConfigError(`invalid ${prefix}${name}: required for provider "${id}"`);
      }
      return value;
    };
    const issuer = need("ISSUER");
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new ConfigError(
        `invalid ${prefix}ISSUER: must be a URL such as https://accounts.example`,
      );
    }
    // Tokens and secrets travel to the issuer: plain http only to this machine (tests, local providers).
    if (
      url.protocol !== "https:" &&
      !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
    ) {
      throw new ConfigError(
        `invalid ${prefix}ISSUER: must use https:// (http:// only on localhost)`,
      );
    }
    providers.push({
      id,
      label: read("LABEL") ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer,
      clientId: need("CLIENT_ID"),
      clientSecret: need("CLIENT_SECRET"),
    });
  }
  return providers;
}

/** "name:complexity" pairs; the last colon splits, since model names may hold colons (llama3.1:8b:3). */
function parseAiModels(list: string | undefined): AiConfig["models"] {
  if (list === undefined) return [];
  const models: AiConfig["models"] = [];
  for (const item of list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")) {
    const colon = item.lastIndexOf(":");
    const name = colon > 0 ? item.slice(0, colon).trim() : "";
    const complexity = Number(colon > 0 ? item.slice(colon + 1) : Number.NaN);
    if (name === "" || !Number.isInteger(complexity) || complexity < 1 || complexity > 5) {
      throw new ConfigError(
        `invalid AI_MODELS: "${item}" must be name:complexity with complexity 1 to 5, e.g. small:1,large:5`,
      );
    }
    if (models.some((model) => model.name === name)) {
      throw new ConfigError(`invalid AI_MODELS: "${name}" is listed twice`);
    }
    models.push({ name, complexity });
  }
  return models;
}

function parseAi(values: z.infer<typeof EnvSchema>): AiConfig | null {
  if (values.AI_BASE_URL === undefined) {
    if (values.AI_MODEL !== undefined || values.AI_MODELS !== undefined) {
      throw new ConfigError("invalid AI_BASE_URL: required when AI_MODEL or AI_MODELS is set");
    }
    return null;
  }
  if (values.AI_MODEL === undefined) {
    throw new ConfigError("invalid AI_MODEL: required when AI_BASE_URL is set");
  }
  return {
    baseUrl: values.AI_BASE_URL.replace(/\/+$/, ""),
    apiKey: values.AI_API_KEY,
    model: values.AI_MODEL,
    models: parseAiModels(values.AI_MODELS),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return value;
}

export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`invalid ${name}: ${issue?.message ?? "bad value"}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    webDist: values.WEB_DIST
      ? path.resolve(cwd, values.WEB_DIST)
      : path.join(REPO_ROOT, "apps/web/dist"),
    logLevel: values.LOG_LEVEL,
    upgradeHintShare: values.UPGRADE_HINT_SHARE,
    apiXpFlushMs: values.API_XP_FLUSH_MS,
    authSecret: values.AUTH_SECRET,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    bootstrapAdmin:
      values.AACOS_ADMIN_EMAIL !== undefined && values.AACOS_ADMIN_PASSWORD !== undefined
        ? { email: values.AACOS_ADMIN_EMAIL, password: values.AACOS_ADMIN_PASSWORD }
        : undefined,
    environment: values.AACOS_ENVIRONMENT,
    release: "1.0.0",
    oidcProviders: parseOidcProviders(values.OIDC_PROVIDERS, env),
    ai: parseAi(values),
    metricsToken: values.METRICS_TOKEN,
    alertWebhookAllowPrivate: values.ALERT_WEBHOOK_ALLOW_PRIVATE === "true",
    extraction: {
      memoryMb: values.EXTRACT_MEMORY_MB,
      timeoutMs: values.EXTRACT_TIMEOUT_SECONDS * 1000,
    },
    stripe: parseStripe(values),
    billingGraceDays: values.BILLING_GRACE_DAYS,
  };
}

/** A URL safe to print: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}
