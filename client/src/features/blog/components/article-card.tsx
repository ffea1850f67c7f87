import { ArrowRight, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { MODE_ICONS } from '@client/components/layout/mode-icons';
import { formatArticleDate, type Article } from '../model/article';

export function ArticleCard({ article }: { article: Article }) {
  const Icon = MODE_ICONS[article.mode];
  return (
    <article className="group relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg">
      <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white shadow">
        <Icon className="size-5" />
      </span>
      <h2 className="mt-5 text-lg font-semibold leading-snug">
        <Link href={`/blog/${article.slug}`} className="after:absolute after:inset-0 after:rounded-2xl">
          {article.title}
        </Link>
      </h2>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{article.description}</p>
      <div className="mt-5 flex items-center justify-between text-xs text-muted-foreground">
        <span className="flex items-center gap-3">
          <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
          <span className="flex items-center gap-1">
            <Clock className="size-3.5" /> {article.readTimeMinutes} min read
          </span>
        </span>
        <ArrowRight
          className="size-4 text-primary transition-transform group-hover:translate-x-1"
          aria-hidden
        />
      </div>
    </article>
  );
}
