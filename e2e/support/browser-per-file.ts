// The suite's setup file: every browser test file gets one Chromium, launched before its own hooks run and closed after
// them (`browser` in support/browser.ts).
import { afterAll, beforeAll } from "vitest";
import { browser, launchBrowser, setBrowser } from "./browser.js";

beforeAll(async () => {
  setBrowser(await launchBrowser());
});
afterAll(() => browser.close());
