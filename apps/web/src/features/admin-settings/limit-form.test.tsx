// The limit form: the domain's rules on each field (messages in English and Hebrew under the field), only changed
// fields sent, and −1 through the unlimited switch.
import { buildCatalog } from "@aacos/domain/catalog";
import { tierSettings } from "@aacos/domain/catalog-overrides";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { fieldError, renderAt } from "../../test-utils";
import type { PlanSettings, PlanValues } from "./api";
import { draftFrom, fieldsOf, readDraft } from "./limit-form";
import { PlanSettingsCard } from "./plan-settings-card";

afterEach(() => applyLanguage("he"));

const cosmic = buildCatalog().tiers[2];
if (cosmic === undefined) throw new Error("catalogue");
const settings = tierSettings(cosmic);
const values: PlanValues = { limits: { ...settings.limits }, price: { ...settings.price } };
const plan: PlanSettings = {
  name: "cosmic",
  displayName: cosmic.displayName,
  defaults: values,
  values,
  overridden: [],
};

describe("readDraft", () => {
  it("sends only the fields that changed, and −1 for unlimited", () => {
    const draft = draftFrom("tier", values);
    draft["limits.maxTeamMembers"] = { text: "", unlimited: true };
    draft["limits.apiCallsPerMinute"] = { text: "120", unlimited: false };
    draft["price.monthly"] = { text: "199", unlimited: false };
    const result = readDraft("tier", draft, values);
    expect(result.problems).toEqual({});
    expect(result.body).toEqual({ limits: { maxTeamMembers: -1, apiCallsPerMinute: 120 } });
    expect(result.changed).toBe(2);
  });

  it("names every problem by field with the domain's bounds", () => {
    const draft = draftFrom("tier", values);
    draft["limits.maxProjects"] = { text: "2.5", unlimited: false };
    draft["limits.apiCallsPerHour"] = { text: "0", unlimited: false };
    draft["limits.signalRetentionDays"] = { text: "-1", unlimited: false };
    draft["price.trialDays"] = { text: "1000", unlimited: false };
    draft["limits.maxFileSize"] = { text: "", unlimited: false };
    expect(readDraft("tier", draft, values).problems).toEqual({
      "limits.maxProjects": { kind: "notInteger" },
      "limits.apiCallsPerHour": { kind: "tooSmall", bound: 1 },
      "limits.signalRetentionDays": { kind: "unlimitedNotAllowed", bound: 1 },
      "price.trialDays": { kind: "tooLarge", bound: 365 },
      "limits.maxFileSize": { kind: "notInteger" },
    });
  });

  it("knows which fields may be unlimited", () => {
    const retention = fieldsOf("tier").find((spec) => spec.key === "signalRetentionDays");
    const team = fieldsOf("world").find((spec) => spec.key === "teamSize");
    expect(retention?.rule.unlimited).toBe(false);
    expect(team?.rule.unlimited).toBe(true);
  });
});

describe("PlanSettingsCard", () => {
  it("shows the field's message under it, in English and in Hebrew", () => {
    act(() => applyLanguage("en"));
    renderAt("/admin/settings", {
      "/admin/settings": <PlanSettingsCard kind="tier" plan={plan} />,
    });
    const input = screen.getByTestId("limit-cosmic-maxTeamMembers");
    expect((input as HTMLInputElement).value).toBe("25");
    fireEvent.change(input, { target: { value: "abc" } });
    fireEvent.blur(input);
    expect(fieldError("limit-cosmic-maxTeamMembers")).toBe("Enter a whole number");
    fireEvent.change(screen.getByTestId("price-cosmic-trialDays"), { target: { value: "400" } });
    fireEvent.click(screen.getByTestId("save-tier-cosmic"));
    expect(fieldError("price-cosmic-trialDays")).toBe("Enter at most 365");
    act(() => applyLanguage("he"));
    expect(fieldError("limit-cosmic-maxTeamMembers")).toBe("הזינו מספר שלם");
  });

  it("turns a field unlimited with its switch, where the catalogue allows it", () => {
    act(() => applyLanguage("en"));
    renderAt("/admin/settings", {
      "/admin/settings": <PlanSettingsCard kind="tier" plan={plan} />,
    });
    fireEvent.click(screen.getByTestId("limit-cosmic-maxTeamMembers-unlimited"));
    expect((screen.getByTestId("limit-cosmic-maxTeamMembers") as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByTestId("limit-cosmic-signalRetentionDays-unlimited")).toBeNull();
  });
});
