// Records every API route as it is registered, so tests can walk all of them (the access matrix) without a hand-kept list.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";

export interface ApiRoute {
  method: string;
  url: string;
  /** The query parameters its schema names (empty when it declares none). */
  query: string[];
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
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

export const routeListPlugin = fp(async (app: FastifyInstance) => {
  const routes: ApiRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const query = keysOf(route.schema?.querystring);
    for (const method of methods) {
      if (method !== "HEAD") routes.push({ method, url: route.url, query });
    }
  });
});
