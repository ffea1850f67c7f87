/** Limits the client shows and the server enforces; kept free of zod so the browser bundle stays small. */
export const CONTACT_MESSAGE_MAX = 5000;

/** Characters in one Chat to Edit instruction. */
export const MAX_PROMPT_CHARACTERS = 2000;

/** Photos in one batch of the editor. */
export const MAX_BATCH_PHOTOS = 50;

/** Characters in the name of an API key. */
export const API_KEY_NAME_MAX = 60;
