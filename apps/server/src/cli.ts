// `npm run user -- <command>`: create a user, set roles, reset a password — against the configured database.
// On the embedded database it takes the same DATA_DIR lock as the server: while a server runs there, it refuses.
import { parseArgs } from "node:util";
import { ROLES, type Role } from "@aacos/domain/access";
import { eq } from "drizzle-orm";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { users } from "./db/schema.js";
import { createAuditService } from "./features/audit/index.js";
import { createAccountService, createSessionStore } from "./features/auth/index.js";
import { createTokenSigner, loadSigningKey } from "./platform/auth.js";
import { AppError } from "./platform/errors.js";

const USAGE = `usage:
  npm run user -- create --email <e> --username <u> --password <p> [--roles user,admin]
  npm run user -- roles --email <e|username> --roles user,admin
  npm run user -- password --email <e|username> --password <p>`;

function parseRoles(value: string | undefined): Role[] {
  const names = (value ?? "user").split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(ROLES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown role(s): ${unknown.join(", ")} (known: ${ROLES.join(", ")})`);
  return names as Role[];
}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      roles: { type: "string" },
    },
  });
  const command = positionals[0];
  if (command === undefined || !["create", "roles", "password"].includes(command))
    throw new Error(USAGE);
  if (values.email === undefined) throw new Error(`--email is required\n${USAGE}`);

  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const clock = () => new Date();
    const audit = createAuditService(database.db);
    const sessions = createSessionStore(database.db, clock);
    const signer = createTokenSigner(await loadSigningKey(database.db, config.authSecret));
    const accounts = createAccountService({ db: database.db, clock, audit, sessions, signer });

    if (command === "create") {
      if (values.username === undefined || values.password === undefined) throw new Error(USAGE);
      const user = await accounts.createUser({
        email: values.email,
        username: values.username,
        password: values.password,
        roles: parseRoles(values.roles),
      });
      return `created ${user.email} (${user.username}) with roles ${user.roles.join(", ")}`;
    }
    const user = await accounts.findByLogin(values.email);
    if (user === undefined) throw new Error(`no user ${values.email}`);
    if (command === "roles") {
      const roles = parseRoles(values.roles);
      await database.db.update(users).set({ roles }).where(eq(users.id, user.id));
      await audit.record({ actorId: null, userAgent: "cli" }, "user.roles_changed", user.id, {
        from: user.roles,
        to: roles,
      });
      return `${user.email} now has roles ${roles.join(", ")}`;
    }
    if (values.password === undefined) throw new Error(USAGE);
    await accounts.setPassword(user.id, values.password);
    await audit.record({ actorId: null, userAgent: "cli" }, "auth.password_reset", user.id);
    return `password of ${user.email} changed; their sessions were ended`;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    process.stdout.write(`${message}\n`);
  },
  (error: unknown) => {
    const detail =
      error instanceof AppError && error.fields
        ? Object.values(error.fields)
            .map((field) => field.message)
            .join("; ")
        : undefined;
    process.stderr.write(
      `aacos user: ${detail ?? (error instanceof Error ? error.message : String(error))}\n`,
    );
    process.exit(1);
  },
);
