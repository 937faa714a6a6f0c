// Teams over the real API: the plan gate, invitations mailed through a real SMTP server (single use, expiry), the
// owner's member cap, shared universes used in chat against a real loopback model, removal cutting access at once,
// write access, transfer, leaving, signals and the admin list.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entities, progressLedger, runs, users } from "../../db/schema.js";
import { testClock } from "../../test/clock.js";
import { TEAMS_NEED_COSMIC } from "../../test/expected.js";
import { createUser, type SignedInUser, signInAgain } from "../../test/factories.js";
import { DEFAULT_TOKENS, type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { type SmtpCatcher, startSmtpCatcher } from "../../test/smtp-catcher.js";
import { waitFor } from "../../test/wait.js";

const PUBLIC_URL = "https://aacos.example";
const DAY_MS = 86_400_000;

let smtp: SmtpCatcher;
let fake: FakeLlmServer;
let test: TestApp;
let app: FastifyInstance;
/** The app's clock, from a fixed start (expiry tests move it). */
const clock = testClock();

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  fake = await startFakeLlm();
  test = await buildTestApp(
    {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      ...fake.env,
    },
    undefined,
    { clock },
  );
  app = test.app;
});

afterAll(async () => {
  await test?.close();
  await smtp?.close();
  await fake?.close();
});

function call(
  user: SignedInUser | null,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: user === null ? {} : user.auth,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A new conversation with the entity and one question, answered as JSON: its id and the answer's reply. */
async function askInNewConversation(user: SignedInUser, entityId: string, content: string) {
  const created = await call(user, "POST", "/api/chat/conversations", { entityId });
  expect(created.statusCode).toBe(201);
  const conversationId = created.json<{ conversation: { id: string } }>().conversation.id;
  const answer = await app.inject({
    method: "POST",
    url: `/api/chat/conversations/${conversationId}/messages`,
    headers: { ...user.auth, accept: "application/json" },
    payload: { content },
  });
  expect(answer.statusCode).toBe(200);
  return { conversationId, answer };
}

async function newTeam(owner: SignedInUser, name = "Star crew"): Promise<string> {
  const response = await call(owner, "POST", "/api/teams", { name });
  expect(response.statusCode).toBe(201);
  return response.json<{ team: { id: string } }>().team.id;
}

/** Invites by e-mail and returns the token from the link in the mail the SMTP server received. */
async function inviteByMail(owner: SignedInUser, teamId: string, email: string): Promise<string> {
  const before = smtp.received.length;
  const response = await call(owner, "POST", `/api/teams/${teamId}/invites`, { email });
  expect(response.statusCode).toBe(201);
  await app.services.mailer.idle();
  const mail = smtp.received
    .slice(before)
    .find((item) => JSON.stringify(item.to).includes(email.toLowerCase()));
  expect(mail).toBeDefined();
  const match = /https:\/\/aacos\.example\/teams\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (match?.[1] === undefined) throw new Error(`no invitation link in: ${mail?.text}`);
  return match[1];
}

async function join(owner: SignedInUser, teamId: string, member: SignedInUser): Promise<void> {
  const token = await inviteByMail(owner, teamId, member.email);
  const accepted = await call(member, "POST", "/api/teams/invites/accept", { token });
  expect(accepted.statusCode).toBe(200);
}

async function universeWithEntity(owner: SignedInUser) {
  const universe = await call(owner, "POST", "/api/aacos/universes", { name: "Shared cosmos" });
  expect(universe.statusCode).toBe(201);
  const universeId = universe.json<{ universe: { id: string } }>().universe.id;
  const entity = await call(owner, "POST", `/api/aacos/universes/${universeId}/entities`, {
    name: "Oracle",
    role: "advisor",
    systemPrompt: "You are terse.",
  });
  expect(entity.statusCode).toBe(201);
  return { universeId, entityId: entity.json<{ entity: { id: string } }>().entity.id };
}

describe("creating teams", () => {
  it("refuses genesis with the tier that unlocks teams, as the feature gate does", async () => {
    const genesis = await createUser(app);
    const response = await call(genesis, "POST", "/api/teams", { name: "Crew" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(TEAMS_NEED_COSMIC);
    const listed = await call(genesis, "GET", "/api/teams");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ items: [] });
  });

  it("creates a team for cosmic with the creator as owner, and checks the name", async () => {
    const owner = await createUser(app, { tier: "cosmic" });
    const created = await call(owner, "POST", "/api/teams", { name: "  Nebula  " });
    expect(created.statusCode).toBe(201);
    const team = created.json<{ team: { id: string; name: string } }>().team;
    expect(team).toEqual({ id: expect.any(String), name: "Nebula" });

    const bad = await call(owner, "POST", "/api/teams", { name: " " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ name: "Field is required" });

    const mine = await call(owner, "GET", "/api/teams");
    expect(mine.json().items).toEqual([
      expect.objectContaining({ id: team.id, name: "Nebula", role: "owner", memberCount: 1 }),
    ]);
    const detail = await call(owner, "GET", `/api/teams/${team.id}`);
    expect(detail.json().team).toMatchObject({
      role: "owner",
      memberLimit: 25,
      members: [{ userId: owner.id, role: "owner", canWrite: true, email: owner.email }],
      invites: [],
      universes: [],
    });
  });
});

describe("invitations", () => {
  it("mails a link that works once, for the invited address only", async () => {
    const owner = await createUser(app, { tier: "cosmic" });
    const member = await createUser(app);
    const stranger = await createUser(app);
    const teamId = await newTeam(owner);
    const token = await inviteByMail(owner, teamId, member.email.toUpperCase());
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toContain("Star crew");

    const preview = await call(member, "GET", `/api/teams/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().invite).toMatchObject({
      teamId,
      teamName: "Star crew",
      invitedBy: owner.username,
      email: member.email,
      forYou: true,
      alreadyMember: false,
    });
    const wrong = await call(stranger, "POST", "/api/teams/invites/accept", { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("invite_other_address");

    const accepted = await call(member, "POST", "/api/teams/invites/accept", { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ team: { id: teamId, name: "Star crew" } });
    const again = await call(member, "POST", "/api/teams/invites/accept", { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe("This invitation is invalid or has expired");
    expect((await call(member, "GET", `/api/teams/invites/${token}`)).statusCode).toBe(404);

    const mine = await call(member, "GET", "/api/teams");
    expect(mine.json().items).toEqual([
      expect.objectContaining({ id: teamId, role: "member", canWrite: false, memberCount: 2 }),
    ]);
    // A member sees the team but not the addresses or the waiting invitations.
    const detail = await call(member, "GET", `/api/teams/${teamId}`);
    expect(detail.json().team.members.map((m: { email: string | null }) => m.email)).toEqual([
      null,
      null,
    ]);
    const duplicate = await call(owner, "POST", `/api/teams/${teamId}/invites`, {
      email: member.email,
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await call(owner, "POST", `/api/teams/${teamId}/invites`, { email: "nope" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ email: "Invalid email format" });
  });

  it("lets a link expire after 7 days, and declined or revoked links stop working", async () => {
    const owner = await createUser(app, { tier: "cosmic" });
    const late = await createUser(app);
    const decliner = await createUser(app);
    const revoked = await createUser(app);
    const teamId = await newTeam(owner);

    const lateToken = await inviteByMail(owner, teamId, late.email);
    clock.advance(7 * DAY_MS + 60_000);
    try {
      // A week on, both sessions have expired too: both users sign in again first.
      const lateNow = await signInAgain(app, late);
      const ownerNow = await signInAgain(app, owner);
      const expired = await call(lateNow, "POST", "/api/teams/invites/accept", {
        token: lateToken,
      });
      expect(expired.statusCode).toBe(404);
      // An expired invitation no longer holds a place or shows as waiting.
      const detail = await call(ownerNow, "GET", `/api/teams/${teamId}`);
      expect(detail.json().team.invites).toEqual([]);
    } finally {
      clock.advance(-(7 * DAY_MS + 60_000));
    }

    const declineToken = await inviteByMail(owner, teamId, decliner.email);
    const declined = await call(decliner, "POST", "/api/teams/invites/decline", {
      token: declineToken,
    });
    expect(declined.statusCode).toBe(204);
    expect(
      (await call(decliner, "POST", "/api/teams/invites/accept", { token: declineToken }))
        .statusCode,
    ).toBe(404);

    const revokeToken = await inviteByMail(owner, teamId, revoked.email);
    const waiting = await call(owner, "GET", `/api/teams/${teamId}`);
    const invite = waiting
      .json()
      .team.invites.find((item: { email: string }) => item.email === revoked.email);
    const revocation = await call(owner, "DELETE", `/api/teams/${teamId}/invites/${invite.id}`);
    expect(revocation.statusCode).toBe(204);
    expect(
      (await call(revoked, "POST", "/api/teams/invites/accept", { token: revokeToken })).statusCode,
    ).toBe(404);
  });

  it("caps members and waiting invitations at the owner's maxTeamMembers", async () => {
    const owner = await createUser(app, { tier: "cosmic" });
    const teamId = await newTeam(owner);
    // The owner moves to quantum: 5 places (the world's team size is lower), team kept.
    await app.database.db.update(users).set({ tier: "quantum" }).where(eq(users.id, owner.id));
    // Written behind the server's back: it is told, as a writer outside a request must tell it.
    await app.forgetPrincipal(owner.id);
    const detail = await call(owner, "GET", `/api/teams/${teamId}`);
    expect(detail.json().team.memberLimit).toBe(5);
    const joiner = await createUser(app);
    await join(owner, teamId, joiner);
    for (let index = 0; index < 3; index += 1) {
      const response = await call(owner, "POST", `/api/teams/${teamId}/invites`, {
        email: `waiting${index}-${owner.username}@example.com`,
      });
      expect(response.statusCode).toBe(201);
    }
    const refused = await call(owner, "POST", `/api/teams/${teamId}/invites`, {
      email: `one-too-many-${owner.username}@example.com`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: "limit_reached",
        message: "Team member limit reached: 5 members on the owner's plan",
        params: { limit: "maxTeamMembers", max: 5 },
      },
      suggestedTier: "cosmic",
      upgradeUrl: "/tiers?upgrade=cosmic",
      reason: "maxTeamMembers",
      limit: 5,
    });
  });
});

describe("shared universes", () => {
  let owner: SignedInUser;
  let member: SignedInUser;
  let teamId: string;
  let universeId: string;
  let entityId: string;

  beforeAll(async () => {
    owner = await createUser(app, { tier: "cosmic", world: "cosmic" });
    // A cosmic world too, so the reality-forge gate does not answer before the access check.
    member = await createUser(app, { world: "cosmic" });
    teamId = await newTeam(owner);
    await join(owner, teamId, member);
    ({ universeId, entityId } = await universeWithEntity(owner));
    const shared = await call(owner, "POST", `/api/aacos/universes/${universeId}/share`, {
      teamId,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().share).toMatchObject({ universeId, teamId });
  });

  it("lists the shared universe to members, who chat with its entity on their own allowance", async () => {
    const listed = await call(member, "GET", "/api/aacos/universes");
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: universeId, shared: true, teamId, canWrite: false }),
    ]);
    const ownList = await call(owner, "GET", "/api/aacos/universes");
    expect(ownList.json().items).toEqual([
      expect.objectContaining({ id: universeId, shared: false, teamId, canWrite: true }),
    ]);
    const entitiesListed = await call(member, "GET", "/api/aacos/entities");
    expect(entitiesListed.json().items.map((item: { id: string }) => item.id)).toEqual([entityId]);

    const { answer } = await askInNewConversation(member, entityId, "What is the answer?");
    expect(answer.json().message).toMatchObject({
      role: "assistant",
      content: DEFAULT_TOKENS.join(""),
    });
    const [run] = await app.database.db
      .select({ userId: runs.userId })
      .from(runs)
      .where(and(eq(runs.entityId, entityId), eq(runs.kind, "chat")));
    expect(run?.userId).toBe(member.id);
  });

  it("lets members edit only with write access, and only the owner delete or share", async () => {
    const path = `/api/aacos/entities/${entityId}`;
    expect((await call(member, "PATCH", path, { role: "critic" })).statusCode).toBe(404);
    const readOnlyRename = await call(member, "PATCH", `/api/aacos/universes/${universeId}`, {
      name: "Mine now",
    });
    expect(readOnlyRename.statusCode).toBe(404);
    expect(
      (
        await call(member, "POST", `/api/aacos/universes/${universeId}/entities`, {
          name: "Scout",
          role: "scout",
          systemPrompt: "Look around.",
        })
      ).statusCode,
    ).toBe(404);

    const granted = await call(owner, "PATCH", `/api/teams/${teamId}/members/${member.id}`, {
      canWrite: true,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().member).toMatchObject({ userId: member.id, canWrite: true });

    expect((await call(member, "PATCH", path, { role: "critic" })).json().entity.role).toBe(
      "critic",
    );
    const made = await call(member, "POST", `/api/aacos/universes/${universeId}/entities`, {
      name: "Scout",
      role: "scout",
      systemPrompt: "Look around.",
    });
    expect(made.statusCode).toBe(201);
    // The entity belongs to the universe's owner: it counts against the owner's plan.
    const [row] = await app.database.db
      .select({ userId: entities.userId })
      .from(entities)
      .where(eq(entities.id, made.json().entity.id));
    expect(row?.userId).toBe(owner.id);
    const renamed = await call(member, "PATCH", `/api/aacos/universes/${universeId}`, {
      name: "Shared cosmos II",
    });
    expect(renamed.statusCode).toBe(200);
    // Answered as the member sees it: shared with them, through the team, writable, both entities counted.
    expect(renamed.json().universe).toMatchObject({
      id: universeId,
      name: "Shared cosmos II",
      shared: true,
      teamId,
      canWrite: true,
      entityCount: 2,
    });

    expect((await call(member, "DELETE", `/api/aacos/universes/${universeId}`)).statusCode).toBe(
      404,
    );
    const archive = await call(member, "PATCH", `/api/aacos/universes/${universeId}`, {
      archived: true,
    });
    expect(archive.statusCode).toBe(404);
    const reshare = await call(member, "POST", `/api/aacos/universes/${universeId}/share`, {
      teamId,
    });
    expect(reshare.statusCode).toBe(403);
  });

  it("cuts a removed member off at once on every team and shared-universe route", async () => {
    const gone = await createUser(app, { world: "cosmic" });
    await join(owner, teamId, gone);
    const conversation = await call(gone, "POST", "/api/chat/conversations", { entityId });
    expect(conversation.statusCode).toBe(201);
    const conversationId = conversation.json().conversation.id;
    expect((await call(gone, "GET", `/api/aacos/universes/${universeId}`)).statusCode).toBe(200);

    const removed = await call(owner, "DELETE", `/api/teams/${teamId}/members/${gone.id}`);
    expect(removed.statusCode).toBe(204);

    const someone = randomId();
    const routes: ["GET" | "POST" | "PATCH" | "DELETE", string, object?][] = [
      ["GET", `/api/teams/${teamId}`],
      ["PATCH", `/api/teams/${teamId}`, { name: "Mine now" }],
      ["DELETE", `/api/teams/${teamId}`],
      ["POST", `/api/teams/${teamId}/invites`, { email: "friend@example.com" }],
      ["DELETE", `/api/teams/${teamId}/invites/${someone}`],
      ["PATCH", `/api/teams/${teamId}/members/${owner.id}`, { canWrite: true }],
      ["DELETE", `/api/teams/${teamId}/members/${gone.id}`],
      ["DELETE", `/api/teams/${teamId}/members/${owner.id}`],
      ["POST", `/api/teams/${teamId}/transfer`, { userId: gone.id }],
      ["GET", `/api/aacos/universes/${universeId}`],
      ["PATCH", `/api/aacos/universes/${universeId}`, { name: "Taken" }],
      ["DELETE", `/api/aacos/universes/${universeId}`],
      ["GET", `/api/aacos/universes/${universeId}/entities`],
      ["POST", `/api/aacos/universes/${universeId}/entities`, entityBody()],
      ["GET", `/api/aacos/entities?universeId=${universeId}`],
      ["GET", `/api/aacos/entities/${entityId}`],
      ["PATCH", `/api/aacos/entities/${entityId}`, { role: "spy" }],
      ["DELETE", `/api/aacos/entities/${entityId}`],
      ["GET", `/api/aacos/entities/${entityId}/knowledge`],
      ["GET", `/api/aacos/entities/${entityId}/knowledge/search?q=answer`],
      ["POST", `/api/aacos/entities/${entityId}/knowledge`, { fileId: someone }],
      ["POST", `/api/aacos/universes/${universeId}/share`, { teamId }],
      ["DELETE", `/api/aacos/universes/${universeId}/share/${teamId}`],
      ["POST", `/api/aacos/universes/${universeId}/template`, { name: "Copy" }],
      ["POST", "/api/aacos/universe/sync", { universeId }],
      ["POST", "/api/chat/conversations", { entityId }],
      ["POST", `/api/chat/conversations/${conversationId}/messages`, { content: "Still here?" }],
      ["GET", `/api/chat/conversations/${conversationId}/messages`],
      ["GET", `/api/chat/conversations/${conversationId}/export`],
      ["POST", "/api/commands", { entityIds: [entityId], prompt: "Report" }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(gone, method, url, payload);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
    }
    const listed = await call(gone, "GET", "/api/aacos/universes");
    expect(listed.json().items).toEqual([]);
    expect((await call(gone, "GET", "/api/aacos/entities")).json().items).toEqual([]);
    expect((await call(gone, "GET", "/api/teams")).json().items).toEqual([]);
    // The owner's data is untouched.
    expect((await call(owner, "GET", `/api/aacos/entities/${entityId}`)).statusCode).toBe(200);
  });

  it("signals the invitation, the joining and the removal to the people concerned", async () => {
    const person = await createUser(app);
    await join(owner, teamId, person);
    await call(owner, "DELETE", `/api/teams/${teamId}/members/${person.id}`);
    const events = await waitFor(
      async () => {
        const response = await call(person, "GET", "/api/signals?kind=team");
        return response.json<{ items: { data: { event: string } }[] }>().items;
      },
      (items) => items.length >= 3,
      3000,
    );
    expect(events.map((item) => item.data.event).sort()).toEqual(["invited", "joined", "removed"]);
  });

  it("unshares a universe when its owner leaves the team, and lets members leave", async () => {
    const leaver = await createUser(app, { tier: "cosmic" });
    await join(owner, teamId, leaver);
    const own = await universeWithEntity(leaver);
    expect(
      (await call(leaver, "POST", `/api/aacos/universes/${own.universeId}/share`, { teamId }))
        .statusCode,
    ).toBe(200);
    expect((await call(owner, "GET", `/api/aacos/entities/${own.entityId}`)).statusCode).toBe(200);

    const left = await call(leaver, "DELETE", `/api/teams/${teamId}/members/${leaver.id}`);
    expect(left.statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/aacos/entities/${own.entityId}`)).statusCode).toBe(404);
    const ownerLeaves = await call(owner, "DELETE", `/api/teams/${teamId}/members/${owner.id}`);
    expect(ownerLeaves.statusCode).toBe(409);
  });
});

describe("ownership transfer", () => {
  it("hands the team to a member whose plan has team collaboration", async () => {
    const owner = await createUser(app, { tier: "cosmic" });
    const genesisMember = await createUser(app);
    const cosmicMember = await createUser(app, { tier: "infinity" });
    const outsider = await createUser(app, { tier: "cosmic" });
    const teamId = await newTeam(owner);
    await join(owner, teamId, genesisMember);
    await join(owner, teamId, cosmicMember);

    const notMember = await call(owner, "POST", `/api/teams/${teamId}/transfer`, {
      userId: outsider.id,
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error.fields).toEqual({
      userId: "The new owner must be a member of the team",
    });
    const noPlan = await call(owner, "POST", `/api/teams/${teamId}/transfer`, {
      userId: genesisMember.id,
    });
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json().error).toMatchObject({
      code: "forbidden",
      params: { reason: "new_owner_needs_plan", plan: "cosmic" },
    });
    expect(noPlan.json()).not.toHaveProperty("suggestedTier");
    const byMember = await call(genesisMember, "POST", `/api/teams/${teamId}/transfer`, {
      userId: genesisMember.id,
    });
    expect(byMember.statusCode).toBe(403);

    const moved = await call(owner, "POST", `/api/teams/${teamId}/transfer`, {
      userId: cosmicMember.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().team).toEqual({ id: teamId, name: "Star crew", ownerId: cosmicMember.id });
    const detail = await call(cosmicMember, "GET", `/api/teams/${teamId}`);
    expect(detail.json().team).toMatchObject({ role: "owner", memberLimit: -1 });
    expect(
      detail.json().team.members.find((member: { userId: string }) => member.userId === owner.id),
    ).toMatchObject({ role: "member", canWrite: true });
    expect((await call(owner, "PATCH", `/api/teams/${teamId}`, { name: "Old" })).statusCode).toBe(
      403,
    );
    const renamed = await call(cosmicMember, "PATCH", `/api/teams/${teamId}`, { name: "New" });
    expect(renamed.json().team).toEqual({ id: teamId, name: "New" });
    expect((await call(cosmicMember, "DELETE", `/api/teams/${teamId}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/teams/${teamId}`)).statusCode).toBe(404);
  });
});

describe("admin list", () => {
  it("pages every team with owner, size and shares for admins only", async () => {
    const owner = await createUser(app, { tier: "cosmic" });
    const admin = await createUser(app, { roles: ["user", "admin"] });
    const teamId = await newTeam(owner, `Zephyr ${owner.username}`);
    const member = await createUser(app);
    await join(owner, teamId, member);
    const { universeId } = await universeWithEntity(owner);
    await call(owner, "POST", `/api/aacos/universes/${universeId}/share`, { teamId });

    const listed = await call(admin, "GET", `/api/admin/teams?q=${owner.username}&pageSize=5`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      items: [
        {
          id: teamId,
          name: `Zephyr ${owner.username}`,
          ownerId: owner.id,
          ownerUsername: owner.username,
          memberCount: 2,
          sharedUniverses: 1,
          createdAt: expect.any(String),
        },
      ],
      total: 1,
    });
    expect((await call(owner, "GET", "/api/admin/teams")).statusCode).toBe(403);
  });
});

describe("helpful answers from shared universes", () => {
  it("a teammate marking a shared answer helpful completes the sharer's community quest, once", async () => {
    const lead = await createUser(app, { tier: "cosmic" });
    // A free member: sharing a universe and being thanked for it needs no paid plan.
    const sharer = await createUser(app);
    const teamId = await newTeam(lead, "Helpers");
    await join(lead, teamId, sharer);
    expect((await call(sharer, "POST", "/api/quests/community_helper/start")).statusCode).toBe(200);
    const { universeId, entityId } = await universeWithEntity(sharer);
    const share = await call(sharer, "POST", `/api/aacos/universes/${universeId}/share`, {
      teamId,
    });
    expect(share.statusCode).toBe(200);

    const ask = async (user: SignedInUser) => {
      const { conversationId, answer } = await askInNewConversation(user, entityId, "What is new?");
      return {
        conversationId,
        answer: answer.json<{ message: { id: string; helpful: boolean | null } }>().message,
      };
    };

    // The sharer's own answers have nobody else to thank.
    const own = await ask(sharer);
    expect(own.answer.helpful).toBeNull();
    const self = await call(sharer, "POST", `/api/chat/messages/${own.answer.id}/helpful`);
    expect(self.statusCode).toBe(409);

    const asked = await ask(lead);
    expect(asked.answer.helpful).toBe(false);
    // Only the conversation's owner may mark it.
    const stranger = await call(sharer, "POST", `/api/chat/messages/${asked.answer.id}/helpful`);
    expect(stranger.statusCode).toBe(404);
    const marked = await call(lead, "POST", `/api/chat/messages/${asked.answer.id}/helpful`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toMatchObject({ id: asked.answer.id, helpful: true });
    const again = await call(lead, "POST", `/api/chat/messages/${asked.answer.id}/helpful`);
    expect(again.statusCode).toBe(200);

    // (Read through the services: a genesis member's ten calls a minute are spent above.)
    const quests = await app.services.progression.quests.list(sharer.id, "genesis", "genesis");
    expect(quests.items.find((item) => item.id === "community_helper")?.status).toBe("completed");
    const rewards = await test.database.db
      .select()
      .from(progressLedger)
      .where(
        and(
          eq(progressLedger.userId, sharer.id),
          eq(progressLedger.xp, 500),
          eq(progressLedger.tokens, 150),
        ),
      );
    // Paid once, however often the answer is marked.
    expect(rewards).toHaveLength(1);
    // The history shows the mark.
    const history = await call(
      lead,
      "GET",
      `/api/chat/conversations/${asked.conversationId}/messages`,
    );
    const items = history.json<{ items: { id: string; role: string; helpful: boolean | null }[] }>()
      .items;
    expect(items.find((item) => item.id === asked.answer.id)?.helpful).toBe(true);
    expect(items.find((item) => item.role === "user")?.helpful).toBeNull();
  });
});

function randomId(): string {
  return "00000000-0000-4000-8000-000000000000";
}

function entityBody() {
  return { name: "Intruder", role: "spy", systemPrompt: "Sneak." };
}
