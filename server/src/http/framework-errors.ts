/**
 * Answers Fastify and Node give before a route is found, in the API's `{ error: { code, message } }` shape:
 * an address that does not decode, a path part past Fastify's length limit, and requests Node's parser refuses
 * (headers too large, arriving too slowly, not HTTP at all).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler';

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(errorBody('BAD_REQUEST', 'Part of this address is too long.'));
    return;
  }
  reply
    .status(400)
    .send(errorBody('BAD_REQUEST', 'This address is not valid: a %-escape in it does not decode.'));
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request’s headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};

/** For Fastify's clientErrorHandler: nothing but the socket exists yet, so the answer is written by hand. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: 'The request could not be read as HTTP.',
  };
  const body = JSON.stringify(errorBody('BAD_REQUEST', message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
