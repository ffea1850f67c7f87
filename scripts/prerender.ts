/**
 * Build step after `vite build`: renders the public pages (landing, pricing, blog, the seven articles, gallery)
 * to static HTML with their own title, description, canonical URL, Open Graph tags and structured data, so a
 * crawler without JavaScript sees the content. The browser hydrates the same markup.
 *
 * Writes dist/client/<route>/index.html (the landing page is dist/client/index.html, which the server also uses
 * as the shell of the editor), dist/client/404.html (sent with status 404 for unknown paths) and
 * dist/client/sitemap.xml.
 * SITE_URL (default http://localhost:5000) is the public origin used in canonical and Open Graph URLs.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIST = path.join(ROOT, 'dist/client');
const SSR_DIST = path.join(ROOT, 'dist/ssr');
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:5000').replace(/\/+$/, '');

interface ServerEntry {
  render: (path: string) => Promise<string>;
  renderHeadHtml: (meta: unknown, origin: string) => string;
  PRERENDERED_PAGES: { path: string; meta: unknown }[];
  NOT_FOUND_META: unknown;
}

const HEAD_BLOCK = /<!--page-meta-->[\s\S]*?<!--\/page-meta-->/;

type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The source module of each code-split page; the landing page lives in the entry chunk. */
function pageSource(route: string): string | null {
  if (route === '/pricing') return 'src/pages/pricing-page.tsx';
  if (route === '/blog') return 'src/pages/blog-index-page.tsx';
  if (route.startsWith('/blog/')) return 'src/pages/blog-article-page.tsx';
  if (route === '/test-results') return 'src/pages/test-results-page.tsx';
  if (route === '/docs/api') return 'src/pages/api-docs-page.tsx';
  return null;
}

/** modulepreload links for a page's chunk and everything it imports, so hydration does not wait on a waterfall. */
function preloadLinks(manifest: ViteManifest, route: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  const source = pageSource(route);
  if (source) visit(source);
  const fonts = Object.values(manifest)
    .flatMap((c) => (c as { assets?: string[] }).assets ?? [])
    .filter((f) => /inter-latin-wght-normal-[^/]+\.woff2$/.test(f));
  return [
    ...[...new Set(fonts)].map(
      (f) => `<link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin />`,
    ),
    ...[...files].map((f) => `<link rel="modulepreload" href="/${f}" />`),
  ].join('\n    ');
}

async function main() {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: SSR_DIST, emptyOutDir: true, copyPublicDir: false },
  });
  const entry = (await import(pathToFileURL(path.join(SSR_DIST, 'entry-server.js')).href)) as ServerEntry;
  const template = await readFile(path.join(CLIENT_DIST, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(path.join(CLIENT_DIST, '.vite/manifest.json'), 'utf8'),
  ) as ViteManifest;
  if (!HEAD_BLOCK.test(template) || !template.includes('<div id="root"></div>')) {
    throw new Error(
      'dist/client/index.html lacks the page-meta markers or the empty #root: was it built from client/index.html?',
    );
  }

  const pageHtml = async (route: string, meta: unknown) =>
    template
      .replace('<html lang="en" class="dark">', `<html lang="en" class="dark" data-ssr-path="${route}">`)
      .replace(HEAD_BLOCK, `${entry.renderHeadHtml(meta, SITE_URL)}\n    ${preloadLinks(manifest, route)}`)
      .replace('<div id="root"></div>', `<div id="root">${await entry.render(route)}</div>`);

  for (const page of entry.PRERENDERED_PAGES) {
    const file =
      page.path === '/'
        ? path.join(CLIENT_DIST, 'index.html')
        : path.join(CLIENT_DIST, page.path, 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await pageHtml(page.path, page.meta));
  }
  // Any path that is no route renders the not-found page; /404 is one such path.
  await writeFile(path.join(CLIENT_DIST, '404.html'), await pageHtml('/404', entry.NOT_FOUND_META));

  const urls = entry.PRERENDERED_PAGES.map(
    (p) => `  <url><loc>${SITE_URL}${p.path === '/' ? '/' : p.path}</loc></url>`,
  );
  await writeFile(
    path.join(CLIENT_DIST, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  await writeFile(
    path.join(CLIENT_DIST, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /editor\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
  );
  await rm(SSR_DIST, { recursive: true, force: true });
  await precompress(CLIENT_DIST);
  console.log(`Prerendered ${entry.PRERENDERED_PAGES.length} pages for ${SITE_URL}`);
}

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br and .gz beside every text file, for a static server that serves precompressed files
 * (@fastify/static `preCompressed: true`): the landing page's JavaScript shrinks to about a third.
 */
async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = await readFile(file);
    if (data.length < 1024) continue;
    await writeFile(`${file}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
  }
}

await main();
