// Teams on two instances sharing PostgreSQL and Redis: a member removed on one instance is refused on the other at once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema.js";
import { useTwoInstances } from "../../test/cluster.js";
import { createUser } from "../../test/factories.js";
import { request } from "../../test/helper.js";

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)("teams on two instances", () => {
  const instances = useTwoInstances();

  it("cuts a removed member off on the other instance at once", async () => {
    const { first, second } = instances;
    const owner = await createUser(first, { tier: "cosmic" });
    const member = await createUser(first);
    const team = await request(first, owner, "POST", "/api/teams", { name: "Cluster crew" });
    const teamId = team.json().team.id;
    const universe = await request(first, owner, "POST", "/api/aacos/universes", { name: "Wide" });
    const universeId = universe.json().universe.id;
    await request(first, owner, "POST", `/api/aacos/universes/${universeId}/share`, { teamId });
    await request(first, owner, "POST", `/api/teams/${teamId}/invites`, { email: member.email });
    // No SMTP here: the invitation mail waits in the outbox; accept its link on the other instance.
    await first.services.mailer.idle();
    const [mail] = await first.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member.email));
    const token = /\/teams\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
    const accepted = await request(second, member, "POST", "/api/teams/invites/accept", { token });
    expect(accepted.statusCode).toBe(200);

    expect(
      (await request(second, member, "GET", `/api/aacos/universes/${universeId}`)).statusCode,
    ).toBe(200);
    expect(
      (await request(first, owner, "DELETE", `/api/teams/${teamId}/members/${member.id}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await request(second, member, "GET", `/api/aacos/universes/${universeId}`)).statusCode,
    ).toBe(404);
    expect((await request(second, member, "GET", `/api/teams/${teamId}`)).statusCode).toBe(404);
  });
});
