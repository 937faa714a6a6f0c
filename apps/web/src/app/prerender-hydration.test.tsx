// The build's pre-rendered pages are exactly what the app renders first, so the app hydrates them (docs/decisions/341):
// the painted nodes become the app's, with no mismatch. React's development build reports every difference — text,
// elements and attributes — which its production build would not all notice (a differing attribute would silently stay).
import { act, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetAuthStore } from "../lib/auth-store";
import { billingKeys } from "../lib/billing";
import { catalogQuery } from "../lib/catalog-query";
import { applyLanguage } from "../lib/i18n";
import { errorReply, startTestApi } from "../test-api-server";
import { App } from "./app";
import { PRERENDERED_PAGES, prerender } from "./prerender";
import { hydratableCopy, hydrateInto } from "./prerender-handoff";
import { createQueryClient } from "./providers";

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  applyLanguage("en");
  window.history.replaceState(null, "", "/");
});

describe("each pre-rendered page", () => {
  for (const page of PRERENDERED_PAGES) {
    it(`${page.file} is hydrated by the app without a difference, keeping its nodes`, async () => {
      applyLanguage("he");
      window.history.replaceState(null, "", page.path);
      const markup = await prerender(page);
      document.body.innerHTML = `<div id="root"><div data-prerendered="${page.path}">${markup}</div><main id="boot-screen"></main></div>`;
      const copy = hydratableCopy(document.getElementById("root") as HTMLElement);
      expect(copy).not.toBeNull();
      const heading = copy?.querySelector("main h1");
      expect(heading).not.toBeNull();

      // What start-up leaves before the hydration (app/start.tsx): signed out, the page's data in the cache.
      resetAuthStore("ready");
      const client = createQueryClient();
      if (page.data !== undefined) {
        client.setQueryData(catalogQuery.queryKey, page.data.catalog);
        if (page.data.billing !== undefined)
          client.setQueryData(billingKeys.status, { mode: page.data.billing, selfService: true });
      }
      const errors = vi.spyOn(console, "error");
      const recovered: unknown[] = [];
      const container = hydrateInto(copy as HTMLElement);
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <App setup={{ queries: { client, persistence: null }, started: true }} />
          </StrictMode>,
          { onRecoverableError: (error) => recovered.push(error) },
        );
      });

      expect(recovered).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      expect(container.querySelector("main h1")).toBe(heading);
      expect(container.dataset.hydrated).toBe(page.path);
      expect(document.querySelector("[data-prerendered], #boot-screen")).toBeNull();
    });
  }

  it("keeps what a visitor typed into the sign-in form before the app hydrated it", async () => {
    applyLanguage("he");
    const page = PRERENDERED_PAGES.find((entry) => entry.path === "/auth/login");
    if (page === undefined) throw new Error("no pre-rendered sign-in page");
    window.history.replaceState(null, "", page.path);
    const markup = await prerender(page);
    document.body.innerHTML = `<div id="root"><div data-prerendered="${page.path}">${markup}</div></div>`;
    const copy = hydratableCopy(document.getElementById("root") as HTMLElement) as HTMLElement;
    const email = copy.querySelector<HTMLInputElement>('input[name="email"]');
    const password = copy.querySelector<HTMLInputElement>('input[name="password"]');
    if (email === null || password === null) throw new Error("no fields");
    // Both fields filled before the app runs, as a quick visitor (or a password manager) does.
    email.value = "dana@example.com";
    password.value = "secret-pass";
    resetAuthStore("ready");
    const container = hydrateInto(copy);
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App
            setup={{ queries: { client: createQueryClient(), persistence: null }, started: true }}
          />
        </StrictMode>,
      );
    });
    // Ticking "remember me" renders the form again: what was typed must survive it.
    await act(async () => {
      container.querySelector<HTMLInputElement>('[data-testid="login-remember-me"]')?.click();
    });
    expect(email.value).toBe("dana@example.com");
    expect(password.value).toBe("secret-pass");
    // And it is what the form checks on submit: no field is refused as empty.
    await act(async () => {
      container.querySelector<HTMLButtonElement>('[data-testid="login-submit"]')?.click();
    });
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it("signs in with what was typed when the visitor pressed sign in before the app hydrated the form", async () => {
    const api = await startTestApi({
      "POST /api/auth/login": () => errorReply(401, "unauthorized", "Invalid email or password"),
    });
    try {
      applyLanguage("he");
      const page = PRERENDERED_PAGES.find((entry) => entry.path === "/auth/login");
      if (page === undefined) throw new Error("no pre-rendered sign-in page");
      window.history.replaceState(null, "", page.path);
      document.body.innerHTML = `<div id="root"><div data-prerendered="${page.path}">${await prerender(page)}</div></div>`;
      const copy = hydratableCopy(document.getElementById("root") as HTMLElement) as HTMLElement;
      const email = copy.querySelector<HTMLInputElement>('input[name="email"]');
      const password = copy.querySelector<HTMLInputElement>('input[name="password"]');
      if (email === null || password === null) throw new Error("no fields");
      email.value = "dana@example.com";
      password.value = "secret-pass";
      // What public/boot.js does with a submission before the app runs: held back, its form's first field named.
      document.documentElement.dataset.heldSubmit = "email";
      resetAuthStore("ready");
      const container = hydrateInto(copy);
      await act(async () => {
        root = hydrateRoot(
          container,
          <App
            setup={{ queries: { client: createQueryClient(), persistence: null }, started: true }}
          />,
        );
      });

      await waitFor(() => expect(api.count("POST /api/auth/login")).toBe(1));
      expect(api.requests.find((r) => r.path === "/api/auth/login")?.body).toMatchObject({
        email: "dana@example.com",
        password: "secret-pass",
      });
      // The server's answer shows as it would after a click, and the mark is gone: it goes once.
      expect(await screen.findByRole("alert")).toBeTruthy();
      expect(document.documentElement.dataset.heldSubmit).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it("is rendered anew rather than hydrated for a visitor who chose a theme", async () => {
    document.body.innerHTML = `<div id="root"><div data-prerendered="/"><main><h1>x</h1></main></div></div>`;
    window.localStorage.setItem("aacos-theme", "dark");
    expect(hydratableCopy(document.getElementById("root") as HTMLElement)).toBeNull();
  });
});
