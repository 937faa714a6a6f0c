// Writes a route's reply from its zod reply schema (docs/decisions/390-reply-writer-from-schema.md): the plain parts of
// a schema (objects, arrays, strings, numbers, booleans, enums, literals, nullable, optional, the Timestamp codec) are
// compiled once into a writer that checks and writes in one pass; anything else is handed to zod. Whenever the writer
// meets a value it does not accept, zod serialises the whole reply instead — the same output, the same error — so
// fields a schema does not name still never leave the server.
import { Timestamp } from "@aacos/domain/replies";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { $ZodType, safeEncode } from "zod/v4/core";

/** Thrown by a writer on a value zod might refuse: the caller lets zod answer for the whole reply. */
const REFUSED: unique symbol = Symbol("refused");

/** Writes one value as JSON, or throws REFUSED; undefined means "nothing" (a key left out, as JSON.stringify does). */
type Writer = (value: unknown) => string | undefined;

/** What zod's internals expose of a schema's definition (zod/v4/core's `_zod.def`). */
interface Definition {
  type: string;
  checks?: unknown[];
  [key: string]: unknown;
}

function definitionOf(schema: $ZodType): Definition {
  return schema._zod.def as unknown as Definition;
}

/** The definition names nothing beyond `allowed` (a format, a pattern, a refinement or a catchall makes it not plain). */
function onlyHas(def: Definition, allowed: readonly string[]): boolean {
  for (const key of Object.keys(def)) {
    if (key === "checks") {
      if (def.checks !== undefined && def.checks.length > 0) return false;
    } else if (!allowed.includes(key)) {
      return false;
    }
  }
  return true;
}

/** A part zod writes: encoded by zod, then JSON.stringify, as the whole reply would be. */
function byZod(schema: $ZodType): Writer {
  return (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) throw REFUSED;
    return JSON.stringify(result.data);
  };
}

/** Replies made unchangeable by `frozenReply`: each object writer keeps what it wrote for them. */
const frozenReplies = new WeakSet<object>();

/**
 * Freezes a reply part all the way down and lets the writers keep what they write for it: a view kept beside a cached
 * row (the caller's own account) is then written once, not on every request (docs/decisions/400-frozen-replies.md).
 */
export function frozenReply<T extends object>(value: T): T {
  deepFreeze(value);
  frozenReplies.add(value);
  return value;
}

function deepFreeze(value: object): void {
  for (const item of Object.values(value)) {
    if (typeof item === "object" && item !== null && !Object.isFrozen(item)) deepFreeze(item);
  }
  Object.freeze(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The writer of a schema: its plain parts compiled here, the rest by zod. */
export function writerOf(schema: $ZodType): Writer {
  if (schema === Timestamp) {
    return (value) => {
      if (typeof value === "string") return JSON.stringify(value);
      if (value instanceof Date && !Number.isNaN(value.getTime()))
        return JSON.stringify(value.toISOString());
      throw REFUSED;
    };
  }
  const def = definitionOf(schema);
  switch (def.type) {
    case "string":
      if (!onlyHas(def, ["type"])) break;
      return (value) => {
        if (typeof value !== "string") throw REFUSED;
        return JSON.stringify(value);
      };
    case "number":
      if (!onlyHas(def, ["type"])) break;
      return (value) => {
        if (typeof value !== "number" || !Number.isFinite(value)) throw REFUSED;
        return JSON.stringify(value);
      };
    case "boolean":
      if (!onlyHas(def, ["type"])) break;
      return (value) => {
        if (value === true) return "true";
        if (value === false) return "false";
        throw REFUSED;
      };
    case "enum":
    case "literal": {
      if (!onlyHas(def, ["type", "entries", "values"])) break;
      // The values zod itself accepts (an enum of a TypeScript enum leaves out its reverse-mapped names).
      const listed = [...(schema._zod.values ?? [])];
      // Only strings, numbers and booleans are written as JSON writes them; other literals go to zod.
      if (!listed.every((v) => ["string", "number", "boolean"].includes(typeof v))) break;
      const allowed = new Set<unknown>(listed);
      return (value) => {
        if (!allowed.has(value)) throw REFUSED;
        return JSON.stringify(value);
      };
    }
    case "nullable": {
      if (!onlyHas(def, ["type", "innerType"])) break;
      const inner = writerOf(def.innerType as $ZodType);
      return (value) => (value === null ? "null" : inner(value));
    }
    case "array": {
      if (!onlyHas(def, ["type", "element"])) break;
      const element = definitionOf(def.element as $ZodType);
      // An optional element (undefined written as null) is zod's to write.
      if (element.type === "optional") break;
      const write = writerOf(def.element as $ZodType);
      return (value) => {
        if (!Array.isArray(value)) throw REFUSED;
        let out = "[";
        for (let index = 0; index < value.length; index++) {
          if (index > 0) out += ",";
          out += write(value[index]) ?? "null";
        }
        return `${out}]`;
      };
    }
    case "object":
      if (!onlyHas(def, ["type", "shape"])) break;
      return objectWriter(def.shape as Record<string, $ZodType>);
  }
  return byZod(schema);
}

/**
 * A stripping object (zod's default): the declared keys, in the order an object built key by key enumerates them (as
 * zod builds its output), each optional one left out when undefined; every other key is dropped.
 */
function objectWriter(shape: Record<string, $ZodType>): Writer {
  const order: Record<string, true> = {};
  for (const key of Object.keys(shape)) order[key] = true;
  const fields = Object.keys(order).map((key) => {
    const schema = shape[key] as $ZodType;
    const def = definitionOf(schema);
    const optional = def.type === "optional" && onlyHas(def, ["type", "innerType"]);
    return {
      key,
      prefix: `${JSON.stringify(key)}:`,
      optional,
      write: writerOf(optional ? (def.innerType as $ZodType) : schema),
    };
  });
  const kept = new WeakMap<object, string>();
  return (value) => {
    if (!isPlainObject(value)) throw REFUSED;
    const frozen = frozenReplies.has(value);
    if (frozen) {
      const written = kept.get(value);
      if (written !== undefined) return written;
    }
    let out = "{";
    let first = true;
    for (const field of fields) {
      const item = value[field.key];
      if (field.optional && item === undefined) continue;
      const written = field.write(item);
      if (written === undefined) continue;
      out += first ? field.prefix : `,${field.prefix}`;
      out += written;
      first = false;
    }
    out += "}";
    if (frozen) kept.set(value, out);
    return out;
  };
}

/**
 * Fastify's serializer compiler for zod reply schemas: the compiled writer, and zod's own serialiser (which throws
 * Fastify's response serialisation error) whenever the writer refuses a value.
 */
export const replySerializerCompiler: FastifySerializerCompiler<
  $ZodType | { properties: $ZodType }
> = (route) => {
  // Compiled first: a schema that is not zod's is refused here as before.
  const zod = zodSerializerCompiler(route);
  const schema = route.schema instanceof $ZodType ? route.schema : route.schema.properties;
  const write = writerOf(schema);
  return (data: unknown) => {
    try {
      const written = write(data);
      if (written !== undefined) return written;
    } catch (error) {
      if (error !== REFUSED) throw error;
    }
    return zod(data);
  };
};
