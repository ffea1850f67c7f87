import { ArrowRight, Calendar, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { MODE_INFO } from '@common/modes';
import { PLAN_LIMITS } from '@common/plans';
import { BackLink } from '@client/components/back-link';
import { PageLayout } from '@client/components/layout/page-layout';
import { Button } from '@client/components/ui/button';
import { ArticleBody, ArticleFaq, articleMeta, findArticle, formatArticleDate } from '@client/features/blog';
import { usePageMeta } from '@client/lib/page-meta';

export default function BlogArticlePage({ slug }: { slug: string }) {
  const article = findArticle(slug)!;
  usePageMeta(articleMeta(article));
  return (
    <PageLayout minimalHeader>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <BackLink href="/blog" to="Blog" atTop />
        <header className="mt-6">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {MODE_INFO[article.mode].label}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {article.title}
          </h1>
          <p className="mt-4 text-lg text-muted-foreground">{article.description}</p>
          <div className="mt-5 flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <Calendar className="size-4" />
              <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
            </span>
            <span className="flex items-center gap-1.5">
              <Clock className="size-4" /> {article.readTimeMinutes} min read
            </span>
          </div>
        </header>
        <div className="mt-10 space-y-6 text-[1.05rem] leading-relaxed text-foreground/90">
          <p className="text-lg">{article.intro}</p>
          <ArticleBody sections={article.sections} />
        </div>
        <ArticleFaq faq={article.faq} />
        <div className="mt-14 rounded-2xl bg-gradient-to-br from-violet-700 to-fuchsia-600 p-8 text-center text-white shadow-xl">
          <h2 className="text-2xl font-bold">Try {MODE_INFO[article.mode].label} on your own photo</h2>
          <p className="mx-auto mt-2 max-w-md text-violet-100">
            Sign in with Google and get {PLAN_LIMITS.free.signupDayCredits} free edits on your first day.
          </p>
          <Button
            asChild
            size="lg"
            className="mt-6 bg-white text-violet-700 hover:bg-violet-50 dark:bg-white dark:hover:bg-violet-50"
          >
            <Link href={`/editor?mode=${article.mode}`}>
              Open the Editor <ArrowRight />
            </Link>
          </Button>
        </div>
        <div className="mt-10 flex justify-center">
          <BackLink href="/blog" to="Blog" />
        </div>
      </article>
    </PageLayout>
  );
}
