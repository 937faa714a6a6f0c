// Deleting an account with the mailed confirmation link (the way for accounts without a password) in a real
// browser: Settings → Your data sends the link, the real SMTP catcher receives it, opening it confirms the deletion.
import { describe, expect, it } from "vitest";
import { api, registerAccount } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";
import { linkIn, waitForMail } from "./support/mail.js";

describe("deleting the account by e-mailed link", () => {
  it("mails a single-use link; opening it and confirming deletes the account and signs out", async () => {
    const account = await registerAccount("byemail");
    const page = await openPage(browser, "/settings", { language: "en", token: account.token });
    await page.getByTestId("settings-your-data").waitFor();
    await page.getByTestId("delete-account-open").click();
    await page.getByTestId("delete-account-mail-link").click();
    const sent = page.getByTestId("delete-link-sent");
    await sent.waitFor();
    expect(await sent.textContent()).toContain(account.email);

    const mail = await waitForMail(account.email);
    expect(mail.subject).toBe("אישור מחיקת חשבון ה-AACOS שלך");
    const link = linkIn(mail, "/settings");
    expect(link.searchParams.get("confirmDelete")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.goto(link.href);
    const dialog = page.getByTestId("delete-account-dialog");
    await dialog.getByText("You opened the confirmation link from your e-mail.").waitFor();
    // The token leaves the address bar at once.
    await page.waitForURL((url) => !url.search.includes("confirmDelete"));
    expect(await page.getByTestId("delete-account-password").count()).toBe(0);
    await screenshot(page, "settings-delete-by-link-en");
    await page.getByTestId("delete-account-confirm").click();
    await page.waitForURL((url) => url.pathname === "/");

    expect((await api("/api/auth/me", { token: account.token })).status).toBe(401);
    const login = await api("/api/auth/login", {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(401);
    await page.context().close();
  });
});
