// One refusal shows one upgrade prompt at a time, in Hebrew, and none of them covers the chat's input or Send button
// (issue 14 item 4; docs/decisions/165-one-prompt-per-refusal.md).
import { describe, expect, inject, it } from "vitest";
import { api, registerAccount, type TestAccount } from "./support/api.js";
import { browser, screenshot } from "./support/browser.js";
import { signedInHebrew } from "./support/hebrew-page.js";

describe("upgrade prompts in the browser (Hebrew)", () => {
  it("shows one prompt at a time for a refusal, never over the chat's Send button", async () => {
    const account = await registerAccount("refuse");
    const universe = await api<{ universe: { id: string } }>("/api/aacos/universes", {
      token: account.token,
      body: { name: "מעבדה" },
    });
    expect(universe.status).toBe(201);
    const entity = await api(`/api/aacos/universes/${universe.body.universe.id}/entities`, {
      token: account.token,
      body: { name: "עדה", role: "עוזרת", systemPrompt: "ענו בקצרה." },
    });
    expect(entity.status).toBe(201);

    const { page, seen } = await signedInHebrew(browser, account, "/chat");
    const input = page.getByTestId("chat-message-input");
    const send = page.getByTestId("chat-send");
    await input.waitFor();

    const prompts = page.locator(
      '[data-testid="upgrade-modal"], [data-testid="upgrade-notification"], [data-testid="upgrade-banner"], [data-testid="upgrade-slide-in"], [data-testid="upgrade-tooltip"]',
    );
    // Spend the minute's metered calls from outside the page, then send from the page: its answer is the refusal.
    let refusedInPage = false;
    for (let attempt = 0; attempt < 3 && !refusedInPage; attempt++) {
      await spendMinute(account);
      const before = seen.refused.length;
      await input.fill("מה התשובה?");
      await send.click();
      await page.waitForTimeout(1_000);
      refusedInPage = seen.refused.length > before;
    }
    expect(refusedInPage).toBe(true);

    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    const modalText = await modal.innerText();
    expect(modalText).toContain("הגעתם למגבלה!");
    expect(modalText).not.toMatch(/Rate limit|calls per/);
    expect(await prompts.count()).toBe(1);
    await page.keyboard.press("Escape");

    // The sequence goes on one prompt at a time, in the strip under the header, clear of the composer.
    const notification = page.getByTestId("upgrade-notification");
    await notification.waitFor({ timeout: 5_000 });
    for (let sample = 0; sample < 8; sample++) {
      expect(await prompts.count()).toBeLessThanOrEqual(1);
      const shown = prompts.first();
      if ((await prompts.count()) === 1) {
        const box = await shown.boundingBox();
        for (const target of [send, input]) {
          const other = await target.boundingBox();
          if (box && other) {
            const overlaps =
              box.x < other.x + other.width &&
              other.x < box.x + box.width &&
              box.y < other.y + other.height &&
              other.y < box.y + box.height;
            expect(overlaps).toBe(false);
          }
        }
      }
      await page.waitForTimeout(500);
    }
    await page.getByTestId("upgrade-banner").waitFor({ timeout: 5_000 });
    expect(await prompts.count()).toBe(1);
    await screenshot(page, "metering-refusal-banner");

    // The Send button takes the click: what lies at its centre is the button itself.
    await input.fill("ועוד שאלה");
    const hit = await send.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return top !== null && button.contains(top);
    });
    expect(hit).toBe(true);

    // A second refusal in the same session does not replay the modal.
    await send.click();
    await page.waitForTimeout(1_500);
    expect(await modal.count()).toBe(0);
    expect(await prompts.count()).toBeLessThanOrEqual(1);
    await page.context().close();
  });
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Uploads (metered actions) until the plan's minute window refuses one. */
async function spendMinute(account: TestAccount): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), `pixel-${i}.png`);
    const response = await fetch(new URL("/api/upload", inject("baseUrl")), {
      method: "POST",
      headers: { authorization: `Bearer ${account.token}` },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status === 429) return;
  }
  throw new Error("the minute window never refused an upload");
}
