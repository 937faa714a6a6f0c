// Replies of the user's own account: the /desktop layout (read and saved) and the deletion link's receipt. The export
// is a ZIP download and deleting the account answers 204.
import { z } from "zod";
import { DesktopLayout } from "../layout.js";

export const LayoutReply = z.object({ layout: DesktopLayout });
export type LayoutReply = z.input<typeof LayoutReply>;

/** POST /api/me/delete-link (202): the confirmation link is on its way; nothing else is said. */
export const DeleteLinkSent = z.object({});
export type DeleteLinkSent = z.input<typeof DeleteLinkSent>;
