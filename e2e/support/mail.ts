// Reads the mail the test SMTP server received (filed as JSON by the global set-up).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `address`, waiting up to 10 s for it to arrive. */
export async function waitForMail(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
  const dir = inject("mailDir");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir)).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), "utf8")) as ReceivedMail;
      if (mail.to?.toLowerCase().includes(address.toLowerCase())) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that points at `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  const match = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((link) => new URL(link).pathname.startsWith(pathPrefix));
  if (match === undefined) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  return new URL(match);
}
