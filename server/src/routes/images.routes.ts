import type {} from '@fastify/multipart';
import { z } from 'zod';
import { isMode } from '@common/modes';
import { uploadFormSchema, uploadResponseSchema } from '@common/schemas/process';
import { headshotPeopleResponseSchema } from '@common/schemas/people';
import { MAX_SELECT_POINTS, selectRequestSchema } from '@common/schemas/select';
import type { Authenticator } from '../http/authenticate';
import { readMultipartForm } from '../http/multipart-form';
import { KEY_OR_SESSION } from '../http/openapi';
import type { App } from '../http/types';
import { AppError } from '../lib/errors';
import type { ImagesService } from '../services/images.service';
import type { PeopleDetectionService } from '../services/people-detection.service';
import type { SelectionService } from '../services/selection.service';
import type { WatermarkDetectionService } from '../services/watermark-detection.service';

const variantParams = z.object({ id: z.string().max(64), variant: z.enum(['original', 'mask', 'result']) });
const imageFileSchema = {
  summary: 'One of your images: the original, the mask or the result; `?download=1` names it for saving',
  tags: ['Editing'],
  security: KEY_OR_SESSION,
  params: variantParams,
  querystring: z.object({
    download: z.enum(['1']).optional().describe('1: sent as an attachment named for saving.'),
  }),
  fileResponses: { 200: 'The image.' },
};
const idParams = z.object({ id: z.string().max(64) });

export function imagesRoutes(
  app: App,
  deps: {
    images: ImagesService;
    watermarks: WatermarkDetectionService;
    people: PeopleDetectionService;
    selection: SelectionService;
    authenticator: Authenticator;
  },
) {
  const { images, watermarks, people, selection, authenticator } = deps;

  app.post(
    '/api/upload',
    {
      schema: {
        summary: 'Upload a photo (multipart `file`, `editingMode`) to edit with /api/process/{id}',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        documentedBody: { mediaType: 'multipart/form-data', schema: uploadFormSchema },
        response: { 201: uploadResponseSchema },
      },
      // A batch of 50 photos goes up one by one within a minute.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      const form = await readMultipartForm(request, user, {
        fileFields: ['file'],
        maxFiles: 1,
        fieldSize: 1024,
        notMultipart: 'Send the image as multipart/form-data with a "file" field.',
        wrongField: 'The image must be sent in the "file" field.',
      });
      const [file] = form.files;
      const editingMode = form.fields.editingMode ?? 'watermark-removal';
      if (!isMode(editingMode))
        throw new AppError('BAD_REQUEST', 'editingMode must be one of the seven modes.');
      if (!file || file.bytes.length === 0)
        throw new AppError('BAD_REQUEST', 'No image was sent. Please choose a file.');
      const uploaded = await images.upload(user, file, editingMode);
      selection.warmUp(user, uploaded);
      return reply.status(201).send(uploaded);
    },
  );

  /** The watermark mask proposed for the person's own photo (PNG, white = mark); no credit. */
  app.post(
    '/api/images/:id/detect-watermark',
    {
      schema: {
        summary: 'The watermark mask proposed for one of your photos (PNG, white = mark); no credit',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        params: idParams,
        fileResponses: { 200: 'The mask.' },
        errors: { 501: 'Finding watermarks is not available on this server (MODE_NOT_AVAILABLE).' },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      const png = await watermarks.detect(user, request.params.id);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  /** Whom a headshot of the person's own photo could be of, so the editor offers the choice in a group; no credit. */
  app.post(
    '/api/images/:id/detect-people',
    {
      schema: {
        summary: 'The people a professional headshot of one of your photos could be of; no credit',
        description:
          'Two or more people, and a headshot frames the first unless its options `subjectX`, `subjectY` put a ' +
          'point on another. Takes a second or two on a photo with several faces.',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        params: idParams,
        response: { 200: headshotPeopleResponseSchema },
        errors: { 501: 'Finding people is not available on this server (MODE_NOT_AVAILABLE).' },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      reply.header('cache-control', 'no-store');
      return people.detect(user, request.params.id);
    },
  );

  /** Tap to select: the object under the person's taps on their own photo (PNG, white = selected); no credit. */
  app.post(
    '/api/images/:id/select',
    {
      schema: {
        summary: 'The object under your taps on one of your photos (PNG, white = selected); no credit',
        description:
          `Taps are in the photo's pixels: \`label\` 1 adds what is under the tap, 0 takes it away (1 to ` +
          `${MAX_SELECT_POINTS} taps, at least one adding unless a \`box\` is drawn around the object). The ` +
          "mask has the photo's size. The first call on a photo takes about two seconds; the next ones answer in " +
          'a fraction of a second. 422 `NOTHING_TO_DO` when nothing could be selected there.',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        params: idParams,
        body: selectRequestSchema,
        fileResponses: { 200: 'The mask.' },
        errors: { 501: 'Tap to select is not available on this server (MODE_NOT_AVAILABLE).' },
      },
      // Every tap is a call: a person outlining an object and correcting it taps a few dozen times a minute.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      const png = await selection.select(user, request.params.id, request.body);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  app.get('/api/images/:id/:variant', { schema: imageFileSchema }, async (request, reply) => {
    const user = await authenticator.requireUserOrKey(request);
    const image = await images.read(user, request.params.id, request.params.variant);
    const download = request.query.download === '1';
    reply
      .type(image.mime)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('vary', 'authorization, cookie')
      .header('x-content-type-options', 'nosniff');
    if (download) reply.header('content-disposition', contentDisposition(image.downloadName));
    return reply.send(image.data);
  });
}

/** 413 naming the plan's limit, for every route that takes a photo. */
/** Both forms, so that every browser keeps a non-ASCII name. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
