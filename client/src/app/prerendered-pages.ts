import { ARTICLES, articleMeta, BLOG_META } from '@client/features/blog';
import type { PageMeta } from '@client/lib/page-meta';
import { API_DOCS_META, HOME_META, PRICING_META, PRIVACY_META, TEST_RESULTS_META } from '@client/pages/meta';

/** The public pages written as static HTML at build time, with their head tags. */
export const PRERENDERED_PAGES: { path: string; meta: PageMeta }[] = [
  { path: '/', meta: HOME_META },
  { path: '/pricing', meta: PRICING_META },
  { path: '/blog', meta: BLOG_META },
  ...ARTICLES.map((article) => ({ path: `/blog/${article.slug}`, meta: articleMeta(article) })),
  { path: '/test-results', meta: TEST_RESULTS_META },
  { path: '/docs/api', meta: API_DOCS_META },
  { path: '/privacy', meta: PRIVACY_META },
];
