import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@common/errors';
import { isDependencyDown } from '../lib/dependency-down';
import { isAppError } from '../lib/errors';

function body(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

/**
 * AppError -> its status and message; validation -> 400 naming the field; the database, Redis or storage away
 * -> 503 (the process carries on and recovers when they return); anything else -> a logged 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error, details: error.details }, error.message);
      return reply.status(error.status).send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = issue?.message ?? 'The request is not valid.';
      // Our schemas' own messages are sentences a person can read; zod's defaults need the field named.
      const sentence = /[.!?]$/.test(message);
      return reply
        .status(400)
        .send(body('BAD_REQUEST', field && !sentence ? `${field}: ${message}` : message));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'));
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The request is too large.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body('BAD_REQUEST', error.message));
    }
    if (isDependencyDown(error)) {
      request.log.warn({ err: error }, 'a dependency is unreachable');
      return reply
        .status(503)
        .send(body('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a few seconds.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}
