import type { RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { ERROR_CODES } from '@common/errors';
import type { App } from './types';

declare module 'fastify' {
  /** What a route adds to its schema for the API's description; Fastify itself reads none of it. */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: readonly string[];
    /** Who may call: OpenAPI security requirements (KEY_OR_SESSION, SESSION); absent on public calls. */
    security?: ReadonlyArray<{ [securityLabel: string]: readonly string[] }>;
    /** A multipart/form-data body, for the description only: such routes read their parts themselves. */
    multipartBody?: ZodType;
    /** Answers that are files, not JSON: status -> what the file is. */
    fileResponses?: Record<number, string>;
  }
}

type SecurityRequirements = { [scheme: string]: string[] }[];

/** The person's own session or ID token. */
export const SESSION: SecurityRequirements = [{ sessionCookie: [] }, { idToken: [] }];
/** As SESSION, or one of the person's API keys. */
export const KEY_OR_SESSION: SecurityRequirements = [{ apiKey: [] }, ...SESSION];

const errorSchema = z.object({ error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }) });

interface Operation {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

/**
 * Collects the API's routes as they are registered (call before any route) and serves the OpenAPI 3.1
 * document made from their zod schemas at GET /api/openapi.json. OpenAPI 3.1's schema dialect is JSON Schema
 * 2020-12, which zod 4's own z.toJSONSchema writes.
 */
export function serveOpenApi(app: App, info: { title: string; version: string; description: string }) {
  const operations: Operation[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (!/^\/(api\/|healthz)/.test(route.url) || route.url === '/api/openapi.json') return;
    for (const method of methods) operations.push({ method, url: route.url, schema: route.schema });
  });
  let document: object | undefined;
  app.get(
    '/api/openapi.json',
    { schema: { summary: 'This description of the API', tags: ['API'] } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      document ??= openApiDocument(operations, info);
      return document;
    },
  );
}

export function openApiDocument(
  operations: Operation[],
  info: { title: string; version: string; description: string },
) {
  const paths: Record<string, Record<string, object>> = {};
  for (const { method, url, schema = {} } of operations) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      ...(schema.summary ? { summary: schema.summary } : {}),
      ...(schema.description ? { description: schema.description } : {}),
      ...(schema.tags ? { tags: schema.tags } : {}),
      ...(schema.security ? { security: schema.security } : {}),
      parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
      ...requestBody(schema),
      responses: responses(schema),
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from the API page: `Authorization: Bearer csk_...`.',
        },
        idToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "The web page's sign-in token.",
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid', description: "The web page's session." },
      },
    },
  };
}

function jsonSchema(schema: unknown, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as ZodType, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

function parameters(schema: unknown, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function requestBody(schema: NonNullable<RouteOptions['schema']>) {
  if (schema.multipartBody)
    return {
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: jsonSchema(schema.multipartBody, 'input') } },
      },
    };
  if (schema.body)
    return {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(schema.body, 'input') } },
      },
    };
  return {};
}

function responses(schema: NonNullable<RouteOptions['schema']>) {
  const answers: Record<string, object> = {};
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  for (const [status, body] of Object.entries(declared)) {
    answers[status] = {
      description: statusText(status),
      content: { 'application/json': { schema: jsonSchema(body, 'output') } },
    };
  }
  for (const [status, description] of Object.entries(schema.fileResponses ?? {})) {
    answers[status] = {
      description,
      content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
    };
  }
  if (Object.keys(answers).length === 0) answers['200'] = { description: 'OK' };
  answers.default = {
    description: 'An error, with a code a program can branch on and a message a person can read',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return answers;
}

function statusText(status: string): string {
  return (
    { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content', '503': 'Unavailable' }[status] ??
    status
  );
}

export const OPENAPI_INFO = {
  title: 'Cleanup Studio API',
  version: '1',
  description:
    'The calls behind the editor, and POST /api/v1/edit for scripts. Calls marked with apiKey take `Authorization: Bearer csk_...` with a key from the API page, and spend the same credits, under the same plan limits, as the editor. Errors are `{ error: { code, message } }`. The reference with examples: /docs/api.',
};
