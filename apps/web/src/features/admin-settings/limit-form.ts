// The settings form's rules, without React: the editable fields of a tier or world, the draft (text + unlimited per
// field), and the domain's own check on every value before anything is sent.

import { UNLIMITED } from "@aacos/domain/catalog";
import {
  type FieldRule,
  type SettingProblem,
  settingProblem,
  TIER_LIMIT_KEYS,
  TIER_LIMIT_RULES,
  TIER_PRICE_KEYS,
  TIER_PRICE_RULES,
  WORLD_LIMIT_KEYS,
  WORLD_LIMIT_RULES,
  WORLD_PRICE_KEYS,
  WORLD_PRICE_RULES,
} from "@aacos/domain/catalog-overrides";
import type { PlanValues, SettingsKind } from "./api";

export type Section = "limits" | "price";

export interface FieldSpec {
  section: Section;
  key: string;
  /** `limits.maxTeamMembers` */
  field: string;
  rule: FieldRule;
}

function specs(section: Section, keys: readonly string[], rules: Record<string, FieldRule>) {
  return keys.map((key) => ({
    section,
    key,
    field: `${section}.${key}`,
    rule: rules[key] as FieldRule,
  }));
}

const TIER_FIELDS: FieldSpec[] = [
  ...specs("limits", TIER_LIMIT_KEYS, TIER_LIMIT_RULES),
  ...specs("price", TIER_PRICE_KEYS, TIER_PRICE_RULES),
];
const WORLD_FIELDS: FieldSpec[] = [
  ...specs("limits", WORLD_LIMIT_KEYS, WORLD_LIMIT_RULES),
  ...specs("price", WORLD_PRICE_KEYS, WORLD_PRICE_RULES),
];

export function fieldsOf(kind: SettingsKind): FieldSpec[] {
  return kind === "tier" ? TIER_FIELDS : WORLD_FIELDS;
}

export interface DraftValue {
  text: string;
  unlimited: boolean;
}
export type Draft = Record<string, DraftValue>;

export function fieldValue(values: PlanValues, spec: FieldSpec): number | undefined {
  return values[spec.section][spec.key];
}

export function draftFrom(kind: SettingsKind, values: PlanValues): Draft {
  const draft: Draft = {};
  for (const spec of fieldsOf(kind)) {
    const value = fieldValue(values, spec);
    const unlimited = value === UNLIMITED;
    draft[spec.field] = { text: value === undefined || unlimited ? "" : String(value), unlimited };
  }
  return draft;
}

/** A field's number, or its problem: whole numbers only, −1 through the unlimited switch (or typed). */
export function readValue(spec: FieldSpec, value: DraftValue): number | SettingProblem {
  if (value.unlimited && spec.rule.unlimited) return UNLIMITED;
  const text = value.text.trim().replace("−", "-");
  if (!/^-?\d+$/.test(text)) return { kind: "notInteger" };
  const number = Number(text);
  return settingProblem(spec.rule, number) ?? number;
}

export interface DraftResult {
  /** What to send: only the fields that differ from the values in force. */
  body: { limits?: Record<string, number>; price?: Record<string, number> };
  changed: number;
  problems: Record<string, SettingProblem>;
}

export function readDraft(kind: SettingsKind, draft: Draft, current: PlanValues): DraftResult {
  const result: DraftResult = { body: {}, changed: 0, problems: {} };
  for (const spec of fieldsOf(kind)) {
    const entry = draft[spec.field];
    if (entry === undefined) continue;
    const read = readValue(spec, entry);
    if (typeof read !== "number") {
      result.problems[spec.field] = read;
      continue;
    }
    if (read === fieldValue(current, spec)) continue;
    const section = result.body[spec.section] ?? {};
    section[spec.key] = read;
    result.body[spec.section] = section;
    result.changed += 1;
  }
  return result;
}
