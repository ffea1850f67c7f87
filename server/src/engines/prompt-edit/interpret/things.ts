/**
 * One thing in the photo or the photo as a whole: "darken the rims" asks a generator to change the rims, "darken
 * the photo" is an adjustment. Read by the words between the verb and the word of light, colour or size.
 */
import { find, type Clause } from './clauses';
import * as L from './lexicon';
import type { Token } from './tokens';
import { kindOf, senseOffset, sensesOf } from './wordnet';

/** Nouns that are the photo, its light or a part the repairs know, not one thing in it. */
export const NOT_A_THING = L.words(
  'photo, picture, image, pic, shot, photograph, file, version, copy, print, everything, whole, entirety, scene, room, area, part, side, corner, edge, top, bottom, middle, centre, center, foreground, distance, light, lighting, shadow, shade, highlight, exposure, contrast, tone, colour, color, detail, sky, skin, face, complexion, background, backdrop, size, resolution, dimension, width, height, quality, bit, lot, way, subject, frame, filter, tint, cast, hue, effect, look, vibe, grade',
);

/**
 * Whether the words name one thing in the photo ("the rims of the car", "her sunglasses", "the flowers"): a
 * noun WordNet knows that is not the photo or its light. "2 times" is a size; a typo ("tthe") is no thing.
 */
export function namesOneThing(tokens: readonly Token[]): boolean {
  return tokens.some(
    (t, i) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN') &&
      !NOT_A_THING.has(t.lemma) &&
      !L.COLOURS[t.word] &&
      tokens[i - 1]?.type !== 'number' &&
      sensesOf(t.lemma, 'noun', 1).length > 0,
  );
}

/**
 * Whether a noun names a thing one could put into the photo ("graffiti", "headphones", "an extra finger"), not
 * a quality of it ("more yellowness", "some texture", "some sparkle"): one thing, and not a kind of attribute.
 */
export function namesAThingToAdd(token: Token | undefined): boolean {
  if (!token || !namesOneThing([token])) return false;
  qualities ??= new Map(
    QUALITIES.map(([word, n]) => senseOffset(word, 'noun', n))
      .filter((offset): offset is number => offset !== null)
      .map((offset) => [offset, true]),
  );
  return kindOf(token.lemma, qualities, 1) === null;
}

/** WordNet's senses of a quality: "an abstraction belonging to an entity", and "a basic or essential attribute". */
const QUALITIES: [string, number][] = [
  ['attribute', 2],
  ['property', 2],
];
let qualities: Map<number, true> | undefined;

/** Adjectives and verbs of light and size that, said of one thing, would change that thing alone. */
const SIZE = L.words('big, bigger, large, larger, small, smaller, half, shrink, enlarge, resize, rescale');
const TONE_OR_SIZE = new Set([...L.words('light, lighten, lighter, dark, darken, dim'), ...SIZE]);
/**
 * "darken the rims of the car", "make her sunglasses darker", "make the dog's head half the size": light or
 * size asked of one thing, not of the photo. The thing is a noun between "make" and the word of light or size,
 * or right after a verb of light or size.
 */
export function adjustsOneThing(clause: Clause): boolean {
  const t = clause.tokens;
  // "increase size of the moon": the size of one thing
  const size = t.findIndex((x, i) => x.lemma === 'size' && t[i + 1]?.lemma === 'of');
  if (size >= 0) return namesOneThing(t.slice(size + 2));
  const at = t.findIndex((x) => TONE_OR_SIZE.has(x.lemma));
  if (at < 0) return false;
  const make = find(clause, ['make']);
  let span: typeof t;
  if (make >= 0 && make < at) span = t.slice(make + 1, at);
  else if (t[at].pos === 'VERB') {
    const stop = t.findIndex((x, j) => j > at && (x.type === 'punctuation' || SPAN_END.has(x.lemma)));
    span = t.slice(at + 1, stop < 0 ? t.length : stop);
  } else return false;
  // "make her larger": a person's size, not the photo's ("make it bigger" is the photo)
  const person = SIZE.has(t[at].lemma) && span.some((x) => PEOPLE.has(x.lemma));
  return person || namesOneThing(span);
}

/** A person named by a pronoun, whose size a wish may ask to change. */
const PEOPLE = L.words('her, him, them, me, us');

const SPAN_END = L.words('to, by, for, so, until, with, and, in, on, a, bit, little');

/**
 * An adjective after "a", "the" or a possessive and before a noun other than the photo ("a dark line", "the
 * bright lamp", "a clear day", "my best friend") tells that thing apart from others; it asks for no change of
 * the photo.
 */
export function qualifiesAThing(clause: Clause, i: number): boolean {
  const t = clause.tokens;
  // ("a brighter version", "a darker background": a comparative asks for itself)
  const comparative = t[i].inflected && /er$/.test(t[i].word);
  if (t[i].pos !== 'ADJ' || comparative || !DETERMINERS.has(t[i - 1]?.word ?? '')) return false;
  const next = t[i + 1];
  return Boolean(next && next.pos === 'NOUN' && !PHOTO_NOUNS.has(next.lemma));
}

const DETERMINERS = L.words('a, an, the, my, his, her, our, their, your');

/** Nouns of the photo itself, which an adjective before them asks to change. */
export const PHOTO_NOUNS = L.words(
  'photo, picture, image, pic, shot, photograph, one, version, copy, print, scan, edit',
);
