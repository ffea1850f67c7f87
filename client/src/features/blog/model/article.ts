import type { Mode } from '@common/modes';

/** An example picture made by the product's own engine (client/public/generated/blog/). */
export interface ArticleImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption: string;
}

/** A block of an article body: a paragraph, a list, a highlighted tip, or an example picture. */
export type Block =
  string | { list: string[]; ordered?: boolean } | { tip: string } | { image: ArticleImage };

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
