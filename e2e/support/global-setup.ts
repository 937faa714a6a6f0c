// Starts the real server once for the browser tests: the built web app, a fresh embedded database, a free port.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startTestProvider } from "../../apps/server/src/features/oauth/test-provider.js";
import { startFakeLlm } from "../../apps/server/src/test/fake-llm-server.js";
import { freePort } from "../../apps/server/src/test/free-port.js";
import { startSmtpCatcher } from "../../apps/server/src/test/smtp-catcher.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the test SMTP server writes each received mail as JSON. */
    mailDir: string;
    /** The admin the server creates at start-up. */
    adminEmail: string;
  }
}

export const ADMIN = { email: "admin@example.com", password: "Ad7!min9Qz" };
/** Accounts at the test OpenID Connect provider ("acme"); sign in with the sub as login. */
export const OIDC_ACCOUNTS = [
  {
    sub: "oidc-alice",
    email: "alice@oidc.example",
    emailVerified: true,
    preferredUsername: "alice",
    name: "Alice",
  },
];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-e2e-"));
  const mailDir = await mkdtemp(path.join(tmpdir(), "aacos-e2e-mail-"));
  const port = await freePort();
  // "localhost", not an address: passkeys need a domain as their relying-party id.
  const baseUrl = `http://localhost:${port}`;
  // Real protocol peers: an SMTP server that files each mail, and an OpenID Connect provider.
  const smtp = await startSmtpCatcher();
  let filed = 0;
  const filing = setInterval(() => {
    for (; filed < smtp.received.length; filed++) {
      const mail = smtp.received[filed];
      const to = Array.isArray(mail?.to) ? mail?.to[0]?.text : mail?.to?.text;
      void writeFile(
        path.join(mailDir, `${String(filed).padStart(4, "0")}.json`),
        JSON.stringify({ to, subject: mail?.subject, text: mail?.text }),
      );
    }
  }, 100);
  // An OpenAI-compatible model server that streams a known answer, slowly enough to watch it arrive.
  const llm = await startFakeLlm({ tokenDelayMs: 40 });
  const idp = await startTestProvider({
    redirectUris: [`${baseUrl}/auth/oauth/acme/callback`],
    accounts: OIDC_ACCOUNTS,
  });
  let log = "";
  const server: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")],
    {
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(port),
        HOST: "localhost",
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        // Test set-up calls come through loopback with X-Forwarded-For, so rate limits see distinct clients.
        TRUST_PROXY: "127.0.0.1,::1",
        SMTP_URL: smtp.url,
        AACOS_ADMIN_EMAIL: ADMIN.email,
        AACOS_ADMIN_PASSWORD: ADMIN.password,
        ...idp.env("acme", "Acme ID"),
        AI_BASE_URL: llm.url,
        AI_MODEL: "test-model",
        // The random soft prompt would cover buttons at random; its rule is tested in the unit tests.
        UPGRADE_HINT_SHARE: "0",
        LOG_LEVEL: "warn",
        // A build of one's own (parallel work): WEB_DIST=/tmp/dist-x npx vitest run --project e2e.
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  server.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  // Generous: a loaded two-core machine takes most of a minute to compile and start the server.
  const deadline = Date.now() + 150_000;
  while (true) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`the server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("mailDir", mailDir);
  project.provide("adminEmail", ADMIN.email);
  return async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    clearInterval(filing);
    await Promise.all([smtp.close(), idp.close(), llm.close()]);
    await rm(dataDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
  };
}
