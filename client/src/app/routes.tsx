import { Suspense } from 'react';
import { Loader2 } from 'lucide-react';
import { Route, Switch } from 'wouter';
import { ARTICLE_SLUGS } from '@client/features/blog';
import HomePage from '@client/pages/home-page';
import NotFoundPage from '@client/pages/not-found-page';
import { lazyPage } from './lazy-page';

// Only the landing page is in the main bundle; every other screen loads when visited.
const EditorPage = lazyPage(() => import('@client/pages/editor-page'));
const PricingPage = lazyPage(() => import('@client/pages/pricing-page'));
const BlogIndexPage = lazyPage(() => import('@client/pages/blog-index-page'));
const BlogArticlePage = lazyPage(() => import('@client/pages/blog-article-page'));
const TestResultsPage = lazyPage(() => import('@client/pages/test-results-page'));
const ApiKeysPage = lazyPage(() => import('@client/pages/api-keys-page'));
const ApiDocsPage = lazyPage(() => import('@client/pages/api-docs-page'));
const ImagesPage = lazyPage(() => import('@client/pages/images-page'));
const PrivacyPage = lazyPage(() => import('@client/pages/privacy-page'));

function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground" role="status">
      <Loader2 className="size-6 animate-spin text-primary" /> Loading
    </div>
  );
}

/** Every route of the spec; an unmatched path shows the not-found page (the server answers it with 404). */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/editor" component={EditorPage} />
        <Route path="/pricing" component={PricingPage} />
        <Route path="/blog" component={BlogIndexPage} />
        {ARTICLE_SLUGS.map((slug) => (
          <Route key={slug} path={`/blog/${slug}`}>
            <BlogArticlePage slug={slug} />
          </Route>
        ))}
        <Route path="/test-results" component={TestResultsPage} />
        <Route path="/api-keys" component={ApiKeysPage} />
        <Route path="/docs/api" component={ApiDocsPage} />
        <Route path="/images" component={ImagesPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** Loads the code of the page at `path` (before hydrating it, or before prerendering it). */
export async function preloadRoute(path: string): Promise<void> {
  if (path === '/editor') return EditorPage.preload();
  if (path === '/pricing') return PricingPage.preload();
  if (path === '/blog') return BlogIndexPage.preload();
  if (path.startsWith('/blog/') && (ARTICLE_SLUGS as readonly string[]).includes(path.slice(6))) {
    return BlogArticlePage.preload();
  }
  if (path === '/test-results') return TestResultsPage.preload();
  if (path === '/api-keys') return ApiKeysPage.preload();
  if (path === '/docs/api') return ApiDocsPage.preload();
  if (path === '/images') return ImagesPage.preload();
  if (path === '/privacy') return PrivacyPage.preload();
}
