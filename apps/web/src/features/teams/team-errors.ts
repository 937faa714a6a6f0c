// Team refusals in the interface language: the server's team codes and texts map to this feature's keys.
import { TEAM_MESSAGES } from "@aacos/domain/teams";
import type { TFunction } from "i18next";
import { isApiError } from "../../lib/api-client";
import { translateMessage } from "../../lib/messages";

const LIMIT = /^Team member limit reached: (-?\d+)/;

/** The message to show for a failed team call. */
export function teamErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t("messages.requestFailed");
  const limit = LIMIT.exec(error.message);
  if (limit?.[1] !== undefined) return t("teams.errors.memberLimit", { n: Number(limit[1]) });
  const field = Object.values(error.fields)[0];
  const text = field ?? error.message;
  switch (text) {
    case TEAM_MESSAGES.inviteInvalid:
      return t("teams.errors.inviteInvalid");
    case TEAM_MESSAGES.inviteOtherAddress:
      return t("teams.errors.otherAddress");
    case TEAM_MESSAGES.alreadyMember:
      return t("teams.errors.alreadyMember");
    case TEAM_MESSAGES.alreadyInvited:
      return t("teams.errors.alreadyInvited");
    case TEAM_MESSAGES.ownerOnly:
      return t("teams.errors.ownerOnly");
    case TEAM_MESSAGES.ownerCannotLeave:
      return t("teams.errors.ownerCannotLeave");
    case TEAM_MESSAGES.newOwnerNeedsPlan:
      return t("teams.errors.newOwnerNeedsPlan");
    case TEAM_MESSAGES.newOwnerNotMember:
      return t("teams.errors.newOwnerNotMember");
    case TEAM_MESSAGES.teamNotFound:
      return t("teams.errors.notFound");
    default:
      return translateMessage(t, text);
  }
}

/** The upgrade link a refusal carries (limit reached, feature locked), if any. */
export function upgradeLinkOf(error: unknown): string | null {
  return isApiError(error) ? (error.upgrade?.upgradeUrl ?? null) : null;
}
