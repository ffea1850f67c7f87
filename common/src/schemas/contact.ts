import { z } from 'zod';

import { CONTACT_MESSAGE_MAX } from '../limits';

export { CONTACT_MESSAGE_MAX };

/** POST /api/contact. The e-mail is the signed-in user's, or empty for a visitor. */
export const contactRequestSchema = z.object({
  email: z.union([z.literal(''), z.email('Please enter a valid e-mail address.').max(320)]).default(''),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message before sending.')
    .max(CONTACT_MESSAGE_MAX, `Messages can be at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** POST /api/contact answer (201): the message is stored. */
export const contactResponseSchema = z.object({ ok: z.literal(true) });
