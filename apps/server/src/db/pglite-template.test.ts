// The migrated template a first start copies (pglite-template.ts): built once, copied only into a DATA_DIR without
// a database and only while it matches the migrations; it carries no per-install secret.
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSigningKey } from "../platform/auth.js";
import { MIGRATIONS_FOLDER, openPglite } from "./client.js";
import {
  buildPgliteTemplate,
  copyPgliteTemplate,
  MIGRATED_FILE,
  readMigrated,
  TEMPLATE_FINGERPRINT_FILE,
  templateFingerprint,
} from "./pglite-template.js";
import { instanceSettings } from "./schema.js";

let scratch: string;
let template: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "aacos-template-test-"));
  template = path.join(scratch, "template");
  // initdb and every migration: seconds on a loaded machine.
  expect(await buildPgliteTemplate(template, MIGRATIONS_FOLDER)).toBe(true);
}, 120_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("the PGlite template", () => {
  it("is not built again while it matches the migrations", async () => {
    expect(await buildPgliteTemplate(template, MIGRATIONS_FOLDER)).toBe(false);
  });

  it("fills an empty DATA_DIR with the migrated schema; each copy makes its own signing secret", {
    timeout: 60_000,
  }, async () => {
    const secrets: string[] = [];
    for (const name of ["first", "second"]) {
      const dataDir = path.join(scratch, name);
      const database = await openPglite({ dataDir, template });
      try {
        expect(await database.db.select().from(instanceSettings)).toEqual([]);
        secrets.push(Buffer.from(await loadSigningKey(database.db, undefined)).toString());
      } finally {
        await database.close();
      }
      expect(await readdir(dataDir)).toEqual(["pglite"]);
    }
    expect(secrets[0]).not.toBe(secrets[1]);
    // The template itself was not written to.
    const again = await openPglite({ dataDir: path.join(scratch, "third"), template });
    expect(await again.db.select().from(instanceSettings)).toEqual([]);
    await again.close();
  });

  it("is not copied over an existing database, nor when the migrations changed", async () => {
    const existing = path.join(scratch, "existing", "pglite");
    await mkdir(existing, { recursive: true });
    await writeFile(path.join(existing, "marker"), "");
    expect(await copyPgliteTemplate(template, MIGRATIONS_FOLDER, existing)).toBe(false);
    expect(await readdir(existing)).toEqual(["marker"]);

    const outdated = path.join(scratch, "outdated");
    await mkdir(outdated);
    await writeFile(path.join(outdated, TEMPLATE_FINGERPRINT_FILE), "an older schema");
    const target = path.join(scratch, "fresh", "pglite");
    expect(await copyPgliteTemplate(outdated, MIGRATIONS_FOLDER, target)).toBe(false);
    expect(await templateFingerprint(MIGRATIONS_FOLDER)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("records the migrations a data directory has; one recorded for other migrations is checked and kept", {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(scratch, "recorded");
    const pgdata = path.join(dataDir, "pglite");
    const fingerprint = await templateFingerprint(MIGRATIONS_FOLDER);
    const first = await openPglite({ dataDir, template });
    await loadSigningKey(first.db, undefined);
    await first.close();
    // The copy carries the template's record: the restart skips drizzle's check.
    expect(await readMigrated(pgdata)).toBe(fingerprint);
    // An older install (another record, or none): the check runs, nothing is lost, and the record is renewed.
    await writeFile(path.join(pgdata, MIGRATED_FILE), "an older schema");
    const second = await openPglite({ dataDir, template });
    try {
      expect(await second.db.select().from(instanceSettings)).toHaveLength(1);
    } finally {
      await second.close();
    }
    expect(await readMigrated(pgdata)).toBe(fingerprint);
  });
});
