import { PageLayout } from '@client/components/layout/page-layout';
import { ARTICLES, ArticleCard, BLOG_META } from '@client/features/blog';
import { usePageMeta } from '@client/lib/page-meta';

export default function BlogIndexPage() {
  usePageMeta(BLOG_META);
  return (
    <PageLayout>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Blog</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Photo cleanup guides</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            Step-by-step guides for every editing mode: what each one does, how to get clean results, and what
            to avoid.
          </p>
        </div>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {ARTICLES.map((article) => (
            <ArticleCard key={article.slug} article={article} />
          ))}
        </div>
      </section>
    </PageLayout>
  );
}
