// The AI workspace in a real browser: a new user goes from sign-up to the first streamed answer (a reload of the chat
// keeps its conversation), then sends one command to three entities at once. The model is a loopback
// OpenAI-compatible server streaming a known answer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browser, registerThroughForm, screenshot } from "./support/browser.js";

const ANSWER = "The answer is forty-two.";

async function addEntity(page: Page, name: string) {
  await page.getByTestId("entity-add").first().click();
  const form = page.getByTestId("entity-form");
  await form.getByTestId("entity-name").fill(name);
  await form.getByTestId("entity-role").fill("Researcher");
  await form.getByTestId("entity-system-prompt").fill("Answer briefly.");
  await form.getByTestId("entity-save").click();
  await page.locator('[data-testid="entity-title"]', { hasText: name }).waitFor();
}

describe("the AI workspace", () => {
  it("walks a new user from sign-up to a streamed answer and a command to three entities", async () => {
    const name = `ws${Date.now().toString(36)}`;
    const page = await registerThroughForm(browser, name, "en");
    // One command to several entities needs the AI assistant of the Quantum plan.
    const upgraded = await page.evaluate(async () => {
      const response = await fetch("/api/plan/tier", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${localStorage.getItem("token")}`,
        },
        body: JSON.stringify({ tier: "quantum" }),
      });
      return response.status;
    });
    expect(upgraded).toBe(200);

    await page.goto(new URL("/ai/command-center", page.url()).toString());
    await page.getByTestId("universe-name-input").fill("Research lab");
    await page.getByTestId("universe-create").click();
    await page.getByTestId("universe-card").waitFor();
    for (const entity of ["Ada", "Grace", "Linus"]) await addEntity(page, entity);

    await page.goto(new URL("/chat", page.url()).toString());
    await page.getByTestId("chat-entity-picker").waitFor();
    await page.getByTestId("chat-message-input").fill("What is the answer?");
    await page.getByTestId("chat-send").click();
    // The answer is shown while it streams, before it is complete.
    await page.getByTestId("chat-streaming").waitFor({ timeout: 10_000 });
    const answer = page.getByTestId("chat-answer").last();
    await answer.waitFor();
    expect(await answer.getAttribute("data-status")).toBe("complete");
    expect(await answer.getByTestId("chat-answer-text").innerText()).toContain(ANSWER);
    await screenshot(page, "workspace-chat-answer");
    // The open conversation is in the address: a reload shows it again, answer and all.
    await page.waitForURL(/\/chat\?c=[0-9a-f-]{36}$/);
    await page.reload();
    const reloaded = page.getByTestId("chat-answer").last();
    await reloaded.waitFor();
    expect(await reloaded.getByTestId("chat-answer-text").innerText()).toContain(ANSWER);
    expect(await page.getByTestId("chat-title").innerText()).toBe("What is the answer?");

    await page.goto(new URL("/ai/command-center", page.url()).toString());
    const boxes = page.getByTestId("command-entity-checkbox");
    await boxes.first().waitFor();
    expect(await boxes.count()).toBe(3);
    for (let index = 0; index < 3; index++) await boxes.nth(index).check();
    await page.getByTestId("command-prompt").fill("Introduce yourselves.");
    await page.getByTestId("command-run").click();
    const cards = page.getByTestId("command-answer-card");
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="command-answer-card"][data-status="complete"]')
          .length === 3,
      undefined,
      { timeout: 15_000 },
    );
    for (let index = 0; index < 3; index++) {
      expect(await cards.nth(index).getByTestId("command-answer-text").innerText()).toContain(
        ANSWER,
      );
    }
    await page.getByTestId("command-history-row").first().waitFor();
    await screenshot(page, "workspace-command-three");
    await page.context().close();
  });
});
