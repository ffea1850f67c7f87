import type { PageMeta } from '@client/lib/page-meta';
import type { Article } from './article';

export const BLOG_META: PageMeta = {
  title: 'Blog - Photo Cleanup and AI Editing Guides | Cleanup Studio',
  description:
    'Practical guides to removing objects, watermarks and backgrounds, enhancing and upscaling photos, creating headshots and editing by chat.',
  path: '/blog',
};

/** Title, description, canonical, Open Graph, and Article + FAQ structured data of one article. */
export function articleMeta(article: Article, origin = ''): PageMeta {
  const url = `${origin}/blog/${article.slug}`;
  return {
    title: `${article.title} | Cleanup Studio`,
    description: article.description,
    path: `/blog/${article.slug}`,
    ogType: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        dateModified: article.date,
        keywords: article.keywords.join(', '),
        author: { '@type': 'Organization', name: 'Cleanup Studio' },
        ...(origin ? { mainEntityOfPage: url } : {}),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: article.faq.map(({ question, answer }) => ({
          '@type': 'Question',
          name: question,
          acceptedAnswer: { '@type': 'Answer', text: answer },
        })),
      },
    ],
  };
}
