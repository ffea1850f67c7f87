/**
 * Output shapes and sizes, in every spelling people use, and the named uses behind them (wallpapers, posts,
 * prints). The numbers live here and nowhere else. Before the language model reads an instruction, each size
 * is rewritten to one token ("1920 x 1080" -> "sizexx1920x1080", "a 5x7 print" -> "printxx5x7", "16:9" ->
 * "ratioxx16x9"), so that the grammar sees a single word and the numbers survive tokenising intact.
 */
import type { TracedText } from './traced-text';

export interface Shape {
  width: number;
  height: number;
  /** The width and height are pixels to scale to, not only a ratio. */
  pixels?: boolean;
  /** Prints and paper: the ratio may be turned to suit the photo ("a 4x6" of a portrait photo is 4:6). */
  anyOrientation?: boolean;
  /** How the person named it, as the preview repeats it. */
  label?: string;
}

/** Named shapes, by the words that name them (lemmas, one or two words). */
export const NAMED_SHAPES: Record<string, Shape> = {
  square: { width: 1, height: 1 },
  instagram: { width: 1, height: 1, label: 'Instagram' },
  insta: { width: 1, height: 1, label: 'Instagram' },
  ig: { width: 1, height: 1, label: 'Instagram' },
  story: { width: 9, height: 16, label: 'stories' },
  stories: { width: 9, height: 16, label: 'stories' },
  reel: { width: 9, height: 16, label: 'reels' },
  reels: { width: 9, height: 16, label: 'reels' },
  tiktok: { width: 9, height: 16, label: 'TikTok' },
  shorts: { width: 9, height: 16, label: 'Shorts' },
  youtube: { width: 16, height: 9, label: 'YouTube' },
  thumbnail: { width: 16, height: 9, label: 'YouTube' },
  widescreen: { width: 16, height: 9 },
  cinematic: { width: 21, height: 9 },
  panorama: { width: 3, height: 1 },
  portrait: { width: 4, height: 5 },
  vertical: { width: 4, height: 5 },
  landscape: { width: 3, height: 2 },
  horizontal: { width: 3, height: 2 },
  facebook: { width: 1.91, height: 1, label: 'Facebook' },
  twitter: { width: 16, height: 9, label: 'X' },
  pinterest: { width: 2, height: 3, label: 'Pinterest' },
  'profile picture': { width: 1, height: 1, label: 'a profile picture' },
  pfp: { width: 1, height: 1, label: 'a profile picture' },
  avatar: { width: 1, height: 1, label: 'a profile picture' },
  // Uses with a pixel size of their own
  wallpaper: { width: 1920, height: 1080, pixels: true, label: 'a desktop wallpaper' },
  'desktop wallpaper': { width: 1920, height: 1080, pixels: true, label: 'a desktop wallpaper' },
  'desktop background': { width: 1920, height: 1080, pixels: true, label: 'a desktop wallpaper' },
  'phone wallpaper': { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  'iphone wallpaper': { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  'mobile wallpaper': { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  'phone background': { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  'iphone background': { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  'lock screen': { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  lockscreen: { width: 1170, height: 2532, pixels: true, label: 'a phone wallpaper' },
  'ipad wallpaper': { width: 2048, height: 2732, pixels: true, label: 'a tablet wallpaper' },
  'tablet wallpaper': { width: 2048, height: 2732, pixels: true, label: 'a tablet wallpaper' },
  'facebook cover': { width: 851, height: 315, pixels: true, label: 'a Facebook cover' },
  'twitter header': { width: 1500, height: 500, pixels: true, label: 'an X header' },
  'twitter banner': { width: 1500, height: 500, pixels: true, label: 'an X header' },
  'linkedin banner': { width: 1584, height: 396, pixels: true, label: 'a LinkedIn banner' },
  'linkedin cover': { width: 1584, height: 396, pixels: true, label: 'a LinkedIn banner' },
  'youtube banner': { width: 2560, height: 1440, pixels: true, label: 'a YouTube banner' },
  'youtube thumbnail': { width: 1280, height: 720, pixels: true, label: 'a YouTube thumbnail' },
  // Paper
  a3: { width: 297, height: 420, anyOrientation: true, label: 'A3' },
  a4: { width: 210, height: 297, anyOrientation: true, label: 'A4' },
  a5: { width: 148, height: 210, anyOrientation: true, label: 'A5' },
  letter: { width: 8.5, height: 11, anyOrientation: true, label: 'US letter' },
};

/** Screen sizes people give as one word: "1080p", "4k wallpaper". */
const SCREEN_WORDS: Record<string, [number, number]> = {
  '720p': [1280, 720],
  '1080p': [1920, 1080],
  '1440p': [2560, 1440],
  '2160p': [3840, 2160],
};

const BY = String.raw`\s*(?:x|×|\*|by|-by-)\s*`;
const NUM = String.raw`(\d{1,2}(?:\.\d+)?)`;
const PX = String.raw`(\d{3,5})`;

/** The rewrites, most specific first. */
const SIZE_REWRITES: [RegExp, (...groups: string[]) => string][] = [
  // "1920x1080", "1920 by 1080 px", "2560 x 1440"
  [new RegExp(String.raw`\b${PX}${BY}${PX}\s*(?:px|pixels?)?\b`, 'g'), (w, h) => ` sizexx${w}x${h} `],
  [/\b(720p|1080p|1440p|2160p)\b/g, (word) => ` sizexx${SCREEN_WORDS[word].join('x')} `],
  [/\b4k\s+(?:wallpaper|background|desktop|screen)\b/g, () => ' sizexx3840x2160 wallpaper '],
  // "a 5x7 print", "8 by 10 frame", "4x6 inch", "5x7 photo"
  [
    new RegExp(
      String.raw`\b${NUM}${BY}${NUM}\s*(?:"|''|in\b|inch(?:es)?\b|cm\b)?\s*(prints?|frames?|photos?|pictures?|paper|canvas|inch(?:es)?|in\b|cm\b)`,
      'g',
    ),
    (w, h, rest) => ` printxx${w}x${h} ${/^(in|inch|cm)/.test(rest) ? '' : rest} `,
  ],
  // "4:5", "16 by 9 ratio", "3x2 aspect"
  [new RegExp(String.raw`\b${NUM}\s*:\s*${NUM}\b`, 'g'), (w, h) => ` ratioxx${w}x${h} `],
  [
    new RegExp(String.raw`\b${NUM}${BY}${NUM}\s*(ratio|aspect|format|crop)\b`, 'g'),
    (w, h, word) => ` ratioxx${w}x${h} ${word} `,
  ],
  // "crop it 4x5", "16 by 9": two small numbers left over are a ratio ("2x bigger" has one)
  [
    new RegExp(String.raw`\b${NUM}${BY}${NUM}\b(?!\s*(?:times|bigger|larger))`, 'g'),
    (w, h) => ` ratioxx${w}x${h} `,
  ],
];

/** The instruction with every size in it made one token. Expects lower case. */
export function rewriteSizes(text: TracedText): TracedText {
  let out = text;
  for (const [pattern, make] of SIZE_REWRITES)
    out = out.replace(pattern, (_match, ...groups) => make(...groups));
  return out;
}

/** The shape a rewritten size token stands for, or null for any other word. */
export function shapeOfToken(word: string): Shape | null {
  const m = /^(size|print|ratio)xx(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(word);
  if (!m) return null;
  const width = Number(m[2]);
  const height = Number(m[3]);
  if (!(width > 0 && height > 0)) return null;
  if (m[1] === 'size') return { width, height, pixels: true };
  if (m[1] === 'print') return { width, height, anyOrientation: true, label: `a ${m[2]}x${m[3]} print` };
  return { width, height };
}
