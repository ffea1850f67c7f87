import { z } from 'zod';
import { API_KEY_NAME_MAX, MAX_PROMPT_CHARACTERS } from '../limits';
import { MODES } from '../modes';
import { MODE_OPTIONS_DOC } from './mode-options';

/** Every key starts with this, so a key pasted into the wrong place (a log, a repository) can be recognised. */
export const API_KEY_PREFIX = 'csk_';

/** POST /api/keys. */
export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please give the key a name, for example the script that will use it.')
    .max(API_KEY_NAME_MAX, `The name can be at most ${API_KEY_NAME_MAX} characters.`),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** One key as the API page lists it; the key itself is never shown again after it is made. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `csk_3fA9xQ`, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/keys answer (201): the only time the key is shown. */
export const createdApiKeySchema = z.object({ id: z.string(), key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api/keys. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/**
 * POST /api/v1/edit: the multipart form's fields (for the API's description; the route reads the parts and
 * checks `options` with the mode's schema, as POST /api/process/:id does).
 */
export const oneCallEditFormSchema = z.object({
  image: z.file().describe('The photo: JPG, PNG or WebP, within your plan’s upload limit.'),
  mode: z.enum(MODES).describe('The editing mode.'),
  mask: z
    .file()
    .optional()
    .describe(
      'PNG, white (or opaque strokes) where to edit, the photo’s shape; needed by watermark and object removal.',
    ),
  prompt: z.string().max(MAX_PROMPT_CHARACTERS).optional().describe('Chat to Edit’s instruction.'),
  options: z
    .string()
    .optional()
    .meta({
      description:
        'The mode’s options as JSON, e.g. {"scale":4} or {"backdrop":{"kind":"color","color":"#ffffff"}}; the schema `<mode>-options` of the mode describes them.',
      contentMediaType: 'application/json',
      contentSchema: { anyOf: MODE_OPTIONS_DOC.anyOf },
    }),
});

/** GET /api/v1/jobs/:id, and the 202 answer of POST /api/v1/edit with `Prefer: respond-async`. */
export const editJobSchema = z.object({
  id: z.string(),
  mode: z.enum(MODES),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  /** Where to ask again: this document's own address. */
  statusUrl: z.string(),
  /** Server-Sent Events with the progress, as the editor shows it. */
  eventsUrl: z.string(),
  /** Once completed: the result, and the same with a download name. */
  result: z
    .object({ url: z.string(), downloadUrl: z.string(), width: z.number().int(), height: z.number().int() })
    .nullable(),
  /** Once failed: why, in words a person can read (the credit was returned). */
  error: z.string().nullable(),
});
export type EditJob = z.infer<typeof editJobSchema>;
