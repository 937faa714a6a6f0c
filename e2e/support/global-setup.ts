// Starts the real server once for the browser tests: the built web app, a fresh embedded database, a free port.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startTestProvider } from "../../apps/server/src/features/oauth/test-provider.js";
import { startFakeLlm } from "../../apps/server/src/test/fake-llm-server.js";
import { startSmtpCatcher } from "../../apps/server/src/test/smtp-catcher.js";
import { serverAddress, startServer } from "./server.js";

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

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-e2e-"));
  const mailDir = await mkdtemp(path.join(tmpdir(), "aacos-e2e-mail-"));
  const address = await serverAddress();
  const baseUrl = address.url;
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
  const server = await startServer({
    dataDir,
    address,
    env: {
      SMTP_URL: smtp.url,
      AACOS_ADMIN_EMAIL: ADMIN.email,
      AACOS_ADMIN_PASSWORD: ADMIN.password,
      ...idp.env("acme", "Acme ID"),
      AI_BASE_URL: llm.url,
      AI_MODEL: "test-model",
    },
  });
  project.provide("baseUrl", baseUrl);
  project.provide("mailDir", mailDir);
  project.provide("adminEmail", ADMIN.email);
  return async () => {
    await server.stop();
    clearInterval(filing);
    await Promise.all([smtp.close(), idp.close(), llm.close()]);
    await rm(dataDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
  };
}
