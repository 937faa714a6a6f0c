// The user command line against a real embedded database: create, change roles, reset a password.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./db/client.js";
import { users } from "./db/schema.js";

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), "cli.ts");
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aacos-cli-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", CLI, ...args], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe("npm run user", () => {
  // Four processes, each opening the embedded database: slow on a loaded two-core machine.
  it("creates a user, changes roles and refuses bad input with one line", {
    timeout: 90_000,
  }, async () => {
    const created = cli(
      "create",
      "--email",
      "Cli@Example.com",
      "--username",
      "cli_user",
      "--password",
      "Zq7!wVx9Lk",
      "--roles",
      "user,analyst",
    );
    expect(created).toMatchObject({
      status: 0,
      out: "created cli@example.com (cli_user) with roles user, analyst",
    });
    expect(cli("roles", "--email", "cli_user", "--roles", "user,admin").status).toBe(0);
    const weak = cli("password", "--email", "cli_user", "--password", "weak");
    expect(weak.status).toBe(1);
    expect(weak.err).toMatch(/^aacos user: Password needs at least 8 characters/);
    expect(cli("roles", "--email", "nobody@example.com", "--roles", "user")).toMatchObject({
      status: 1,
      err: "aacos user: no user nobody@example.com",
    });

    const database = await openPglite({ dataDir });
    const [row] = await database.db
      .select({ roles: users.roles })
      .from(users)
      .where(eq(users.username, "cli_user"));
    await database.close();
    expect(row?.roles).toEqual(["user", "admin"]);
  });
});
