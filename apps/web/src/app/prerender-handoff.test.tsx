// The app taking over a pre-rendered page: the static copy stays until the app is ready, then the app takes its place,
// with what the visitor typed, a submission and the focus carried over; a visit sent to the start screen is not taken over.
import { act, render, waitFor } from "@testing-library/react";
import { useLayoutEffect, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { holdPrerenderedCopy } from "../lib/prerender-hold";
import { isPrerenderedVisit, revealApp, takeOver } from "./prerender-handoff";

function prerenderedPage(): HTMLElement {
  document.body.innerHTML = `<div id="root"><div data-prerendered="/auth/login"><h1>כניסה</h1><input name="email" value=""></div></div>`;
  return document.getElementById("root") as HTMLElement;
}

function EmailForm({ onSubmit }: { onSubmit?: (email: string) => void }) {
  const [email, setEmail] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(email);
      }}
    >
      <h1>כניסה</h1>
      <input
        name="email"
        aria-label="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <output>{email}</output>
    </form>
  );
}

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.classList.remove("prerender-off");
  delete document.documentElement.dataset.heldSubmit;
});

describe("a pre-rendered page", () => {
  it("stays on screen while the app renders, then the app replaces it keeping the typed text and the focus", async () => {
    const root = prerenderedPage();
    expect(isPrerenderedVisit(root)).toBe(true);
    const container = takeOver(root);
    render(<EmailForm />, { container });
    expect(document.querySelector("[data-prerendered]")).not.toBeNull();
    expect(document.querySelector("output")).toBeNull();

    const typed = root.querySelector("input") as HTMLInputElement;
    typed.value = "dana@example.com";
    typed.focus();
    await act(async () => revealApp());

    expect(document.querySelector("[data-prerendered]")).toBeNull();
    expect(document.getElementById("root")).toBe(container);
    expect(document.querySelector("output")?.textContent).toBe("dana@example.com");
    expect(document.activeElement).toBe(container.querySelector("input"));
  });

  it("submits the app's form with what was typed when the visitor submitted the copy before the app ran", async () => {
    const root = prerenderedPage();
    const container = takeOver(root);
    const submitted: string[] = [];
    render(<EmailForm onSubmit={(email) => submitted.push(email)} />, { container });
    (root.querySelector("input") as HTMLInputElement).value = "dana@example.com";
    // public/boot.js held the copy's submission back and named its form's first field.
    document.documentElement.dataset.heldSubmit = "email";
    await act(async () => revealApp());

    await waitFor(() => expect(submitted).toEqual(["dana@example.com"]));
    expect(document.documentElement.dataset.heldSubmit).toBeUndefined();
  });

  it("stays while the app's screen still loads what the copy shows, and goes in the commit that shows it", async () => {
    const root = prerenderedPage();
    const container = takeOver(root);
    let arrive: () => void = () => {};
    // The shell asks for the swap as soon as it commits; the screen holds it while it shows its loader.
    function Screen() {
      const [loaded, setLoaded] = useState(false);
      arrive = () => setLoaded(true);
      useLayoutEffect(() => (loaded ? undefined : holdPrerenderedCopy()), [loaded]);
      return loaded ? <h1>עולמות</h1> : <p>טוען…</p>;
    }
    function Shell() {
      useLayoutEffect(revealApp, []);
      return <Screen />;
    }
    render(<Shell />, { container });
    expect(document.querySelector("[data-prerendered]")).not.toBeNull();
    expect(document.body.textContent).not.toContain("טוען");

    await act(async () => arrive());
    expect(document.querySelector("[data-prerendered]")).toBeNull();
    expect(document.getElementById("root")).toBe(container);
    expect(container.querySelector("h1")?.textContent).toBe("עולמות");
  });

  it("is left to the start screen for a visit boot.js marked (English, or a session)", () => {
    const root = prerenderedPage();
    document.documentElement.classList.add("prerender-off");
    expect(isPrerenderedVisit(root)).toBe(false);
  });

  it("is not looked for on the plain start screen", () => {
    document.body.innerHTML = `<div id="root"><main id="boot-screen">AACOS</main></div>`;
    expect(isPrerenderedVisit(document.getElementById("root") as HTMLElement)).toBe(false);
  });
});
