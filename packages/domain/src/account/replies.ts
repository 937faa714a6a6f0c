// Replies of the user's own account: the deletion link's receipt. The /desktop layout is answered as
// `replyOf("layout", DesktopLayout)`, the export is a ZIP download and deleting the account answers 204.
import { z } from "zod";

/** POST /api/me/delete-link (202): the confirmation link is on its way; nothing else is said. */
export const DeleteLinkSent = z.object({});
export type DeleteLinkSent = z.input<typeof DeleteLinkSent>;
