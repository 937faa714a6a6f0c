// /consciousness against a real local API: gauge values on role="meter", the rebalance suggestion below 0.3 harmony,
// the target level sent as {level}, and the history lock (403 feature_locked) with its upgrade link.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type AuthUser, resetAuthStore, useAuthStore } from "../../lib/auth-store";
import { startTestApi, type TestApi, upgradeReply } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { gaugeDash } from "../../ui/gauge";
import { ConsciousnessScreen } from "./consciousness-screen";

let api: TestApi;
afterEach(async () => {
  resetAuthStore();
  await api.close();
});

const locked = () =>
  upgradeReply(
    403,
    { code: "feature_locked", message: "The consciousness engine needs the Cosmic plan" },
    { suggestedTier: "cosmic", upgradeUrl: "/tiers?upgrade=cosmic", reason: "consciousnessEngine" },
  );

/** The state route's reply: the three values and the target level. */
const stateReply = (awareness: number, integration: number, harmony: number) => () => ({
  status: 200,
  body: { awareness, integration, harmony, targetLevel: 0.5 },
});

describe("ConsciousnessScreen", () => {
  it("shows the three values as meters, suggests a rebalance and locks the history below cosmic", async () => {
    api = await startTestApi({
      "GET /api/aacos/consciousness/state": stateReply(0.8, 0.55, 0.2),
      "GET /api/aacos/consciousness/history": locked,
      "POST /api/aacos/consciousness/level": (request) => ({
        status: 200,
        body: { targetLevel: (request.body as { level: number }).level },
      }),
    });
    renderAt("/consciousness", { "/consciousness": <ConsciousnessScreen /> });
    const meters = await screen.findAllByRole("meter");
    expect(meters).toHaveLength(3);
    expect(screen.getByTestId("gauge-awareness")).toHaveAttribute("aria-valuenow", "0.8");
    expect(screen.getByTestId("gauge-integration")).toHaveAttribute("aria-valuenow", "0.55");
    expect(screen.getByTestId("gauge-harmony")).toHaveAttribute("aria-valuenow", "0.2");
    expect(screen.getByTestId("gauge-awareness")).toHaveAttribute("aria-valuetext", "80%");
    expect(screen.getByTestId("gauge-awareness-arc")).toHaveAttribute(
      "stroke-dasharray",
      gaugeDash(0.8),
    );
    expect(screen.getByTestId("consciousness-rebalance")).toBeInTheDocument();

    await waitFor(() =>
      expect(screen.getByTestId("consciousness-history-locked")).toBeInTheDocument(),
    );
    expect(screen.getByTestId("consciousness-upgrade")).toHaveAttribute(
      "href",
      "/tiers?upgrade=cosmic",
    );

    fireEvent.change(screen.getByTestId("consciousness-level"), { target: { value: "0.75" } });
    fireEvent.click(screen.getByTestId("consciousness-level-save"));
    await waitFor(() =>
      expect(screen.getByTestId("consciousness-level-message")).toBeInTheDocument(),
    );
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ level: 0.75 });
  });

  it("shows no rebalance when harmony is fine, and the history chart when unlocked", async () => {
    api = await startTestApi({
      "GET /api/aacos/consciousness/state": stateReply(0.5, 0.5, 0.9),
      "GET /api/aacos/consciousness/history": () => ({
        status: 200,
        body: {
          items: [
            {
              awareness: 0.5,
              integration: 0.5,
              harmony: 0.9,
              targetLevel: 0.5,
              createdAt: "2026-01-01T00:05:00Z",
            },
            {
              awareness: 0.4,
              integration: 0.5,
              harmony: 0.6,
              targetLevel: 0.5,
              createdAt: "2026-01-01T00:00:00Z",
            },
          ],
        },
      }),
    });
    renderAt("/consciousness", { "/consciousness": <ConsciousnessScreen /> });
    await screen.findAllByRole("meter");
    expect(screen.queryByTestId("consciousness-rebalance")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId("consciousness-history-chart")).toHaveAttribute("data-points", "2"),
    );
  });

  it("shows the lock without asking for the history on a plan without the engine", async () => {
    api = await startTestApi({
      "GET /api/aacos/consciousness/state": stateReply(0.5, 0.5, 0.9),
      "GET /api/aacos/consciousness/history": locked,
    });
    useAuthStore.setState({ user: { id: "u1", tier: "genesis" } as AuthUser });
    renderAt("/consciousness", { "/consciousness": <ConsciousnessScreen /> });
    await screen.findAllByRole("meter");
    expect(screen.getByTestId("consciousness-history-locked")).toBeInTheDocument();
    expect(api.count("GET /api/aacos/consciousness/history")).toBe(0);
  });
});
