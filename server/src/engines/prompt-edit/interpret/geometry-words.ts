import type { EditStep } from '../edit-plan';
import { has, numberAt, percentIn, type Clause } from './clauses';
import * as L from './lexicon';
import { NAMED_SHAPES, shapeOfToken, type Shape } from './sizes';

/** The geometry in a clause: flips, quarter turns, crops to a ratio and sizes. */

export function flipIn(clause: Clause): EditStep {
  const vertical = has(clause, ['vertical', 'vertically', 'upsidedown', 'top', 'bottom']);
  return { kind: 'flip', axis: vertical ? 'vertical' : 'horizontal' };
}

export function rotationIn(clause: Clause, word: string): EditStep | null {
  const qualified = has(clause, [
    'left',
    'right',
    'clockwise',
    'anticlockwise',
    'degree',
    'sideways',
    'around',
    'upsidedown',
    'quarter',
  ]);
  if (
    word === 'turn' &&
    !qualified &&
    !clause.tokens.some((_, i) => [90, 180, 270].includes(numberAt(clause, i) ?? 0))
  )
    return null;
  if (['straighten', 'tilt'].includes(word)) return null;
  let degrees = 90;
  for (let i = 0; i < clause.tokens.length; i++) {
    const n = numberAt(clause, i);
    if (n !== null && [90, 180, 270, -90].includes(n)) degrees = n === -90 ? 270 : n;
  }
  if (has(clause, ['upsidedown', 'around']) || (word === 'upsidedown' && degrees === 90)) degrees = 180;
  if (has(clause, ['left', 'anticlockwise']) && degrees === 90) degrees = 270;
  return { kind: 'rotate', degrees: degrees as 90 | 180 | 270 };
}

/** A ratio, print or pixel size written as one token by the size rewrites, at token i. */
export function shapeAt(clause: Clause, i: number): Shape | null {
  return shapeOfToken(clause.tokens[i]?.word ?? '');
}

/** The named shape at token i: two words first ("phone wallpaper"), then one. */
function namedShapeAt(clause: Clause, i: number): { shape: Shape; words: number } | null {
  const t = clause.tokens;
  const pair = i + 1 < t.length ? NAMED_SHAPES[`${t[i].lemma} ${t[i + 1].lemma}`] : undefined;
  if (pair) return { shape: pair, words: 2 };
  const one = NAMED_SHAPES[t[i].lemma];
  return one ? { shape: one, words: 1 } : null;
}

function cropTo(shape: Shape, label = shape.label): EditStep {
  const divisor = shape.pixels ? gcd(shape.width, shape.height) : 1;
  return {
    kind: 'crop',
    aspect: { width: shape.width / divisor, height: shape.height / divisor },
    ...(shape.pixels ? { size: { width: shape.width, height: shape.height } } : {}),
    ...(shape.anyOrientation ? { anyOrientation: true } : {}),
    ...(label ? { label } : {}),
  };
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/**
 * The shape a crop asks for: a size or ratio as written ("1920x1080", "4:5", "a 5x7 print"), else a named
 * use ("phone wallpaper", "Instagram story"). A size with a named use keeps the use's name ("a 2560x1440
 * wallpaper").
 */
export function cropIn(clause: Clause): EditStep | null {
  // ("the image is 640x480": the size it has)
  if (tellsItsSize(clause)) return null;
  const t = clause.tokens;
  const named: { shape: Shape; words: number; asked?: boolean }[] = [];
  for (let i = 0; i < t.length; i++) {
    const found = namedShapeAt(clause, i);
    // "from portrait to landscape": the shape after "to" is the one asked for
    if (found) named.push({ ...found, asked: t[i - 1]?.lemma === 'to' && has(clause, ['from']) });
    if (found?.words === 2) i++;
  }
  for (let i = 0; i < t.length; i++) {
    const shape = shapeAt(clause, i);
    if (!shape) continue;
    const use = named.find((n) => n.shape.pixels)?.shape.label;
    return cropTo(
      shape,
      shape.pixels && use ? use.replace(/^an? /, `a ${shape.width} x ${shape.height} `) : shape.label,
    );
  }
  // "Instagram portrait" is 4:5, not the square post; "Instagram story" is the story.
  const lemmas = new Set(t.map((x) => x.lemma));
  if (lemmas.has('instagram') && (lemmas.has('portrait') || lemmas.has('vertical')))
    return cropTo({ width: 4, height: 5, label: 'Instagram portrait' });
  const best =
    named.find((n) => n.asked) ??
    named.find((n) => n.words === 2) ??
    named.find((n) => ['story', 'stories', 'reel', 'reels'].includes(n.shape.label ?? '')) ??
    named.find((n) => n.shape.label) ??
    named[0];
  return best ? cropTo(best.shape) : null;
}

/** Words that ask for a size after the photo's own was told. */
const ASKING_A_SIZE = L.words('make, resize, scale, change, need, want, to, into');

/** Verbs and words that ask for a photo of another size. */
const RESIZING = L.words('resize, rescale, scale, size, make, reduce, shrink, downscale, downsize');

/** Verbs and words that make a photo smaller. */
const SHRINKING = L.words('shrink, downscale, downsize, half, reduce, decrease, compress');

/** Width and height in pixels, a factor, or an upscale: "800 px wide", "1920x1080", "half the size", "4x bigger". */
export function sizeIn(clause: Clause, word: string): EditStep | null {
  const t = clause.tokens;
  // "it's only 800 pixels wide": the size it has, too small for what the post goes on to ask
  const told = tellsItsSize(clause);
  if (told) return has(clause, ['only', 'just']) ? { kind: 'upscale', scale: 2 } : null;
  const numbers: { value: number; at: number }[] = [];
  for (let i = 0; i < t.length; i++) {
    const n = numberAt(clause, i);
    if (n !== null && t[i].type === 'number' && n >= 16) numbers.push({ value: n, at: i });
  }
  for (let i = 0; i < t.length; i++) {
    const shape = shapeAt(clause, i);
    if (shape?.pixels) return { kind: 'resize', width: shape.width, height: shape.height };
  }
  if (numbers.length >= 1 && !percentIn(clause)) {
    // "the width is 600, make it 1200": the size it has, then the one asked, of the same side
    const [first, last] = [numbers[0], numbers[numbers.length - 1]];
    const hasThenAsks =
      t.slice(0, first.at).some((x) => x.lemma === 'be') &&
      t.slice(first.at, last.at).some((x) => ASKING_A_SIZE.has(x.lemma));
    const tallAt = (at: number) =>
      t.slice(at, at + 4).some((x) => ['tall', 'high', 'height'].includes(x.lemma)) ||
      t.slice(Math.max(0, at - 2), at).some((x) => x.lemma === 'height');
    const { value, at } = hasThenAsks ? last : first;
    const tall = tallAt(at) || (hasThenAsks && tallAt(first.at));
    return tall ? { kind: 'resize', height: value } : { kind: 'resize', width: value };
  }
  // "resize to 50%", "scale it to 25 percent": that share of its size
  const share = percentIn(clause);
  if (share !== null && share < 1 && has(clause, RESIZING)) return { kind: 'resize', factor: share };
  // "it's very faded and small", "the photo is tiny": a complaint about size asks for a bigger photo
  // (or "small" alone, after "faded and": the tagger splits a list of complaints at a verb-like "faded")
  const lone = t.every((x) => x.pos === 'ADJ' || x.pos === 'ADV' || x.type === 'punctuation');
  const tooSmall =
    t.some((x) => x.word === 'small' || x.word === 'tiny') &&
    (has(clause, ['be', 'look', 'too', 'so', 'very']) || lone) &&
    !has(clause, [...SHRINKING, 'make', 'file', 'resize']);
  if (tooSmall) return { kind: 'upscale', scale: 2 };
  // ("increase the resolution of a small image": "small" before a noun tells what it is, and asks nothing;
  // "a smaller version" asks)
  const beforeANoun = (i: number) =>
    t[i + 1]?.pos === 'NOUN' || (t[i + 1]?.pos === 'ADJ' && t[i + 2]?.pos === 'NOUN');
  const smallAsked = t.some((x, i) => x.word === 'smaller' || (x.word === 'small' && !beforeANoun(i)));
  const shrink =
    (has(clause, SHRINKING) || smallAsked) &&
    !has(clause, ['big', 'bigger', 'large', 'larger', 'upscale', 'enlarge']);
  if (shrink) {
    if (has(clause, ['file', 'kb', 'mb', 'weight'])) return null;
    const percent = percentIn(clause);
    return { kind: 'resize', factor: percent !== null ? percent : 0.5 };
  }
  // "increase the size of the picture": bigger, with nothing smaller said
  const larger = has(clause, ['size', 'resolution']) && has(clause, ['increase', 'raise', 'up', 'more']);
  if (L.UPSCALE.has(word) || has(clause, L.UPSCALE) || larger) {
    if (
      word === 'big' &&
      !t.find((x) => x.lemma === 'big')?.inflected &&
      !has(clause, ['make', 'more', 'twice', 'double'])
    )
      return null;
    const four =
      clause.tokens.some((_, i) => [4, 400].includes(numberAt(clause, i) ?? 0)) ||
      has(clause, ['quadruple', '4k', 'fourk', 'eightk', 'four']);
    return { kind: 'upscale', scale: four ? 4 : 2 };
  }
  return null;
}

/**
 * "it's only 800 pixels wide", "the image is 640x480": the photo's size as it is, said with "is" and a number,
 * and no verb that asks for a size.
 */
function tellsItsSize(clause: Clause): boolean {
  const t = clause.tokens;
  const be = t.findIndex((x) => x.lemma === 'be');
  if (be < 0 || !t.some((x, i) => x.type === 'number' || shapeAt(clause, i)?.pixels)) return false;
  const subject = t[be - 1]?.lemma ?? '';
  const aboutIt = ITS_SIZE.has(subject) || L.PHOTO.has(subject);
  const asks = t.some((x, i) => i !== be && (x.pos === 'VERB' || x.pos === 'AUX')) || has(clause, ['please']);
  return aboutIt && !asks;
}

/** What a photo's size is said of: the photo itself, or its measures. */
const ITS_SIZE = L.words('it, this, that, width, height, size, resolution, dimension, dimensions');
