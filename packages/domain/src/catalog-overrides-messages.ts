// Messages of the admin-settings area the browser translates, zod-free: importing them must not bring the request
// schemas along.

/** The message POST /api/auth/register answers (403) while an admin has closed registration. */
export const REGISTRATION_CLOSED_MESSAGE = "Registration is closed for now; please try again later";
