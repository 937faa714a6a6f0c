// Replies of the user's own account: the /desktop layout (read and saved) and the deletion link's receipt. The export
// is a ZIP download and deleting the account answers 204.
import { z } from "zod";
import { DesktopLayout } from "../layout.js";
import { replyOf } from "../replies/common.js";

export const LayoutReply = replyOf("layout", DesktopLayout);
export type LayoutReply = z.input<typeof LayoutReply>;

/** POST /api/me/delete-link (202): the confirmation link is on its way; nothing else is said. */
export const DeleteLinkSent = z.object({});
export type DeleteLinkSent = z.input<typeof DeleteLinkSent>;
