import { useEffect } from 'react';

export const SITE_NAME = 'Cleanup Studio';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. `/blog`. */
  path: string;
  ogType?: 'website' | 'article';
  /** Structured data (schema.org objects), each written as its own JSON-LD script. */
  jsonLd?: object[];
  noindex?: boolean;
}

function absolute(origin: string, path: string) {
  return new URL(path, origin).toString();
}

interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** The head tags of a page; shared by the prerender (as HTML) and the browser (as DOM updates). */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const url = absolute(origin, meta.path);
  const image = absolute(origin, '/og-image.png');
  const tags: HeadTag[] = [
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attrs: { property: 'og:type', content: meta.ogType ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:title', content: meta.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: meta.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: meta.description } },
  ];
  if (meta.noindex) tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  for (const data of meta.jsonLd ?? []) {
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: JSON.stringify(data) });
  }
  return tags;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderHeadHtml(meta: PageMeta, origin: string): string {
  const lines = [`<title>${escapeHtml(meta.title)}</title>`];
  for (const { tag, attrs, text } of headTags(meta, origin)) {
    const attrText = Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ');
    // JSON-LD: only `<` needs escaping so the script cannot be closed early.
    if (tag === 'script')
      lines.push(`<script ${attrText} data-page-meta>${(text ?? '').replace(/</g, '\\u003c')}</script>`);
    else lines.push(`<${tag} ${attrText} data-page-meta />`);
  }
  return lines.join('\n    ');
}

/** Keeps the document head in step with the page on client-side navigation. */
export function usePageMeta(meta: PageMeta) {
  const key = JSON.stringify(meta);
  useEffect(() => {
    const current = JSON.parse(key) as PageMeta;
    document.title = current.title;
    document.head.querySelectorAll('[data-page-meta], meta[name="description"]').forEach((el) => el.remove());
    for (const { tag, attrs, text } of headTags(current, window.location.origin)) {
      const el = document.createElement(tag);
      Object.entries(attrs).forEach(([k, v]) => el.setAttribute(k, v));
      el.setAttribute('data-page-meta', '');
      if (text) el.textContent = text;
      document.head.appendChild(el);
    }
  }, [key]);
}
