/**
 * "Crop out the bottom third", "cut off the left side", "trim the top a little": a crop that names the photo's
 * sides cuts those sides away, by the share said (a third, 10 %) or by a default. "Crop to the left half" and
 * "keep only the top half" keep the side named, so the opposite one goes.
 */
import type { CropEdges } from '../edit-plan';
import { find, has, numberAt, percentIn, type Clause } from './clauses';
import * as L from './lexicon';
import type { Token } from './tokens';
import { FILLERS } from './named-thing';

type Side = keyof CropEdges;

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/** The shares a person names a side's strip by. */
const SHARES: Record<string, number> = {
  half: 1 / 2,
  third: 1 / 3,
  quarter: 1 / 4,
  fifth: 1 / 5,
  tenth: 1 / 10,
};

/** "third", "quarter", "percent": a word that says how much of a side. */
export const isShare = (t: Token) => SHARES[t.lemma] !== undefined || t.lemma === 'percent' || t.word === '%';

/** What a strip is cut by when no share is said: enough to see, little enough to lose nothing wanted. */
const DEFAULT_SHARE = 0.15;
const SMALL_SHARE = 0.08;

/** Words a strip is named with besides its side and share: "the bottom part", "a strip off the top". */
const STRIP = L.words(
  'strip, inch, inches, percent, pct, %, little, bit, slightly, tad, touch, very, more, of, off',
);

/** Room to spare on a side, which names the side: "the empty space on the right". */
export const SPARE = L.words('empty, blank, extra, dead, negative, unused, wasted, space, room');

const HERE = L.words('here, there, now, away, about, where');

const KEEPING = L.words('to, keep, only, just');
const TAKING_AWAY = L.words('off, out, away, remove, delete, lose, get, rid');

/**
 * The words that name the sides, which end at the photo, at what it is for or at a later verb: "the top and
 * bottom of this image [for my grandma's card]", "the top [feel free to get creative]".
 */
export function sidesPhrase(tokens: readonly Token[]): Token[] {
  // ("crop the picture from the bottom": the photo named before the side is not the phrase's end)
  const side = tokens.findIndex((t) => SIDE_WORDS.has(t.lemma));
  const photo = tokens.findIndex((t, i) => L.PHOTO.has(t.lemma) && i > side);
  const purpose = tokens.findIndex((t) => PURPOSE.has(t.lemma));
  const verb = tokens.findIndex((t, i) => t.pos === 'VERB' && i > 0);
  const end = Math.min(...[photo + 1, purpose, verb].filter((i) => i > 0), tokens.length);
  return tokens.slice(0, end);
}

const PURPOSE = L.words('for, because, since, so');
const SIDE_WORDS = L.words('top, bottom, left, right, side, sides');

/** The sides a crop clause names to cut away, or null when it names none (or names a thing beside them). */
export function edgesToCut(whole: Clause): CropEdges | null {
  // (the sides and any thing beside them are read in the phrase; how much, in the whole clause)
  const clause = { ...whole, tokens: sidesPhrase(whole.tokens) };
  const sides = sidesIn(clause);
  if (!sides.length) return null;
  // ("crop the man on the right", "crop the top of the trees in": a thing is named, not a side of the photo)
  const named = clause.tokens.some(
    (t) =>
      t.pos === 'NOUN' &&
      !FILLERS.has(t.lemma) &&
      !SHARES[t.lemma] &&
      !STRIP.has(t.lemma) &&
      !SPARE.has(t.lemma) &&
      // (the language model often takes a crop's verb for a noun: "crop the top off")
      !L.CUTTING.has(t.lemma),
  );
  if (named) return null;
  // "crop to the left half", "keep only the top half", "crop the right half" (no "off" or "out"): what is
  // named stays, so the opposite side goes
  const first = clause.tokens.findIndex((t) => sidesIn({ ...clause, tokens: [t] }).length > 0);
  const keeps =
    clause.tokens.slice(Math.max(0, first - 3), first).some((t) => KEEPING.has(t.lemma)) ||
    (has(clause, ['half']) && !has(clause, TAKING_AWAY));
  const share = shareIn(whole, keeps ? 0.5 : DEFAULT_SHARE);
  const edges: CropEdges = {};
  for (const side of sides) {
    if (keeps) edges[OPPOSITE[side]] = 1 - share;
    else edges[side] = share;
  }
  return edges;
}

/** "the top and bottom", "the sides", "the left edge": the sides named, each once. */
function sidesIn(clause: Clause): Side[] {
  const sides = new Set<Side>();
  clause.tokens.forEach((t, i) => {
    // ("crop him to right about here": a side is a noun or what qualifies one)
    if (t.pos !== 'NOUN' && t.pos !== 'ADJ' && t.pos !== 'PROPN') return;
    // ("crop it about right here", "right away")
    if (t.lemma === 'right' && HERE.has(clause.tokens[i + 1]?.lemma ?? '')) return;
    if (t.lemma === 'top' || t.lemma === 'bottom' || t.lemma === 'left' || t.lemma === 'right')
      sides.add(t.lemma);
    // "the sides" without left or right are both of them
    if (t.word === 'sides' && !clause.tokens.slice(Math.max(0, i - 3), i).some((p) => p.lemma === 'left'))
      ['left', 'right'].forEach((s) => sides.add(s as Side));
  });
  return [...sides];
}

/** "a third", "10 %", "a little": how much of each side goes. */
function shareIn(clause: Clause, unsaid: number): number {
  const percent = percentIn(clause);
  if (percent !== null) return percent;
  const at = clause.tokens.findIndex((t) => SHARES[t.lemma] !== undefined);
  if (at >= 0) {
    // "two thirds", "three quarters"
    const times = numberAt(clause, at - 1) ?? 1;
    return Math.min(0.9, times * SHARES[clause.tokens[at].lemma]);
  }
  const little = find(clause, ['little', 'bit', 'slightly', 'tad', 'touch', 'very']) >= 0;
  return little ? SMALL_SHARE : unsaid;
}
