import { describe, expect, it } from "vitest";
import { checkNewTeamMember, InviteMemberBody, TEAM_MESSAGES } from "./index.js";

describe("team member cap", () => {
  it("counts members and waiting invitations against the owner's maxTeamMembers", () => {
    expect(checkNewTeamMember({ members: 2, pendingInvites: 0 }, { maxTeamMembers: 3 })).toEqual({
      ok: true,
    });
    expect(checkNewTeamMember({ members: 2, pendingInvites: 1 }, { maxTeamMembers: 3 })).toEqual({
      ok: false,
      reason: "maxTeamMembers",
      limit: 3,
      message: "Team member limit reached: 3 members on the owner's plan",
    });
    expect(checkNewTeamMember({ members: 99, pendingInvites: 9 }, { maxTeamMembers: -1 }).ok).toBe(
      true,
    );
    expect(TEAM_MESSAGES.memberLimit(1)).toBe(
      "Team member limit reached: 1 member on the owner's plan",
    );
  });

  it("checks the invited address with the spec's message", () => {
    const bad = InviteMemberBody.safeParse({ email: "not-an-address" });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe("Invalid email format");
  });
});
