/** Limits the client shows and the server enforces; kept free of zod so the browser bundle stays small. */
export const CONTACT_MESSAGE_MAX = 5000;
