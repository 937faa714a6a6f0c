// Team refusals in the interface language: the server's team codes (and field codes) map to this feature's keys.
import type { TFunction } from "i18next";
import { isApiError } from "../../lib/api-client";
import { translateError, translateField } from "../../lib/messages";

/** This feature's text for a code and its meaning, where it has its own. */
function teamKey(code: string, params: Readonly<Record<string, unknown>>) {
  const meaning = params.reason ?? params.subject ?? params.limit;
  if (code === "invite_invalid") return "teams.errors.inviteInvalid";
  if (code === "invite_other_address") return "teams.errors.otherAddress";
  if (code === "forbidden" && meaning === "team_owner_only") return "teams.errors.ownerOnly";
  if (code === "conflict" && meaning === "owner_cannot_leave")
    return "teams.errors.ownerCannotLeave";
  if (code === "not_found" && meaning === "team") return "teams.errors.notFound";
  return null;
}

/** The message to show for a failed team call. */
export function teamErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t("messages.requestFailed");
  const field = Object.values(error.fields)[0];
  if (field?.code === "already_member") return t("teams.errors.alreadyMember");
  if (field?.code === "already_invited") return t("teams.errors.alreadyInvited");
  if (field?.code === "new_owner_not_member") return t("teams.errors.newOwnerNotMember");
  if (field) return translateField(t, field);
  const key = teamKey(error.code, error.params);
  return key ? t(key) : translateError(t, error);
}

/** The upgrade link a refusal carries (limit reached, feature locked), if any. */
export function upgradeLinkOf(error: unknown): string | null {
  return isApiError(error) ? (error.upgrade?.upgradeUrl ?? null) : null;
}
