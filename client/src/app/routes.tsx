import { lazy, Suspense } from 'react';
import { Loader2 } from 'lucide-react';
import { Route, Switch } from 'wouter';
import { ARTICLES, articleMeta, BLOG_META } from '@client/features/blog';
import type { PageMeta } from '@client/lib/page-meta';
import BlogArticlePage from '@client/pages/blog-article-page';
import BlogIndexPage from '@client/pages/blog-index-page';
import HomePage, { HOME_META } from '@client/pages/home-page';
import PricingPage, { PRICING_META } from '@client/pages/pricing-page';
import TestResultsPage, { TEST_RESULTS_META } from '@client/pages/test-results-page';

// The editor is the heaviest screen; it loads only when someone opens it.
const EditorPage = lazy(() => import('@client/pages/editor-page'));

function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground" role="status">
      <Loader2 className="size-6 animate-spin text-primary" /> Loading
    </div>
  );
}

/** Every route of the spec; an unmatched path shows the home page. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/editor">
        <Suspense fallback={<RouteFallback />}>
          <EditorPage />
        </Suspense>
      </Route>
      <Route path="/pricing" component={PricingPage} />
      <Route path="/blog" component={BlogIndexPage} />
      {ARTICLES.map((article) => (
        <Route key={article.slug} path={`/blog/${article.slug}`}>
          <BlogArticlePage article={article} />
        </Route>
      ))}
      <Route path="/test-results" component={TestResultsPage} />
      <Route component={HomePage} />
    </Switch>
  );
}

/** The public pages written as static HTML at build time, with their head tags. */
export const PRERENDERED_PAGES: { path: string; meta: PageMeta }[] = [
  { path: '/', meta: HOME_META },
  { path: '/pricing', meta: PRICING_META },
  { path: '/blog', meta: BLOG_META },
  ...ARTICLES.map((article) => ({ path: `/blog/${article.slug}`, meta: articleMeta(article) })),
  { path: '/test-results', meta: TEST_RESULTS_META },
];
