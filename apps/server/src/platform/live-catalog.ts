// The live plan catalogue (built-in + admins' overrides) as every feature reads it: the catalogue functions of the
// domain package with the same call signatures, answering from this app's catalogue store
// (docs/decisions/115-live-catalogue.md). The store itself lives in features/admin-settings.
import { AsyncLocalStorage } from "node:async_hooks";
import {
  buildCatalog,
  type Catalog,
  effectiveLimits as catalogEffectiveLimits,
  isPaidTier as catalogIsPaidTier,
  tierByName as catalogTierByName,
  trialEndFor as catalogTrialEndFor,
  worldByName as catalogWorldByName,
  type SubscriptionTier,
  type TierLimits,
  type TierName,
  type World,
  type WorldName,
} from "@aacos/domain/catalog";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Anything that knows the current catalogue (the settings feature's store). */
export interface CatalogSource {
  current(): Catalog;
}

const builtIn = buildCatalog();
const BUILT_IN: CatalogSource = { current: () => builtIn };
const scope = new AsyncLocalStorage<CatalogSource>();
/**
 * The stores of the apps serving in this process (docs/decisions/216-one-app-no-async-scope.md). With one, its
 * requests read it without the async scope: an AsyncLocalStorage in use makes Node track every promise of the process.
 */
const serving = new Map<CatalogSource, number>();
let sole: CatalogSource | null = null;
/** Work outside a request (scheduled jobs) reads the store of the app started last: one per process in production. */
let processSource: CatalogSource = BUILT_IN;

export function setProcessCatalog(source: CatalogSource | null): void {
  processSource = source ?? BUILT_IN;
}

export function processCatalogIs(source: CatalogSource): boolean {
  return processSource === source;
}

/** The catalogue in force for the code running now: this request's app's, else the process's. */
export function currentCatalog(): Catalog {
  return (scope.getStore() ?? sole ?? processSource).current();
}

/** Runs `work` with `source` as the catalogue of everything it calls (tests, jobs of one app). */
export function withCatalog<T>(source: CatalogSource, work: () => T): T {
  return scope.run(source, work);
}

/**
 * Each catalogue's effective limits per plan, worked out once: a catalogue is never changed in place (the store
 * replaces it), so its entry goes with it. Metering asks on every request (docs/decisions/355-hot-path-memos.md).
 */
const limitsByCatalog = new WeakMap<Catalog, Map<string, Readonly<TierLimits>>>();

export function effectiveLimits(
  tier: TierName | null | undefined,
  world: WorldName | null | undefined,
): Readonly<TierLimits> {
  const catalog = currentCatalog();
  let plans = limitsByCatalog.get(catalog);
  if (plans === undefined) {
    plans = new Map();
    limitsByCatalog.set(catalog, plans);
  }
  const key = `${tier ?? ""}|${world ?? ""}`;
  let limits = plans.get(key);
  if (limits === undefined) {
    limits = Object.freeze(catalogEffectiveLimits(tier, world, catalog));
    plans.set(key, limits);
  }
  return limits;
}

export function tierByName(name: TierName | null | undefined): SubscriptionTier {
  return catalogTierByName(name, currentCatalog());
}

export function worldByName(name: WorldName | null | undefined): World {
  return catalogWorldByName(name, currentCatalog());
}

export function isPaidTier(tier: TierName): boolean {
  return catalogIsPaidTier(tier, currentCatalog());
}

export function trialEndFor(tier: TierName, now: Date): Date | null {
  return catalogTrialEndFor(tier, now, currentCatalog());
}

function servingChanged(): void {
  const [only, apps] = serving.size === 1 ? ([...serving][0] ?? [null, 0]) : [null, 0];
  sole = apps === 1 ? only : null;
  // Back to one app: Node stops tracking promises for the scope (no request of another app is left to read it).
  if (sole !== null) scope.disable();
}

/**
 * Binds every request of this app to its catalogue store. Several apps may share one process (tests run two
 * "instances" side by side), so then the store travels with the request rather than in a module variable; body
 * parsing runs on the socket's own events, so the scope is entered again before validation and the handler. An app
 * alone in its process (production) is the sole store, read without a scope.
 */
export const liveCatalogPlugin = fp(
  async (app: FastifyInstance, options: { source: CatalogSource }) => {
    const source = options.source;
    const enter = (_request: unknown, _reply: unknown, done: () => void) => {
      if (sole === source) done();
      else scope.run(source, done);
    };
    serving.set(source, (serving.get(source) ?? 0) + 1);
    servingChanged();
    app.addHook("onClose", async () => {
      const apps = (serving.get(source) ?? 1) - 1;
      if (apps === 0) serving.delete(source);
      else serving.set(source, apps);
      servingChanged();
    });
    app.pipeline.onRequest(enter);
    app.pipeline.preValidation(enter);
    app.pipeline.preHandler(enter);
  },
  { name: "live-catalog" },
);
