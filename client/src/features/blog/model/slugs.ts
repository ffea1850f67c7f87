/** The seven article slugs of the spec, in the blog index's order; kept apart so routing does not load article text. */
export const ARTICLE_SLUGS = [
  'ai-photo-editor-chat-to-edit',
  'free-magic-eraser-tool',
  'remove-objects-from-photos',
  'ai-background-remover-guide',
  'remove-watermarks-online-free',
  'ai-photo-enhancement-upscale',
  'create-professional-headshots-ai',
] as const;
