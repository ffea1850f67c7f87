export { ARTICLES, findArticle } from './articles';
export { ArticleCard } from './components/article-card';
export { ArticleBody } from './components/article-body';
export { ArticleFaq } from './components/article-faq';
export { articleMeta, BLOG_META } from './model/article-meta';
export { formatArticleDate, type Article } from './model/article';
export { ARTICLE_SLUGS } from './model/slugs';
