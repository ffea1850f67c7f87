import type { Article } from '../model/article';
import { backgroundRemover } from './ai-background-remover-guide';
import { chatToEdit } from './ai-photo-editor-chat-to-edit';
import { enhanceUpscale } from './ai-photo-enhancement-upscale';
import { headshots } from './create-professional-headshots-ai';
import { magicEraser } from './free-magic-eraser-tool';
import { removeObjects } from './remove-objects-from-photos';
import { removeWatermarks } from './remove-watermarks-online-free';

/** The seven articles, in the blog index's order. */
export const ARTICLES: readonly Article[] = [
  chatToEdit,
  magicEraser,
  removeObjects,
  backgroundRemover,
  removeWatermarks,
  enhanceUpscale,
  headshots,
];

export function findArticle(slug: string): Article | undefined {
  return ARTICLES.find((a) => a.slug === slug);
}
