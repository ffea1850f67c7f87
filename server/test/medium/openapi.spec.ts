import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../support/databases';
import { testEngines } from '../support/test-engines';
import { useTestApp } from '../support/use-test-app';

describe('GET /api/openapi.json', () => {
  const app = useTestApp(databaseTargets()[0], { engines: () => testEngines(), storagePrefix: 'openapi-' });

  it('describes every API call in OpenAPI 3.1, from the zod schemas the routes check', async () => {
    const response = await app.sut.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/keys',
      '/api/keys/{id}',
      '/api/v1/edit',
      '/api/v1/jobs/{id}',
      '/api/upload',
      '/healthz',
    ])
      expect(Object.keys(doc.paths)).toContain(path);

    const create = doc.paths['/api/keys'].post;
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 60 } },
      required: ['name'],
    });
    expect(create.responses['201'].content['application/json'].schema.required).toEqual(['id', 'key']);

    const edit = doc.paths['/api/v1/edit'].post;
    const form = edit.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['image', 'mode']);
    expect(form.properties.mode.enum).toContain('object-removal');
    // The options are those of the mode, from the same schemas its runner checks them with.
    expect(form.properties.options.contentSchema.anyOf).toContainEqual({
      $ref: '#/components/schemas/image-upscale-options',
    });
    expect(doc.components.schemas['image-upscale-options'].properties.quality.enum).toEqual([
      'fast',
      'balanced',
      'best',
    ]);
    expect(edit.responses['200'].content).toHaveProperty('image/*');
    expect(edit.responses['202'].content['application/json'].schema.properties.status.enum).toEqual([
      'pending',
      'processing',
      'completed',
      'failed',
    ]);
    expect(edit.security).toEqual([{ apiKey: [] }, { sessionCookie: [] }, { idToken: [] }]);
    expect(doc.paths['/api/keys/{id}'].delete.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } },
    ]);
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('RATE_LIMITED');
  });

  it('is complete enough for a generated client: every operation says what it does, its success and who may call', async () => {
    const doc = (await app.sut.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const PUBLIC = [
      'GET /healthz',
      'GET /readyz',
      'GET /api/config',
      'POST /api/contact',
      'DELETE /api/auth/session',
      'POST /api/webhooks/stripe',
    ];
    const incomplete: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.summary || !op.tags) incomplete.push(`${name}: no summary or tags`);
        if (!Object.keys(op.responses as object).some((status) => /^2\d\d$/.test(status)))
          incomplete.push(`${name}: no success declared`);
        if (!op.security && !PUBLIC.includes(name)) incomplete.push(`${name}: no security`);
      }
    expect(incomplete).toEqual([]);
    expect(doc.paths['/readyz'].get.responses).toHaveProperty('503');
    expect(doc.paths['/api/upload'].post.requestBody.content['multipart/form-data'].schema.required).toEqual([
      'file',
    ]);
    expect(doc.paths['/api/images/{id}'].delete.responses).toHaveProperty('204');
    expect(doc.paths['/api/webhooks/stripe'].post.parameters).toContainEqual(
      expect.objectContaining({ name: 'stripe-signature', in: 'header' }),
    );
    expect(
      doc.paths['/api/create-subscription'].post.responses['503'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });
});
