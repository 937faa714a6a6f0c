// "Your data" messages the browser translates, zod-free: importing them must not bring the request schemas along.

export const DELETE_LINK_INVALID_MESSAGE = "This confirmation link is invalid or has expired";
