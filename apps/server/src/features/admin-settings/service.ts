// Admin settings: catalogue overrides per tier and world (with their history), the registration switch and the
// maintenance banner. Every write records old → new in settings_changes, then refreshes every instance's store.

import {
  buildCatalog,
  type LocalizedText,
  type TierName,
  tierByName,
  type WorldName,
  worldByName,
} from "@aacos/domain/catalog";
import {
  type PublicSettings,
  type TierOverrideBody,
  tierSettings,
  type WorldOverrideBody,
  worldSettings,
} from "@aacos/domain/catalog-overrides";
import {
  type FieldChange,
  type PlanSettings,
  SETTINGS_CHANGE_KINDS,
  type SettingsChange,
  type SettingsHistory,
} from "@aacos/domain/replies";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fetchPage } from "../../db/paging.js";
import { catalogOverrides, settingsChanges, siteSettings } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import { type CatalogStore, SITE_KEYS } from "./catalog-store.js";

export type SettingsKind = "tier" | "world";

export interface SettingsActor {
  id: string;
  email: string;
}

type Section = ReturnType<typeof tierSettings> | ReturnType<typeof worldSettings>;

export type PlanSettingsView = PlanSettings;
export type { FieldChange, SettingsChange };

export interface SettingsService {
  plans(): { tiers: PlanSettingsView[]; worlds: PlanSettingsView[] };
  site(): PublicSettings;
  change(
    actor: SettingsActor,
    kind: SettingsKind,
    name: string,
    body: TierOverrideBody | WorldOverrideBody,
  ): Promise<FieldChange[]>;
  /** Back to the built-in value: one field, or every field of the tier or world. */
  reset(
    actor: SettingsActor,
    kind: SettingsKind,
    name: string,
    field?: string,
  ): Promise<FieldChange[]>;
  history(page: number, pageSize: number): Promise<SettingsHistory>;
  setRegistration(actor: SettingsActor, open: boolean): Promise<FieldChange[]>;
  setMaintenance(actor: SettingsActor, message: string | null): Promise<FieldChange[]>;
  setSelfServicePlans(actor: SettingsActor, enabled: boolean): Promise<FieldChange[]>;
}

/** Rows are written with these kinds only (recordChanges' callers). */
function changeKind(kind: string): SettingsChange["kind"] {
  return SETTINGS_CHANGE_KINDS.find((known) => known === kind) ?? "site";
}

type Values = { limits: object; price: object };

/** A section as the reply carries it: numbers by field name. */
function byField(section: Section): PlanSettings["values"] {
  return { limits: { ...section.limits }, price: { ...section.price } };
}

function flatten(section: Values): Map<string, number> {
  const fields = new Map<string, number>();
  for (const name of ["limits", "price"] as const) {
    for (const [key, value] of Object.entries(section[name])) {
      if (typeof value === "number") fields.set(`${name}.${key}`, value);
    }
  }
  return fields;
}

export function createSettingsService(deps: {
  db: Db;
  clock: () => Date;
  store: CatalogStore;
}): SettingsService {
  const { db, clock, store } = deps;
  const builtIn = buildCatalog();

  function sections(kind: SettingsKind, name: string, source = store.current()): Section {
    return kind === "tier"
      ? tierSettings(tierByName(name as TierName, source))
      : worldSettings(worldByName(name as WorldName, source));
  }

  function overriddenFields(kind: SettingsKind, name: string): string[] {
    const override =
      kind === "tier"
        ? store.overrides().tiers[name as TierName]
        : store.overrides().worlds[name as WorldName];
    if (override === undefined) return [];
    return [
      ...Object.keys(override.limits ?? {}).map((key) => `limits.${key}`),
      ...Object.keys(override.price ?? {}).map((key) => `price.${key}`),
    ];
  }

  function view(kind: SettingsKind, name: string, displayName: LocalizedText): PlanSettingsView {
    return {
      name,
      displayName,
      defaults: byField(sections(kind, name, builtIn)),
      values: byField(sections(kind, name)),
      overridden: overriddenFields(kind, name),
    };
  }

  function knownName(kind: SettingsKind, name: string): void {
    const known =
      kind === "tier"
        ? builtIn.tiers.some((tier) => tier.name === name)
        : builtIn.worlds.some((world) => world.tier === name);
    if (!known) throw notFound({ subject: "setting", kind, name }, `No ${kind} named ${name}`);
  }

  async function recordChanges(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    actor: SettingsActor,
    kind: string,
    name: string | null,
    changes: FieldChange[],
  ) {
    if (changes.length === 0) return;
    await tx.insert(settingsChanges).values(
      changes.map((change) => ({
        kind,
        name,
        field: change.field,
        oldValue: change.from,
        newValue: change.to,
        actorId: actor.id,
        actorEmail: actor.email,
        changedAt: clock(),
      })),
    );
  }

  async function setSite(actor: SettingsActor, key: string, from: unknown, to: unknown) {
    if (from === to) return [];
    const changes = [{ field: key, from, to }];
    // The column holds JSON; "no message" is kept as "" rather than a JSON null.
    const value = to ?? "";
    await db.transaction(async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ key, value, updatedBy: actor.id, updatedAt: clock() })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value, updatedBy: actor.id, updatedAt: clock() },
        });
      await recordChanges(tx, actor, "site", null, changes);
    });
    await store.changed();
    return changes;
  }

  return {
    plans() {
      const catalog = store.current();
      return {
        tiers: catalog.tiers.map((tier) => view("tier", tier.name, tier.displayName)),
        worlds: catalog.worlds.map((world) => view("world", world.tier, world.displayName)),
      };
    },

    site: () => store.site(),

    async change(actor, kind, name, body) {
      knownName(kind, name);
      const current = flatten(sections(kind, name));
      const defaults = flatten(sections(kind, name, builtIn));
      const wanted = flatten({ limits: body.limits ?? {}, price: body.price ?? {} });
      const changes: { field: string; from: number | undefined; to: number }[] = [];
      for (const [field, to] of wanted) {
        const from = current.get(field);
        if (from !== to) changes.push({ field, from, to });
      }
      if (changes.length === 0) return [];
      await db.transaction(async (tx) => {
        for (const { field, to } of changes) {
          const where = and(
            eq(catalogOverrides.kind, kind),
            eq(catalogOverrides.name, name),
            eq(catalogOverrides.field, field),
          );
          // The built-in value again is no override at all.
          if (defaults.get(field) === to) {
            await tx.delete(catalogOverrides).where(where);
            continue;
          }
          await tx
            .insert(catalogOverrides)
            .values({ kind, name, field, value: to, updatedBy: actor.id, updatedAt: clock() })
            .onConflictDoUpdate({
              target: [catalogOverrides.kind, catalogOverrides.name, catalogOverrides.field],
              set: { value: to, updatedBy: actor.id, updatedAt: clock() },
            });
        }
        await recordChanges(tx, actor, kind, name, changes);
      });
      await store.changed();
      return changes;
    },

    async reset(actor, kind, name, field) {
      knownName(kind, name);
      const current = flatten(sections(kind, name));
      const defaults = flatten(sections(kind, name, builtIn));
      const fields = overriddenFields(kind, name).filter(
        (candidate) => field === undefined || candidate === field,
      );
      if (field !== undefined && !defaults.has(field)) {
        throw notFound({ subject: "setting_field", kind, field }, `No field ${field} on a ${kind}`);
      }
      const changes = fields
        .map((candidate) => ({
          field: candidate,
          from: current.get(candidate),
          to: defaults.get(candidate),
        }))
        .filter((change) => change.from !== change.to);
      await db.transaction(async (tx) => {
        const scope = and(eq(catalogOverrides.kind, kind), eq(catalogOverrides.name, name));
        await tx
          .delete(catalogOverrides)
          .where(field === undefined ? scope : and(scope, eq(catalogOverrides.field, field)));
        await recordChanges(tx, actor, kind, name, changes);
      });
      await store.changed();
      return changes;
    },

    async history(page, pageSize) {
      const { items, total } = await fetchPage(
        { page, pageSize },
        db
          .select({
            id: settingsChanges.id,
            kind: settingsChanges.kind,
            name: settingsChanges.name,
            field: settingsChanges.field,
            oldValue: settingsChanges.oldValue,
            newValue: settingsChanges.newValue,
            actorEmail: settingsChanges.actorEmail,
            changedAt: settingsChanges.changedAt,
          })
          .from(settingsChanges)
          .orderBy(desc(settingsChanges.id)),
        db.select({ n: count() }).from(settingsChanges),
      );
      return {
        items: items.map((item) => ({
          ...item,
          kind: changeKind(item.kind),
          changedAt: item.changedAt.toISOString(),
        })),
        total,
      };
    },

    async setRegistration(actor, open) {
      return setSite(actor, SITE_KEYS.registrationOpen, store.site().registrationOpen, open);
    },

    async setMaintenance(actor, message) {
      return setSite(actor, SITE_KEYS.maintenanceMessage, store.site().maintenanceMessage, message);
    },

    async setSelfServicePlans(actor, enabled) {
      return setSite(actor, SITE_KEYS.selfServicePlans, store.site().selfServicePlans, enabled);
    },
  };
}
