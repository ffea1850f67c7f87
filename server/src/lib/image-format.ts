/** The three image formats the app takes and gives, their media types and their file extensions. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export const FORMAT_MIME: Record<ImageFormat, ImageMime> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const FORMAT_EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
