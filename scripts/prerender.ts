/**
 * Build step after `vite build`: renders the public pages (landing, pricing, blog, the seven articles, gallery)
 * to static HTML with their own title, description, canonical URL, Open Graph tags and structured data, so a
 * crawler without JavaScript sees the content. The browser hydrates the same markup.
 *
 * Writes dist/client/<route>/index.html (the landing page is dist/client/index.html, which the server also uses
 * as the SPA fallback) and dist/client/sitemap.xml.
 * SITE_URL (default http://localhost:5000) is the public origin used in canonical and Open Graph URLs.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIST = path.join(ROOT, 'dist/client');
const SSR_DIST = path.join(ROOT, 'dist/ssr');
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:5000').replace(/\/+$/, '');

interface ServerEntry {
  render: (path: string) => string;
  renderHeadHtml: (meta: unknown, origin: string) => string;
  PRERENDERED_PAGES: { path: string; meta: unknown }[];
}

const HEAD_BLOCK = /<!--page-meta-->[\s\S]*?<!--\/page-meta-->/;

async function main() {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: SSR_DIST, emptyOutDir: true, copyPublicDir: false },
  });
  const entry = (await import(pathToFileURL(path.join(SSR_DIST, 'entry-server.js')).href)) as ServerEntry;
  const template = await readFile(path.join(CLIENT_DIST, 'index.html'), 'utf8');
  if (!HEAD_BLOCK.test(template) || !template.includes('<div id="root"></div>')) {
    throw new Error(
      'dist/client/index.html lacks the page-meta markers or the empty #root: was it built from client/index.html?',
    );
  }

  for (const page of entry.PRERENDERED_PAGES) {
    const html = template
      .replace('<html lang="en" class="dark">', `<html lang="en" class="dark" data-ssr-path="${page.path}">`)
      .replace(HEAD_BLOCK, entry.renderHeadHtml(page.meta, SITE_URL))
      .replace('<div id="root"></div>', `<div id="root">${entry.render(page.path)}</div>`);
    const file =
      page.path === '/'
        ? path.join(CLIENT_DIST, 'index.html')
        : path.join(CLIENT_DIST, page.path, 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  }

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
  console.log(`Prerendered ${entry.PRERENDERED_PAGES.length} pages for ${SITE_URL}`);
}

await main();
