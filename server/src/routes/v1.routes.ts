import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isMode, type Mode } from '@common/modes';
import { MAX_PROMPT_CHARACTERS } from '@common/limits';
import { editJobSchema, oneCallEditFormSchema } from '@common/schemas/api';
import { parseModeOptions } from '@common/schemas/mode-options';
import type { UserRow } from '../db/schema';
import type { Authenticator } from '../http/authenticate';
import { readMultipartForm } from '../http/multipart-form';
import { KEY_OR_SESSION } from '../http/openapi';
import type { App } from '../http/types';
import { AppError } from '../lib/errors';
import type { OneCallEdit, OneCallEditForm } from '../services/one-call-edit';

const RESPOND_ASYNC = /(^|[\s,;])respond-async([\s,;=]|$)/i;

/** The API for scripts: one call per edit, with an API key (or a session, as everywhere else). */
export function v1Routes(app: App, deps: { oneCallEdit: OneCallEdit; authenticator: Authenticator }) {
  const { oneCallEdit, authenticator } = deps;

  app.post(
    '/api/v1/edit',
    {
      schema: {
        summary: 'Upload and edit a photo in one call',
        description:
          'Answers the result image itself (200), with `X-Credits-Remaining`. With `Prefer: respond-async` it answers 202 with the job as soon as the edit holds its credit; follow `statusUrl` (also in `Location`) until the job is completed or failed. One credit per successful edit; a failed edit costs nothing, and one answered directly leaves nothing behind.',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        documentedBody: { mediaType: 'multipart/form-data', schema: oneCallEditFormSchema },
        fileResponses: { 200: 'The result image (PNG, JPEG or WebP).' },
        response: { 202: editJobSchema },
        errors: { 501: 'This server does not run that mode (MODE_NOT_AVAILABLE).' },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      const form = await readForm(request, user);
      if (RESPOND_ASYNC.test(String(request.headers.prefer ?? ''))) {
        const { job, creditsRemaining } = await oneCallEdit.start(user, form);
        return reply
          .status(202)
          .headers({
            location: job.statusUrl,
            'preference-applied': 'respond-async',
            'x-credits-remaining': String(creditsRemaining),
          })
          .send(job);
      }
      const { id, response, result } = await oneCallEdit.run(user, form);
      // The image itself: a file, not one of the JSON answers the schema types.
      return (reply as FastifyReply)
        .status(200)
        .type(result.mime)
        .headers({
          'x-credits-remaining': String(response.credits.remaining),
          'x-image-id': id,
          'content-location': response.processedPath,
          'cache-control': 'private, no-store',
        })
        .send(result.data);
    },
  );

  app.get(
    '/api/v1/jobs/:id',
    {
      schema: {
        summary: 'An edit started with `Prefer: respond-async`: its status, and its result once completed',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        params: z.object({ id: z.string().max(64) }),
        response: { 200: editJobSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      reply.header('cache-control', 'private, no-store');
      return oneCallEdit.job(user, request.params.id);
    },
  );
}

/** The multipart form, checked field by field; the photo is held to the plan's upload limit as on /api/upload. */
async function readForm(request: FastifyRequest, user: UserRow): Promise<OneCallEditForm> {
  const { files: parts, fields } = await readMultipartForm(request, user, {
    fileFields: ['image', 'mask'],
    maxFiles: 2,
    fieldSize: 16 * 1024,
    notMultipart: 'Send the photo as multipart/form-data with an "image" field.',
    wrongField: 'Files go in the "image" and "mask" fields.',
  });
  const image = parts.find((f) => f.field === 'image');
  const files = {
    image: image && { bytes: image.bytes, filename: image.filename },
    mask: parts.find((f) => f.field === 'mask')?.bytes,
  };
  if (!files.image || files.image.bytes.length === 0)
    throw new AppError('BAD_REQUEST', 'No photo was sent. Put it in the "image" field.');
  if (!isMode(fields.mode))
    throw new AppError('BAD_REQUEST', 'mode must be one of the seven modes, for example "object-removal".');
  if ((fields.prompt?.length ?? 0) > MAX_PROMPT_CHARACTERS)
    throw new AppError('BAD_REQUEST', `The instruction can be at most ${MAX_PROMPT_CHARACTERS} characters.`);
  return {
    image: files.image,
    mode: fields.mode,
    mask: files.mask?.length ? files.mask : null,
    prompt: fields.prompt?.trim() || null,
    options: parseOptions(fields.mode, fields.options),
  };
}

/** The options field as JSON, checked with the mode's schema: the same answer as POST /api/process/:id. */
function parseOptions(mode: Mode, text: string | undefined): Record<string, unknown> {
  const parsed = parseModeOptions(mode, parseJsonObject(text));
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.message);
  return parsed.data;
}

function parseJsonObject(text: string | undefined): Record<string, unknown> {
  if (!text?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'options must be a JSON object, for example {"scale":4}.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new AppError('BAD_REQUEST', 'options must be a JSON object, for example {"scale":4}.');
  return parsed as Record<string, unknown>;
}
