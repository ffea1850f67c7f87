import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './types';

/** Pages the client renders without a prerendered file; they are served the landing page's shell. */
const SHELL_ROUTES = new Set(['/editor', '/images', '/api-keys']);

/**
 * Serves the built client: hashed assets with a long cache, prerendered pages at /route/index.html, the
 * landing page's shell for the editor, and the not-found page with status 404 for every other path (a JSON 404
 * under /api/).
 */
export async function serveClient(app: App, root: string): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The build writes .br and .gz beside each text file; sending them keeps the landing page light.
    preCompressed: true,
    index: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControl(filePath));
    },
  });
  const notFoundPage = existsSync(path.join(root, '404.html')) ? '404.html' : 'index.html';
  app.get('/*', { config: { rateLimit: false } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (urlPath.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No such endpoint: ${urlPath}` } });
    }
    const relative = path
      .normalize(urlPath)
      .replace(/^(\.\.[/\\])+/, '')
      .replace(/^[/\\]+/, '');
    const file = path.join(root, relative);
    if (
      file.startsWith(root) &&
      relative &&
      existsSync(file) &&
      !file.endsWith(path.sep) &&
      path.extname(file)
    ) {
      return reply.sendFile(relative);
    }
    reply.header('cache-control', 'no-cache');
    if (!relative) return reply.sendFile('index.html');
    const page = path.join(relative, 'index.html');
    if (relative && !path.extname(relative) && existsSync(path.join(root, page))) return reply.sendFile(page);
    if (SHELL_ROUTES.has(urlPath.replace(/\/+$/, ''))) return reply.sendFile('index.html');
    return reply.status(404).sendFile(notFoundPage);
  });
  return true;
}

const IMAGE = /\.(webp|png|jpe?g|svg|ico)$/i;

/**
 * Hashed build assets never change. Images keep their names when a script regenerates them, so they are kept a
 * day and then revalidated (by ETag) in the background; anything else is rechecked after five minutes.
 */
export function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (IMAGE.test(filePath)) return 'public, max-age=86400, stale-while-revalidate=604800';
  return 'public, max-age=300';
}
