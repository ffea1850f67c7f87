import type { Mode } from '@common/modes';

/** A block of an article body: a paragraph, a list, or a highlighted tip. */
export type Block = string | { list: string[]; ordered?: boolean } | { tip: string };

export interface ArticleSection {
  heading: string;
  blocks: Block[];
}

export interface Article {
  slug: string;
  title: string;
  /** Meta description and the summary under the title. */
  description: string;
  /** ISO date; every article keeps October 11, 2025. */
  date: string;
  readTimeMinutes: 5 | 6;
  keywords: string[];
  /** The editor mode the call to action opens. */
  mode: Mode;
  intro: string;
  sections: ArticleSection[];
  faq: { question: string; answer: string }[];
}

export const ARTICLE_DATE = '2025-10-11';

export function formatArticleDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
