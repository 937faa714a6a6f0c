// The catalogue store: this instance's copy of the effective plan catalogue (built-in + overrides) and the site
// switches (registration, maintenance banner). Loaded at start; reloaded at once after a change here, on the
// "settings" realtime topic when another instance changes something, and by a periodic check as a safety net.

import {
  type Catalog,
  TIER_NAMES,
  type TierName,
  WORLD_NAMES,
  type WorldName,
} from "@aacos/domain/catalog";
import {
  applyOverrides,
  type CatalogOverrides,
  isSettingField,
  type PublicSettings,
  type TierOverride,
  type WorldOverride,
} from "@aacos/domain/catalog-overrides";
import { max } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { catalogOverrides, settingsChanges, siteSettings } from "../../db/schema.js";
import type { CatalogSource } from "../../platform/live-catalog.js";
import type { RealtimeBus } from "../../platform/realtime-bus.js";

export const SITE_KEYS = {
  registrationOpen: "registration_open",
  maintenanceMessage: "maintenance_message",
  selfServicePlans: "self_service_plans",
} as const;

export const DEFAULT_SITE_SETTINGS: PublicSettings = {
  registrationOpen: true,
  maintenanceMessage: null,
  selfServicePlans: true,
};

/** How often an instance checks the database for changes it was not told about. */
export const CATALOG_REFRESH_MS = 5_000;

export interface CatalogStore extends CatalogSource {
  overrides(): CatalogOverrides;
  site(): PublicSettings;
  /** Reads the database now (start-up, after a change, on a message from another instance). */
  reload(): Promise<void>;
  /** After a change made here: reload, then tell every other instance. */
  changed(): Promise<void>;
  /** Subscribes to the other instances' changes and starts the periodic check. */
  start(): Promise<void>;
  stop(): void;
}

type OverrideRow = { kind: string; name: string; field: string; value: number };

function isTier(name: string): name is TierName {
  return TIER_NAMES.some((tier) => tier === name);
}
function isWorld(name: string): name is WorldName {
  return WORLD_NAMES.some((world) => world === name);
}

/** Rows to the overrides shape; a row the catalogue no longer knows is skipped. */
export function overridesFromRows(rows: readonly OverrideRow[]): CatalogOverrides {
  const tiers: Partial<Record<TierName, TierOverride>> = {};
  const worlds: Partial<Record<WorldName, WorldOverride>> = {};
  for (const row of rows) {
    const kind = row.kind === "tier" ? "tier" : row.kind === "world" ? "world" : null;
    if (kind === null || !isSettingField(kind, row.field)) continue;
    const [section, key] = row.field.split(".") as ["limits" | "price", string];
    let target: { limits?: object; price?: object } | null = null;
    if (kind === "tier" && isTier(row.name)) {
      target = tiers[row.name] ?? {};
      tiers[row.name] = target;
    } else if (kind === "world" && isWorld(row.name)) {
      target = worlds[row.name] ?? {};
      worlds[row.name] = target;
    }
    if (target === null) continue;
    // isSettingField vouched for the key, so the section's type holds it.
    target[section] = { ...target[section], [key]: row.value };
  }
  return { tiers, worlds };
}

function siteFromRows(rows: readonly { key: string; value: unknown }[]): PublicSettings {
  const site = { ...DEFAULT_SITE_SETTINGS };
  for (const row of rows) {
    if (row.key === SITE_KEYS.registrationOpen && typeof row.value === "boolean") {
      site.registrationOpen = row.value;
    } else if (row.key === SITE_KEYS.selfServicePlans && typeof row.value === "boolean") {
      site.selfServicePlans = row.value;
    } else if (row.key === SITE_KEYS.maintenanceMessage) {
      site.maintenanceMessage =
        typeof row.value === "string" && row.value !== "" ? row.value : null;
    }
  }
  return site;
}

export function createCatalogStore(deps: {
  db: Db;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  refreshMs?: number;
}): CatalogStore {
  const { db, bus, log } = deps;
  let overrides: CatalogOverrides = { tiers: {}, worlds: {} };
  let catalog: Catalog = applyOverrides(overrides);
  let site: PublicSettings = { ...DEFAULT_SITE_SETTINGS };
  /** The newest settings change this copy has read (null: none yet). */
  let seenChange: number | null = null;
  // Reloads run one after another, so an older read never overwrites a newer one.
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  async function read(): Promise<void> {
    const [rows, siteRows, latest] = await Promise.all([
      db
        .select({
          kind: catalogOverrides.kind,
          name: catalogOverrides.name,
          field: catalogOverrides.field,
          value: catalogOverrides.value,
        })
        .from(catalogOverrides),
      db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings),
      db.select({ id: max(settingsChanges.id) }).from(settingsChanges),
    ]);
    overrides = overridesFromRows(rows);
    catalog = applyOverrides(overrides);
    site = siteFromRows(siteRows);
    seenChange = latest[0]?.id ?? null;
  }

  function reload(): Promise<void> {
    queue = queue.then(read, read);
    return queue;
  }

  async function check(): Promise<void> {
    const [latest] = await db.select({ id: max(settingsChanges.id) }).from(settingsChanges);
    if ((latest?.id ?? null) !== seenChange) await reload();
  }

  return {
    current: () => catalog,
    overrides: () => overrides,
    site: () => site,
    reload,
    async changed() {
      await reload();
      await bus.publish("settings", { userId: null, message: { type: "settings.changed" } });
    },
    async start() {
      await reload();
      unsubscribe = await bus.subscribe("settings", () => {
        reload().catch((error: unknown) => log.warn({ err: error }, "settings not reloaded"));
      });
      timer = setInterval(() => {
        check().catch((error: unknown) => log.debug({ err: error }, "settings check failed"));
      }, deps.refreshMs ?? CATALOG_REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
