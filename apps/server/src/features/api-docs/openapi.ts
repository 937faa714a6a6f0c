// The OpenAPI 3.1 document of the API, built from what the routes declare: their zod schemas (parameters, body,
// replies), their onRequest hooks (who may call) and the API-key scope rules. Replies that are not JSON (streams,
// downloads, the WebSocket) are named in RAW_REPLIES. docs/decisions/241-openapi-from-route-schemas.md.
import { ANALYTICS_REPORTS } from "@aacos/domain/analytics";
import { API_KEY_PREFIX, requiredScope } from "@aacos/domain/api-keys";
import { ErrorReply } from "@aacos/domain/replies";
import { z } from "zod";
import type { ApiRoute, HookAccess } from "../../platform/route-list.js";

type JsonSchema = Record<string, unknown>;

interface RawReply {
  status: number;
  contentType: string;
  description: string;
}

const CSV = "A CSV file (UTF-8, a header row first), sent as an attachment.";

/** Routes whose reply is not (only) a JSON document: each stays as it is and is described here. */
const RAW_REPLIES: Record<string, RawReply[]> = {
  "POST /api/chat/conversations/:id/messages": [
    {
      status: 200,
      contentType: "text/event-stream",
      description:
        "With `Accept: text/event-stream`: server-sent events, `{delta}` pieces of the answer, then a `done` event " +
        "with `{message, usage}` or an `error` event with `{error: {code, message}}`.",
    },
  ],
  "POST /api/commands": [
    {
      status: 200,
      contentType: "text/event-stream",
      description:
        "With `Accept: text/event-stream`: server-sent events per entity (`delta`, `done`, `error`), then `end`.",
    },
  ],
  "GET /api/chat/conversations/:id/export": [
    { status: 200, contentType: "text/markdown", description: "The conversation as Markdown." },
  ],
  "GET /api/admin/audit.csv": [{ status: 200, contentType: "text/csv", description: CSV }],
  ...Object.fromEntries(
    ANALYTICS_REPORTS.map((report) => [
      `GET /api/admin/analytics/${report}`,
      [{ status: 200, contentType: "text/csv", description: `Without format=json: ${CSV}` }],
    ]),
  ),
  "GET /api/auth/oauth/:provider/start": [
    {
      status: 302,
      contentType: "text/plain",
      description: "A redirect to the identity provider's sign-in page.",
    },
  ],
  "GET /api/me/export": [
    {
      status: 200,
      contentType: "application/zip",
      description: "Everything the account holds, as a ZIP archive of JSON files and uploads.",
    },
  ],
  "GET /api/files/:id": [
    {
      status: 200,
      contentType: "application/octet-stream",
      description: "The uploaded file's bytes, with the content type it was checked to be.",
    },
  ],
  "GET /api/realtime": [
    {
      status: 101,
      contentType: "application/json",
      description:
        "A WebSocket (upgrade with `?ticket=` from POST /api/realtime/ticket): JSON messages both ways, " +
        "`{type: subscribe|unsubscribe, topic}` from the client, topic events from the server.",
    },
  ],
  "GET /api/openapi.json": [
    { status: 200, contentType: "application/json", description: "This document (OpenAPI 3.1)." },
  ],
  "GET /api/docs": [
    { status: 200, contentType: "text/html", description: "This reference as a web page." },
  ],
  "GET /api/docs/reference.js": [
    { status: 200, contentType: "text/javascript", description: "The reference page's script." },
  ],
  "GET /api/docs/reference.css": [
    { status: 200, contentType: "text/css", description: "The reference page's styles." },
  ],
};

/** Routes that take a multipart upload rather than a JSON body. */
const MULTIPART_BODIES = new Set(["POST /api/upload"]);

function toJsonSchema(schema: unknown, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function isZod(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/** "/api/x/:id" → "/api/x/{id}". */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  return [method.toLowerCase(), ...words].join("_");
}

function parameters(route: ApiRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? "");
  const params = isZod(route.schema.params) ? toJsonSchema(route.schema.params, "input") : null;
  const paramProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames) {
    list.push({ name, in: "path", required: true, schema: paramProps[name] ?? { type: "string" } });
  }
  if (isZod(route.schema.querystring)) {
    const query = toJsonSchema(route.schema.querystring, "input");
    const required = new Set((query.required as string[] | undefined) ?? []);
    const props = (query.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(props)) {
      list.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  return list;
}

function accessText(access: HookAccess[]): string {
  if (access.length === 0) return "Anyone may call it.";
  const parts = ["A signed-in user"];
  for (const hook of access) {
    if (hook.anyRole?.length) parts.push(`with the role ${hook.anyRole.join(" or ")}`);
    if (hook.allPermissions?.length)
      parts.push(`and the permission ${hook.allPermissions.join(", ")}`);
    if (hook.feature) parts.push(`whose plan includes ${hook.feature}`);
  }
  return `${parts.join(" ")}.`;
}

const errorRef = { $ref: "#/components/responses/Error" };

function responses(route: ApiRoute, key: string): Record<string, JsonSchema> {
  const result: Record<string, JsonSchema> = {};
  const declared = (route.schema.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(declared)) {
    if (status === "204" || !isZod(schema)) {
      result[status] = { description: status === "204" ? "Done; no body." : "Reply." };
      continue;
    }
    result[status] = {
      description: "Reply.",
      content: { "application/json": { schema: toJsonSchema(schema, "input") } },
    };
  }
  for (const raw of RAW_REPLIES[key] ?? []) {
    const status = String(raw.status);
    const entry = result[status] ?? { description: raw.description };
    result[status] = entry;
    entry.description =
      entry.description === "Reply." ? `JSON, or: ${raw.description}` : raw.description;
    const content = (entry.content ?? {}) as Record<string, JsonSchema>;
    entry.content = content;
    content[raw.contentType] =
      raw.contentType === "application/json"
        ? { schema: {} }
        : { schema: { type: "string", ...(raw.status === 101 ? {} : { format: "binary" }) } };
  }
  if (Object.keys(result).length === 0) {
    result["200"] = {
      description: "A JSON reply.",
      content: { "application/json": { schema: { type: "object" } } },
    };
  }
  const hasInput =
    route.schema.body !== undefined ||
    route.schema.querystring !== undefined ||
    route.schema.params !== undefined;
  if (hasInput) result["400"] = errorRef;
  if (route.access.length > 0) {
    result["401"] = errorRef;
    result["403"] = errorRef;
  }
  if (route.url.includes(":")) result["404"] = errorRef;
  result["429"] = errorRef;
  result.default = errorRef;
  return result;
}

function security(route: ApiRoute): JsonSchema[] {
  if (route.access.length === 0) return [];
  const scope = requiredScope(route.method, route.url);
  return scope === "refused" ? [{ session: [] }] : [{ session: [] }, { apiKey: [scope] }];
}

export interface OpenApiInfo {
  title: string;
  version: string;
}

/** The document for the given routes (the app's apiRoutes). */
export function buildOpenApi(routes: readonly ApiRoute[], info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const operation: JsonSchema = {
      operationId: operationId(route.method, route.url),
      tags: [route.url.split("/")[2] ?? "api"],
      description: accessText(route.access),
      security: security(route),
      responses: responses(route, key),
    };
    if (route.access.length > 0) operation["x-access"] = route.access;
    const list = parameters(route);
    if (list.length > 0) operation.parameters = list;
    if (MULTIPART_BODIES.has(key)) {
      operation.requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { file: { type: "string", format: "binary" } },
              required: ["file"],
            },
          },
        },
      };
    } else if (isZod(route.schema.body)) {
      const schema = toJsonSchema(route.schema.body, "input");
      operation.requestBody = {
        required: !route.schema.body.safeParse(undefined).success,
        content: { "application/json": { schema } },
      };
    }
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      ...info,
      description:
        "The AACOS HTTP API. JSON in and out unless a reply says otherwise; every error is " +
        "`{error: {code, message, params?, fields?}}` (code and params: packages/domain/src/errors.ts). " +
        "Sign in for a session token (POST /api/auth/login) or create a " +
        `personal API key (POST /api/api-keys, keys start with \`${API_KEY_PREFIX}\`); send either as ` +
        "`Authorization: Bearer …`.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        session: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal API key; its scopes (read, write, ai) decide which routes it may call.",
        },
      },
      schemas: { ErrorReply: toJsonSchema(ErrorReply, "input") },
      responses: {
        Error: {
          description:
            "An error: 400 invalid input (fields name what), 401 not signed in, 403 not allowed or over a plan " +
            "limit, 404 not found, 409 conflict, 429 too many requests (Retry-After).",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorReply" } } },
        },
      },
    },
  };
}
