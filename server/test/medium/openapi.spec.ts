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
});
