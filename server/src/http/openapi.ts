import type { RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { ERROR_CODES } from '@common/errors';
import { MODE_INFO, MODES } from '@common/modes';
import { MODE_OPTIONS, modeOptionsComponent } from '@common/schemas/mode-options';
import type { App } from './types';

declare module 'fastify' {
  /** What a route adds to its schema for the API's description; Fastify itself reads none of it. */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: readonly string[];
    /** Who may call: OpenAPI security requirements (KEY_OR_SESSION, SESSION); absent on public calls. */
    security?: ReadonlyArray<{ [securityLabel: string]: readonly string[] }>;
    /**
     * A body the route reads itself (a multipart form, or JSON kept raw for a signature), for the description
     * only: Fastify does not validate it.
     */
    documentedBody?: { mediaType: 'multipart/form-data' | 'application/json'; schema: ZodType };
    /** Headers the route reads, for the description only: name -> what it carries. */
    documentedHeaders?: Record<string, string>;
    /** Answers that are files or streams, not JSON: status -> what they are and their media type (image/*). */
    fileResponses?: Record<number, string | { description: string; mediaType: string }>;
    /** Answers without a body (204): status -> what they mean. */
    emptyResponses?: Record<number, string>;
    /** Error answers a client should plan for beyond the usual 4xx (a 501 or 503): status -> when. */
    errors?: Record<number, string>;
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
    if (!/^\/(api\/|healthz|readyz)/.test(route.url) || route.url === '/api/openapi.json') return;
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
      parameters: [
        ...parameters(schema.params, 'path'),
        ...parameters(schema.querystring, 'query'),
        ...Object.entries(schema.documentedHeaders ?? {}).map(([name, description]) => ({
          name,
          in: 'header',
          required: false,
          description,
          schema: { type: 'string' },
        })),
      ],
      ...requestBody(schema),
      responses: responses(schema),
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output'), ...modeOptionsSchemas() },
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

/** Each mode's options, from the schemas its runner checks them with; the edit calls' `options` refer to them. */
function modeOptionsSchemas(): Record<string, object> {
  return Object.fromEntries(
    MODES.map((mode) => [
      modeOptionsComponent(mode),
      { description: `${MODE_INFO[mode].label}'s options.`, ...jsonSchema(MODE_OPTIONS[mode], 'input') },
    ]),
  );
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
  const documented = schema.documentedBody;
  const [mediaType, body] = documented
    ? [documented.mediaType, documented.schema]
    : ['application/json', schema.body];
  if (!body) return {};
  return { requestBody: { required: true, content: { [mediaType]: { schema: jsonSchema(body, 'input') } } } };
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
  for (const [status, file] of Object.entries(schema.fileResponses ?? {})) {
    const { description, mediaType } =
      typeof file === 'string' ? { description: file, mediaType: 'image/*' } : file;
    answers[status] = {
      description,
      content: { [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } } },
    };
  }
  for (const [status, description] of Object.entries(schema.emptyResponses ?? {}))
    answers[status] = { description };
  if (Object.keys(answers).length === 0) answers['200'] = { description: 'OK' };
  for (const [status, description] of Object.entries(schema.errors ?? {}))
    answers[status] = { description, content: { 'application/json': { schema: ERROR_REF } } };
  answers.default = {
    description: 'An error, with a code a program can branch on and a message a person can read',
    content: { 'application/json': { schema: ERROR_REF } },
  };
  return answers;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

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
