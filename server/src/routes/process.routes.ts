import { z } from 'zod';
import { creditsResponseSchema } from '@common/schemas/auth';
import {
  processRequestSchema,
  processResponseSchema,
  promptPlanRequestSchema,
  promptPlanResponseSchema,
} from '@common/schemas/process';
import type { Authenticator } from '../http/authenticate';
import { KEY_OR_SESSION } from '../http/openapi';
import type { App } from '../http/types';
import type { Clock } from '../lib/clock';
import type { ImagesService } from '../services/images.service';
import type { ProcessingService } from '../edit/processing';
import { toCurrentUser } from '../services/user-view';
import { PLAN_LIMITS } from '@common/plans';

const idParams = z.object({ id: z.string().max(64) });
const eventsSchema = {
  summary: 'Server-Sent Events with the progress of the image’s processing',
  tags: ['Editing'],
  security: KEY_OR_SESSION,
  params: idParams,
  fileResponses: {
    200: {
      description: 'Events until the processing ends: data lines of `{ status, percent, message }`.',
      mediaType: 'text/event-stream',
    },
  },
};

export function processRoutes(
  app: App,
  deps: { processing: ProcessingService; images: ImagesService; authenticator: Authenticator; clock: Clock },
) {
  const { processing, images, authenticator, clock } = deps;

  app.post(
    '/api/process/:id',
    {
      schema: {
        summary: 'Edit an uploaded photo in its mode; answers when the result is stored',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        params: idParams,
        body: processRequestSchema,
        response: { 200: processResponseSchema },
        errors: { 501: 'This server does not run that mode (MODE_NOT_AVAILABLE).' },
      },
      bodyLimit: 32 * 1024 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = await authenticator.requireUserOrKey(request);
      return processing.process(user, request.params.id, request.body);
    },
  );

  app.post(
    '/api/prompt/plan',
    {
      schema: {
        summary: 'What a Chat to Edit instruction would do; free',
        tags: ['Editing'],
        security: KEY_OR_SESSION,
        body: promptPlanRequestSchema,
        response: { 200: promptPlanResponseSchema },
        errors: { 501: 'Chat to Edit is not available on this server (MODE_NOT_AVAILABLE).' },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      await authenticator.requireUserOrKey(request);
      return processing.planInstruction(request.body.prompt);
    },
  );

  /** Server-Sent Events with the progress of the image's current processing; the stream ends when it does. */
  app.get('/api/process/:id/events', { schema: eventsSchema }, async (request, reply) => {
    const user = await authenticator.requireUserOrKey(request);
    await images.getOwned(user, request.params.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    const unsubscribe = processing.subscribe(request.params.id, (event) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
      if (event.status === 'completed' || event.status === 'failed') close();
    });
    function close() {
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    }
    request.raw.on('close', close);
  });

  app.get(
    '/api/credits',
    {
      schema: {
        summary: 'Your plan, credits left and upload limit',
        tags: ['Account'],
        security: KEY_OR_SESSION,
        response: { 200: creditsResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUserOrKey(request);
      reply.header('cache-control', 'private, no-store');
      const plan = PLAN_LIMITS[user.subscriptionTier];
      return {
        plan: user.subscriptionTier,
        credits: toCurrentUser(user, clock.now()).credits,
        maxUploadBytes: plan.maxUploadBytes,
        maxUploadMegabytes: plan.maxUploadMegabytes,
      };
    },
  );
}
