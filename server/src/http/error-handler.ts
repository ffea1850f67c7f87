import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@common/errors';
import { isDependencyDown } from '../lib/dependency-down';
import { isAppError } from '../lib/errors';

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Documented answers of a server run without payments or without a mode's model. */
const NOT_SET_UP = new Set<ErrorCode>(['PAYMENTS_NOT_CONFIGURED', 'MODE_NOT_AVAILABLE']);

/**
 * AppError -> its status and message; validation -> 400 naming the field; the database, Redis or storage away
 * -> 503 (the process carries on and recovers when they return); anything else -> a logged 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  const toldOnce = new Set<ErrorCode>();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (NOT_SET_UP.has(error.code)) {
        // How the operator set the server up, not a fault: said once, not on every call.
        if (!toldOnce.has(error.code)) request.log.info({ code: error.code }, error.message);
        toldOnce.add(error.code);
      } else if (error.status >= 500)
        request.log.error({ err: error, details: error.details }, error.message);
      return reply.status(error.status).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = issue?.message ?? 'The request is not valid.';
      // Our schemas' own messages are sentences a person can read; zod's defaults need the field named.
      const sentence = /[.!?]$/.test(message);
      return reply
        .status(400)
        .send(errorBody('BAD_REQUEST', field && !sentence ? `${field}: ${message}` : message));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(errorBody('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'));
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request is too large.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('BAD_REQUEST', error.message));
    }
    if (isDependencyDown(error)) {
      request.log.warn({ err: error }, 'a dependency is unreachable');
      return reply
        .status(503)
        .send(
          errorBody('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a few seconds.'),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}
