import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl, serveClient } from './client-files';
import { installErrorHandler } from './error-handler';
import type { App } from './types';

describe('cacheControl', () => {
  const file = (...parts: string[]) => path.join('/srv/dist/client', ...parts);

  it('keeps hashed build assets for a year', () => {
    expect(cacheControl(file('assets', 'index-BtOmEyy2.js'))).toBe('public, max-age=31536000, immutable');
  });

  it('keeps regenerated images a day, then revalidates them in the background', () => {
    for (const image of [
      file('generated', 'gallery', '01-blinds-result.webp'),
      file('images', 'hero.WEBP'),
    ]) {
      expect(cacheControl(image)).toBe('public, max-age=86400, stale-while-revalidate=604800');
    }
  });

  it('rechecks anything else after five minutes', () => {
    expect(cacheControl(file('generated', 'gallery', 'manifest.json'))).toBe('public, max-age=300');
    expect(cacheControl(file('robots.txt'))).toBe('public, max-age=300');
  });
});

describe('serveClient', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'client-'));
  let app: App;
  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), '<h1>landing</h1>');
    writeFileSync(path.join(root, '404.html'), '<h1>Page not found</h1>');
    mkdirSync(path.join(root, 'pricing'));
    writeFileSync(path.join(root, 'pricing', 'index.html'), '<h1>pricing</h1>');
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'app-1.js'), 'console.log(1)');
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    installErrorHandler(app);
    await serveClient(app, root);
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves the landing page, prerendered pages, the editor shell and assets with 200', async () => {
    for (const [url, body] of [
      ['/', 'landing'],
      ['/pricing', 'pricing'],
      ['/pricing/', 'pricing'],
      ['/editor?mode=image-upscale', 'landing'],
      ['/assets/app-1.js', 'console.log(1)'],
    ]) {
      const response = await get(url);
      expect([url, response.statusCode, response.body]).toEqual([url, 200, expect.stringContaining(body)]);
    }
  });

  it('answers unknown pages with the not-found page and status 404', async () => {
    for (const url of ['/no/such/page', '/pricing/nope', '/editor/x', '/missing.js']) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect((await get('/no/such/page')).body).toContain('Page not found');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/nope'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect([url, response.statusCode, response.json().error.code]).toEqual([url, 404, 'NOT_FOUND']);
    }
  });
});
