import { z } from 'zod';
import { archiveQuerySchema, historyPageSchema, historyQuerySchema } from '@common/schemas/images';
import type { Authenticator } from '../http/authenticate';
import type { App } from '../http/types';
import { SESSION } from '../http/openapi';
import type { HistoryService } from '../services/history.service';
import type { ResultsArchive } from '../services/results-archive';

const idParams = z.object({ id: z.string().max(64) });
const thumbnailQuery = z.object({ of: z.enum(['original', 'result']).default('result') });

/** "Your images": the list, thumbnails, deleting, and several results as one ZIP. */
export function historyRoutes(
  app: App,
  deps: { history: HistoryService; archive: ResultsArchive; authenticator: Authenticator },
) {
  const { history, archive, authenticator } = deps;

  app.get(
    '/api/images',
    {
      schema: {
        summary: 'Your images: finished results, newest first, a page at a time',
        tags: ['Your images'],
        security: SESSION,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return history.list(user, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/api/images/archive',
    {
      schema: {
        summary: 'Several of your results as one ZIP',
        tags: ['Your images'],
        security: SESSION,
        querystring: archiveQuerySchema,
        fileResponses: { 200: { description: 'The ZIP of the results.', mediaType: 'application/zip' } },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      const zip = await archive.open(user, request.query.ids);
      return reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="cleanup-studio-results.zip"')
        .send(zip);
    },
  );

  app.get(
    '/api/images/:id/thumbnail',
    {
      schema: {
        summary: 'A small WebP of one of your images, its original or its result',
        tags: ['Your images'],
        security: SESSION,
        params: idParams,
        querystring: thumbnailQuery,
        fileResponses: { 200: { description: 'The thumbnail.', mediaType: 'image/webp' } },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      const data = await history.thumbnail(user, request.params.id, request.query.of);
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('vary', 'authorization, cookie')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  app.delete(
    '/api/images/:id',
    {
      schema: {
        summary: 'Delete one of your images for good: its files, then its record',
        tags: ['Your images'],
        security: SESSION,
        params: idParams,
        emptyResponses: { 204: 'Deleted.' },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      await history.delete(user, request.params.id);
      return reply.status(204).send();
    },
  );
}
