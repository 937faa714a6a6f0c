// Records every API route as it is registered, so tests can walk all of them (the access matrix) without a hand-kept list.
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";

export interface ApiRoute {
  method: string;
  url: string;
  /** The query parameters its schema names (empty when it declares none). */
  query: string[];
  /** Its declared schemas (zod), for the API document. */
  schema: FastifySchema;
  /** Who may call it, as its onRequest hooks demand (empty: anyone). */
  access: HookAccess[];
}

/** What one onRequest hook demands of the caller: a signed-in user, maybe a role, permissions or a plan feature. */
export interface HookAccess {
  anyRole?: readonly string[];
  allPermissions?: readonly string[];
  feature?: string;
}

const hookAccess = new WeakMap<object, HookAccess>();

/** Records what an onRequest hook demands, so the API document can say who may call a route that uses it. */
export function describeHook<Hook extends object>(hook: Hook, access: HookAccess): Hook {
  hookAccess.set(hook, access);
  return hook;
}

function accessOf(hooks: unknown): HookAccess[] {
  const list = Array.isArray(hooks) ? hooks : hooks === undefined ? [] : [hooks];
  return list.flatMap((hook: unknown) => {
    const access = typeof hook === "function" ? hookAccess.get(hook) : undefined;
    return access === undefined ? [] : [access];
  });
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    /** The matched route's pattern once read (null: none matched; undefined: not read yet). */
    matchedRouteUrl: string | null | undefined;
  }
}

/** The keys of a zod object schema, also behind a pipe or a default; anything else names none. */
function keysOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) {
    return keysOf(schema.unwrap());
  }
  return [];
}

export const routeListPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: ApiRoute[] = [];
    app.decorate("apiRoutes", routes);
    app.decorateRequest("matchedRouteUrl", undefined);
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/")) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const query = keysOf(route.schema?.querystring);
      for (const method of methods) {
        if (method !== "HEAD") {
          routes.push({
            method,
            url: route.url,
            query,
            schema: route.schema ?? {},
            access: accessOf(route.onRequest),
          });
        }
      }
    });
  },
  { name: "route-list" },
);

/**
 * The API route a request matched (its pattern, "/api/aacos/universes/:id"), or null. Every path-based rule —
 * metering, burst detection, API-key scopes — decides on this, never on the raw URL, so "/%61pi/…", "//api/…" and
 * the like are judged as the route they reach (docs/decisions/162-decide-on-the-matched-route.md).
 */
export function apiRouteOf(request: FastifyRequest): string | null {
  const route = matchedRouteOf(request);
  return route?.startsWith("/api/") ? route : null;
}

/**
 * The pattern of the route a request matched (null: none), read once per request: Fastify builds a new
 * `routeOptions` object on every read, and metering, API keys and burst detection each ask
 * (docs/decisions/392-route-decisions-once.md). A request keeps its route for its whole life (nothing here calls
 * `callNotFound`).
 */
export function matchedRouteOf(request: FastifyRequest): string | null {
  const known = request.matchedRouteUrl;
  if (known !== undefined) return known;
  const route = request.routeOptions.url ?? null;
  request.matchedRouteUrl = route;
  return route;
}

/**
 * Whether a raw URL names something under /api once percent-escapes are decoded, slashes collapsed, dot segments
 * resolved and case folded: what a request that matched no API route (a 404, or the web app's catch-all) is
 * judged by.
 */
export function isApiPath(url: string): boolean {
  let path = url.split(/[?#;]/, 1)[0] ?? url;
  // Repeated decoding undoes double escapes ("%2561pi"); bad escapes are kept as they are.
  for (let round = 0; round < 3 && path.includes("%"); round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments[0]?.trim().toLowerCase() === "api";
}

/** A request for the API: it matched an API route, or no route but its path names one (probes count too). */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = matchedRouteOf(request);
  if (route?.startsWith("/api/")) return true;
  return isApiPath(request.url);
}

/**
 * A rule that depends only on a (method, matched route) pair, worked out once per pair: the domain's rules scan their
 * route lists, and a server has a fixed, small set of routes (docs/decisions/392).
 */
export function perRoute<T>(
  rule: (method: string, route: string) => T,
): (method: string, route: string) => T {
  // By method, then by route: no key string is built per request.
  const known = new Map<string, Map<string, T>>();
  return (method, route) => {
    let byRoute = known.get(method);
    if (byRoute === undefined) {
      byRoute = new Map();
      known.set(method, byRoute);
    }
    const value = byRoute.get(route);
    if (value !== undefined || byRoute.has(route)) return value as T;
    const worked = rule(method, route);
    byRoute.set(route, worked);
    return worked;
  };
}
