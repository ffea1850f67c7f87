import { PassThrough } from 'node:stream';
import { batchRequestSchema } from '@common/schemas/batch';
import type { Authenticator } from '../http/authenticate';
import type { App } from '../http/types';
import { SESSION } from '../http/openapi';
import type { BatchService } from '../services/batch.service';

export function batchRoutes(app: App, deps: { batches: BatchService; authenticator: Authenticator }) {
  const { batches, authenticator } = deps;

  /**
   * Refusals (not enough credits, a photo that is not yours) are ordinary error answers; once the credits are
   * held, the answer is newline-delimited JSON, one event a line, ending when the last photo is done. If the
   * person leaves, photos not yet started are not started and their credits are returned.
   */
  app.post(
    '/api/batches',
    {
      schema: {
        summary: 'Edit several of your uploads in one mode; the answer streams one JSON event a line',
        tags: ['Editing'],
        security: SESSION,
        body: batchRequestSchema,
        fileResponses: {
          200: {
            description:
              'Newline-delimited JSON: an event as each photo starts, finishes or fails, then the end.',
            mediaType: 'application/x-ndjson',
          },
        },
        errors: { 501: 'This server does not run that mode (MODE_NOT_AVAILABLE).' },
      },
      bodyLimit: 32 * 1024 * 1024,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      const batch = await batches.start(user, request.body);
      const lines = new PassThrough();
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      void batch
        .run((event) => {
          // Once the person has left, the rest of the batch is told to no one.
          if (!lines.destroyed) lines.write(`${JSON.stringify(event)}\n`);
        }, left.signal)
        .catch((error: unknown) => request.log.error({ err: error }, 'a batch stopped'))
        .finally(() => lines.end());
      return reply
        .type('application/x-ndjson')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(lines);
    },
  );
}
