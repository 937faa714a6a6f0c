// The export archive: a ZIP written with fflate as it is built and streamed to the reply, so memory stays small
// whatever the user's files weigh (each chunk waits for the socket to drain before the next is read).
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ArchiveWriter {
  text(path: string, content: string): void;
  json(path: string, value: unknown): void;
  /** Stored as-is (uploads are mostly compressed formats already). */
  stream(path: string, source: Readable): Promise<void>;
}

export const README = `AACOS — your data
==================

This archive holds everything your account owns, as it was when you downloaded it.

profile.json            your account (without the password hash)
data/<table>.json       one file per kind of record, as JSON arrays; the names follow the database tables:
  plan_changes            your plan history
  universes, entities     your universes and their AI entities
  knowledge_files, files  knowledge files and uploaded files (metadata)
  conversations, messages your chats and every message in them
  runs                    every chat answer and command run, with tokens used
  progress, progress_ledger, badges, user_quests, event_participants
                          XP, tokens, rank, streak, the ledger of every change, badges, quests, events
  signals                 your signal stream
  alert_rules, alerts     your alert rules and the alerts raised for you
  consciousness_history   your consciousness values over time
  audit_log               security-relevant entries where you are the actor or the subject
  user_layouts            your /desktop workspace layout
  refresh_tokens, webauthn_credentials, oauth_accounts, mfa_*, api_keys
                          sessions, passkeys, linked sign-ins and API keys (secrets and hashes left out)
data/tables.json        the list of tables included
files/<id>/<name>       the bytes of each file you uploaded

Times are ISO 8601 in UTC. Deleting your account (Settings → Your data) removes all of it from the service.
`;

/** Opens a ZIP stream; `done()` finishes the archive after the last entry. */
export function createArchive(): { output: Readable; writer: ArchiveWriter; done(): void } {
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  const encoder = new TextEncoder();

  function addBytes(path: string, bytes: Uint8Array) {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  }

  return {
    output,
    writer: {
      text: (path, content) => addBytes(path, encoder.encode(content)),
      json: (path, value) => addBytes(path, encoder.encode(`${JSON.stringify(value, null, 2)}\n`)),
      async stream(path, source) {
        const entry = new ZipPassThrough(path);
        zip.add(entry);
        for await (const chunk of source) {
          entry.push(chunk instanceof Uint8Array ? chunk : encoder.encode(String(chunk)));
          if (output.writableNeedDrain) {
            // A client that went away never drains: stop reading its files.
            await Promise.race([once(output, "drain"), once(output, "close")]);
            if (output.destroyed) {
              source.destroy();
              throw new Error("export download closed");
            }
          }
        }
        entry.push(new Uint8Array(0), true);
      },
    },
    done: () => zip.end(),
  };
}
