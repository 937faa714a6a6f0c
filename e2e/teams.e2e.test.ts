// Teams in a real browser: a cosmic owner invites two people by e-mail (real SMTP), both join through the mailed link,
// both chat in the shared universe (loopback model), an admin lowers cosmic's maxTeamMembers to 3 so the next
// invitation is refused with the limit message, and a removed member's open page loses the universe at once.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { api, registerAccount, registerAdmin, type TestAccount } from "./support/api.js";
import { browser, openPage, screenshot, signInThroughForm } from "./support/browser.js";
import { linkIn, waitForMail } from "./support/mail.js";

const ANSWER = "The answer is forty-two.";

/** The invitation link mailed to `address` (the mail file may still be being written: read it again then). */
async function invitationLink(address: string): Promise<URL> {
  for (let attempt = 0; ; attempt++) {
    try {
      return linkIn(await waitForMail(address), "/teams/invite/");
    } catch (error) {
      if (!(error instanceof SyntaxError) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function signIn(page: Page, account: TestAccount) {
  return signInThroughForm(page, account.email, account.password);
}

async function askInChat(page: Page, question: string) {
  await page.goto(new URL("/chat", page.url()).toString());
  const picker = page.getByTestId("chat-entity-picker");
  await picker.waitFor();
  // The shared universe's entity is offered, labelled as shared.
  expect(await picker.innerText()).toContain("Oracle");
  // The first entity is picked once the lists are in; a draft typed before that would be cleared.
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="chat-entity-picker"]') as HTMLSelectElement | null)
        ?.value !== "",
  );
  await page.getByTestId("chat-message-input").fill(question);
  const send = page.getByTestId("chat-send");
  for (let attempt = 0; !(await send.isEnabled()) && attempt < 20; attempt++) {
    await page.waitForTimeout(250);
    await page.getByTestId("chat-message-input").fill(question);
  }
  await send.click();
  const answer = page.getByTestId("chat-answer").last();
  await page
    .locator('[data-testid="chat-answer"], [data-testid="chat-send-error"]')
    .first()
    .waitFor({ timeout: 30_000 });
  const refused = page.getByTestId("chat-send-error");
  if ((await refused.count()) > 0) throw new Error(`chat refused: ${await refused.innerText()}`);
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[data-testid="chat-answer"]'))
        .at(-1)
        ?.getAttribute("data-status") === "complete",
    undefined,
    { timeout: 15_000 },
  );
  expect(await answer.getByTestId("chat-answer-text").innerText()).toContain(ANSWER);
}

describe("teams", () => {
  it("invites two members by mail, shares a universe they chat in, enforces the lowered cap and cuts a removed member off", async () => {
    const owner = await registerAccount("own");
    const ada = await registerAccount("ada");
    const noa = await registerAccount("noa");
    const upgraded = await api("/api/plan/tier", { body: { tier: "cosmic" }, token: owner.token });
    expect(upgraded.status).toBe(200);
    // Members need no team plan; quantum only so the pages' calls stay under the genesis 10-a-minute meter.
    for (const member of [ada, noa]) {
      const plan = await api("/api/plan/tier", { body: { tier: "quantum" }, token: member.token });
      expect(plan.status).toBe(200);
    }
    // A universe with one entity, made through the workspace API the command centre uses.
    const universe = await api<{ universe: { id: string } }>("/api/aacos/universes", {
      body: { name: "Shared cosmos" },
      token: owner.token,
    });
    const universeId = universe.body.universe.id;
    await api(`/api/aacos/universes/${universeId}/entities`, {
      body: { name: "Oracle", role: "Advisor", systemPrompt: "Answer briefly." },
      token: owner.token,
    });

    // A genesis user sees which plan unlocks teams.
    const lockedPage = await openPage(browser, "/teams", { language: "en", token: ada.token });
    await lockedPage.getByTestId("teams-locked").waitFor();
    expect(await lockedPage.getByTestId("teams-locked").innerText()).toContain(
      "Creating a team needs the Cosmic plan",
    );
    await lockedPage.getByTestId("teams-empty").waitFor();
    await screenshot(lockedPage, "teams-locked-en");
    await lockedPage.context().close();

    // The owner creates the team, shares the universe and invites both by e-mail.
    const ownerPage = await openPage(browser, "/teams", { language: "en", token: owner.token });
    await ownerPage.getByTestId("team-name-input").fill("Star crew");
    await ownerPage.getByTestId("team-create").click();
    await ownerPage.getByTestId("team-detail").waitFor();
    await ownerPage.getByTestId("team-share-select").selectOption(universeId);
    await ownerPage.getByTestId("team-share-submit").click();
    await ownerPage.getByTestId(`team-universe-${universeId}`).waitFor();
    for (const member of [ada, noa]) {
      await ownerPage.getByTestId("team-invite-email").fill(member.email);
      await ownerPage.getByTestId("team-invite-submit").click();
      await ownerPage.getByTestId("team-invite-sent").filter({ hasText: member.email }).waitFor();
    }
    await ownerPage.getByTestId("team-invites").waitFor();
    await ownerPage.getByTestId("team-places").filter({ hasText: "3 of 25" }).waitFor();
    await screenshot(ownerPage, "teams-owner-en");

    // Ada opens the mailed link signed out: she signs in first, and comes back to the invitation.
    const adaLink = await invitationLink(ada.email);
    const adaPage = await openPage(browser, adaLink.pathname, { language: "en" });
    await adaPage.waitForURL((url) => !url.pathname.startsWith("/teams/invite/"));
    await signIn(adaPage, ada);
    await adaPage.getByTestId("invite-preview").waitFor();
    expect(new URL(adaPage.url()).pathname).toBe(adaLink.pathname);
    await screenshot(adaPage, "teams-invite-en");
    await adaPage.getByTestId("invite-accept").click();
    await adaPage.getByTestId("team-detail").waitFor();

    // Noa accepts in Hebrew, already signed in.
    const noaLink = await invitationLink(noa.email);
    const noaPage = await openPage(browser, noaLink.pathname, { language: "he", token: noa.token });
    await noaPage.getByTestId("invite-preview").waitFor();
    await screenshot(noaPage, "teams-invite-he");
    await noaPage.getByTestId("invite-accept").click();
    await noaPage.getByTestId("team-detail").waitFor();
    await screenshot(noaPage, "teams-member-he");

    // The link works once.
    const reused = await api("/api/teams/invites/accept", {
      body: { token: noaLink.pathname.split("/").at(-1) },
      token: noa.token,
    });
    expect(reused.status).toBe(404);

    // Both chat with the shared universe's entity.
    await askInChat(adaPage, "What is the answer?");
    await screenshot(adaPage, "teams-shared-chat-en");
    await askInChat(noaPage, "מה התשובה?");
    await screenshot(noaPage, "teams-shared-chat-he");

    // An admin lowers cosmic's member cap to 3 in /admin/settings; restored at the end (other tests share the server).
    const admin = { body: await registerAdmin("teamsadmin") };
    try {
      const adminPage = await openPage(browser, "/admin/settings", {
        language: "en",
        token: admin.body.token,
      });
      const limitInput = adminPage.getByTestId("limit-cosmic-maxTeamMembers");
      await limitInput.fill("3");
      await adminPage.getByTestId("save-tier-cosmic").click();
      await adminPage.getByTestId("settings-saved").waitFor();
      await adminPage.context().close();

      // The next invitation is refused with the limit message.
      await ownerPage.reload();
      await ownerPage.getByTestId("team-detail").waitFor();
      await ownerPage.getByTestId("team-places").filter({ hasText: "3 of 3" }).waitFor();
      await ownerPage.getByTestId("team-invite-email").fill(`late${Date.now()}@example.com`);
      await ownerPage.getByTestId("team-invite-submit").click();
      const refusal = ownerPage.getByTestId("team-invite-error");
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(
        "Team member limit reached: 3 members on the owner's plan",
      );
      await screenshot(ownerPage, "teams-limit-en");

      // Removing Noa cuts her off at once: her open chat page gets "not found" for the shared universe.
      await ownerPage.getByTestId(`member-remove-${noa.username}`).click();
      await ownerPage.getByTestId(`member-remove-${noa.username}-confirm`).click();
      await ownerPage.getByTestId("team-notice").filter({ hasText: noa.username }).waitFor();
      const gone = await api(`/api/aacos/universes/${universeId}`, { token: noa.token });
      expect(gone.status).toBe(404);
      await noaPage.getByTestId("chat-message-input").fill("עדיין כאן?");
      await noaPage.getByTestId("chat-send").click();
      await noaPage.getByTestId("chat-send-error").waitFor({ timeout: 10_000 });
      await screenshot(noaPage, "teams-removed-he");
      await noaPage.goto(new URL("/teams", noaPage.url()).toString());
      await noaPage.getByTestId("teams-empty").waitFor();
    } finally {
      // No body, so no JSON content type (the api() helper always sends one).
      const restored = await fetch(
        new URL("/api/admin/settings/tiers/cosmic?field=limits.maxTeamMembers", inject("baseUrl")),
        { method: "DELETE", headers: { authorization: `Bearer ${admin.body.token}` } },
      );
      expect(restored.status).toBe(200);
    }
  }, 240_000);
});
