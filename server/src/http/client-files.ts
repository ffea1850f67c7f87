import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './types';

/**
 * Serves the built client: hashed assets with a long cache, prerendered pages at /route/index.html, and the
 * single-page shell for every other path that is not an API call.
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
    const page = path.join(relative, 'index.html');
    const prerendered = relative && existsSync(path.join(root, page));
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(prerendered ? page : 'index.html');
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
