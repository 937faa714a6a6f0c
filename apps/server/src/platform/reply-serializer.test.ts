// The compiled reply writer against zod's serialiser: the same JSON for every value zod accepts, undeclared fields
// stripped, and zod's own error for every value it refuses — on the plain parts it compiles and on those it hands over.
import { PublicUser, replyOf, Timestamp } from "@aacos/domain/replies";
import Fastify from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { frozenReply, replySerializerCompiler } from "./reply-serializer.js";

type Schema = Parameters<typeof replySerializerCompiler>[0]["schema"];

function both(schema: Schema) {
  const route = { schema, method: "GET", url: "/test", httpStatus: "200" };
  return { ours: replySerializerCompiler(route), zod: zodSerializerCompiler(route) };
}

/** The writer answers what zod answers: the same text, or an error of the same kind and message. */
function expectSame(schema: Schema, value: unknown) {
  const { ours, zod } = both(schema);
  let expected: { text: string } | { error: unknown };
  try {
    expected = { text: zod(value) };
  } catch (error) {
    expected = { error };
  }
  if ("text" in expected) {
    expect(ours(value)).toBe(expected.text);
  } else {
    const error = expected.error as Error;
    expect(() => ours(value)).toThrow(error.constructor as new () => Error);
    expect(() => ours(value)).toThrow(error.message);
  }
}

const user = {
  id: "14fcf37a-2db1-431a-ab4a-b7b7b1afcd33",
  email: "bench@example.com",
  username: "bench",
  displayName: null,
  roles: ["user", "admin"],
  permissions: ["admin.access"],
  tier: "infinity",
  world: "cosmic",
  timeZone: "Asia/Jerusalem",
  locale: "he",
  emailVerified: true,
  createdAt: new Date("2026-11-01T10:00:00.000Z"),
};

describe("reply writer", () => {
  it("writes a public user as zod does and strips what the schema does not name", () => {
    const { ours } = both(replyOf("user", PublicUser));
    const written = ours({ user: { ...user, passwordHash: "$argon2id$secret", mfaSecret: "x" } });
    expect(JSON.parse(written)).toEqual({
      user: { ...user, createdAt: "2026-11-01T10:00:00.000Z" },
    });
    expect(written).not.toContain("argon2id");
    expect(written).not.toContain("mfaSecret");
    expectSame(replyOf("user", PublicUser), {
      user: { ...user, passwordHash: "$argon2id$secret" },
    });
    expectSame(replyOf("user", PublicUser), {
      user: { ...user, createdAt: "2026-11-01T10:00:00Z" },
    });
    expectSame(replyOf("user", PublicUser), {
      user: { ...user, displayName: 'Dana "ד" \u2028 \u0000' },
    });
  });

  it("answers zod's error for a value zod refuses", () => {
    expectSame(replyOf("user", PublicUser), { user: { ...user, tier: "platinum" } });
    expectSame(replyOf("user", PublicUser), { user: { ...user, createdAt: new Date(Number.NaN) } });
    expectSame(replyOf("user", PublicUser), { user: { ...user, emailVerified: "yes" } });
    expectSame(replyOf("user", PublicUser), { user: { ...user, roles: "user" } });
    expectSame(replyOf("user", PublicUser), { user: { ...user, id: undefined } });
    expectSame(replyOf("user", PublicUser), { user: null });
    expectSame(replyOf("user", PublicUser), []);
    expectSame(z.object({ n: z.number() }), { n: Number.POSITIVE_INFINITY });
    expectSame(z.object({ n: z.number() }), { n: Number.NaN });
  });

  it("leaves out optional keys as zod does, and keeps nulls", () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.string().nullable(),
      c: z.number().optional(),
      d: Timestamp.nullable().optional(),
    });
    expectSame(schema, { b: null });
    expectSame(schema, { a: undefined, b: "x", c: 0, d: null });
    expectSame(schema, { a: "a", b: null, c: -0, d: new Date(0) });
    expectSame(schema, { a: null, b: null });
  });

  it("hands what it does not compile to zod: formats, checks, unions, records, strict objects, defaults", () => {
    const schema = z.object({
      id: z.uuid(),
      name: z.string().min(2),
      count: z.number().int(),
      kind: z.union([z.literal("a"), z.object({ x: z.number() })]),
      tags: z.record(z.string(), z.number()),
      strict: z.strictObject({ a: z.string() }),
      loose: z.looseObject({ a: z.string() }),
      unknown: z.unknown(),
      fallback: z.string().default("x"),
      list: z.array(z.string().optional()),
    });
    const good = {
      id: "14fcf37a-2db1-431a-ab4a-b7b7b1afcd33",
      name: "ab",
      count: 3,
      kind: { x: 1, y: 2 },
      tags: { a: 1 },
      strict: { a: "a" },
      loose: { a: "a", b: "kept" },
      unknown: { when: new Date(0) },
      fallback: "y",
      list: ["a", undefined],
    };
    expectSame(schema, good);
    expectSame(schema, { ...good, unknown: undefined, fallback: undefined });
    expectSame(schema, { ...good, id: "not-a-uuid" });
    expectSame(schema, { ...good, name: "a" });
    expectSame(schema, { ...good, count: 1.5 });
    expectSame(schema, { ...good, strict: { a: "a", b: "b" } });
    expectSame(
      z.object({ a: z.string() }).refine((value) => value.a !== "no"),
      { a: "no" },
    );
  });

  it("writes enums, literals and keys in the order zod's output has them", () => {
    enum Colour {
      Red = 0,
      Blue = 1,
    }
    const schema = z.object({
      b: z.literal("x"),
      "2": z.enum(["on", "off"]),
      a: z.enum(Colour),
      "1": z.array(z.object({ z: z.boolean(), y: z.literal(3) })),
    });
    const value = { b: "x", "2": "on", a: Colour.Blue, "1": [{ z: false, y: 3, extra: 1 }] };
    expectSame(schema, value);
    expectSame(schema, { ...value, a: "Blue" });
    expectSame(schema, { ...value, "2": "maybe" });
  });

  it("serves a route's reply through Fastify, an undeclared field stripped", async () => {
    const app = Fastify();
    app.setSerializerCompiler(replySerializerCompiler);
    app.get("/user", { schema: { response: { 200: replyOf("user", PublicUser) } } }, async () => ({
      user: { ...user, passwordHash: "$argon2id$secret" },
    }));
    app.get(
      "/broken",
      { schema: { response: { 200: replyOf("user", PublicUser) } } },
      async () => ({
        user: { ...user, tier: "platinum" },
      }),
    );
    const reply = await app.inject({ url: "/user" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user).not.toHaveProperty("passwordHash");
    expect(reply.json().user.createdAt).toBe("2026-11-01T10:00:00.000Z");
    expect((await app.inject({ url: "/broken" })).statusCode).toBe(500);
    await app.close();
  });

  it("writes a frozen reply as zod does, every time, and a frozen reply cannot change under it", () => {
    const { ours, zod } = both(replyOf("user", PublicUser));
    const view = frozenReply({
      ...user,
      roles: [...user.roles],
      permissions: [...user.permissions],
    });
    const expected = zod({ user: view });
    expect(ours({ user: view })).toBe(expected);
    expect(ours({ user: view })).toBe(expected);
    expect(() => view.roles.push("analyst")).toThrow(TypeError);
    expect(() => {
      (view as { username: string }).username = "someone";
    }).toThrow(TypeError);
    // An object that is not frozen is written afresh: a change shows.
    const open = { ...user };
    expect(ours({ user: open })).toBe(zod({ user: open }));
    open.username = "renamed";
    expect(JSON.parse(ours({ user: open })).user.username).toBe("renamed");
  });
});
