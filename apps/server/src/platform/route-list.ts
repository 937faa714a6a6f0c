// Records every API route as it is registered, so tests can walk all of them (the access matrix) without a hand-kept list.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface ApiRoute {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

export const routeListPlugin = fp(async (app: FastifyInstance) => {
  const routes: ApiRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "HEAD") routes.push({ method, url: route.url });
    }
  });
});
