// Plans in a real browser: a genesis user runs into the minute limit and sees the prompt sequence, uploads a file with
// progress, and upgrades a world on the tier chooser.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, registerAccount } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";

/** A new signed-in user; `quantum` gives the page room for its own calls (genesis allows 10 a minute). */
async function signedInPage(path: string, tier: "genesis" | "quantum" = "genesis"): Promise<Page> {
  const account = await registerAccount("plan");
  if (tier !== "genesis") {
    await api("/api/plan/tier", { body: { tier }, token: account.token });
  }
  const page = await openPage(browser, path, { language: "en", token: account.token });
  await page.getByTestId("user-menu-button").waitFor();
  return page;
}

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("plans and limits", () => {
  it("shows the genesis limit sequence: modal at once, notification after 2 s, banner after 5 s", async () => {
    const page = await signedInPage("/files");
    await page.getByTestId("upload-form").waitFor();
    // Spend the minute's 10 metered calls (uploads; reading screens is not metered against the plan) outside the
    // app, then upload from the page: its refusal raises the prompts.
    const spent = await page.evaluate(async (png) => {
      const token = localStorage.getItem("token");
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      for (let i = 0; i < 40; i++) {
        const form = new FormData();
        form.append("file", new Blob([bytes], { type: "image/png" }), `spend-${i}.png`);
        const response = await fetch("/api/upload", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        if (response.status === 429) return true;
      }
      return false;
    }, PNG.toString("base64"));
    expect(spent).toBe(true);
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG });
    const modal = page.getByTestId("upgrade-modal");
    await modal.waitFor();
    expect(await modal.innerText()).toContain("You've Hit Your Limit!");
    // Worded from the refusal's code and window, not the server's sentence.
    expect(await modal.innerText()).toContain("You have used this minute's calls on your plan.");
    const shownAt = Date.now();
    await page.keyboard.press("Escape");
    await page.getByTestId("upgrade-notification").waitFor({ timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await page.getByTestId("upgrade-banner").waitFor({ timeout: 7000 });
    expect(await page.getByTestId("upgrade-banner").innerText()).toContain("20%");
    await screenshot(page, "plans-limit-banner");
    await page.context().close();
  });

  it("uploads a file with progress, lists it and deletes it", async () => {
    const page = await signedInPage("/files");
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("upload-success").waitFor();
    const row = page.locator('[data-testid^="file-row-"]');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId("file-name").innerText()).toBe("pixel.png");
    await row.getByTestId("file-delete").click();
    await page.getByTestId("file-delete-confirm").click();
    await page.getByTestId("files-empty").waitFor();

    // A refused file gets the spec's message without a request.
    await page.getByTestId("upload-input").setInputFiles({
      name: "photo.php.jpg",
      mimeType: "image/jpeg",
      buffer: PNG,
    });
    expect(await page.getByTestId("upload-error").innerText()).toContain(
      "Files with multiple extensions are not allowed",
    );
    await page.context().close();
  });

  it("upgrades the world from the tier chooser and moves the Current badge", async () => {
    const page = await signedInPage("/tiers", "quantum");
    await page.getByTestId("world-current-genesis").waitFor();
    await page.getByTestId("world-card-cosmic").click();
    await page.getByTestId("world-action").click();
    await page.getByTestId("world-change-status").waitFor();
    expect(await page.getByTestId("world-change-status").innerText()).toContain("750");
    await page.getByTestId("world-current-cosmic").waitFor();
    expect(await page.getByTestId("world-current-genesis").count()).toBe(0);
    await screenshot(page, "plans-world-upgraded");
    await page.context().close();
  });
});
