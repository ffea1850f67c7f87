/** Colour filters and casts asked for: a warm or cool filter is a change of warmth, a cast changed is a balance. */
import type { EditStep } from '../edit-plan';
import { amountIn, find, has, type Clause } from './clauses';
import * as L from './lexicon';
import { namesOneThing } from './things';

/**
 * "add a blue filter", "a warm tint over it": a filter of a warm or a cool colour is a change of warmth. Other
 * colours' filters (green, purple) have no warmth to change and stay out of reach.
 */
export function colourFilterAt(clause: Clause, i: number): EditStep | null {
  const t = clause.tokens;
  // ("the photo has a blue tint" tells of a cast to lose)
  if (!FILTERS.has(t[i].lemma) || !has(clause, ASKING_FOR_A_FILTER)) return null;
  // "add red color to the image" tints it; "make the red colour pop" is about the red things
  if (L.COLOUR.has(t[i].lemma) && !has(clause, ['add', 'apply', 'give', 'put'])) return null;
  // ("add blue color to her eyes", "to the water": a colour for a thing)
  const onto = find(clause, ['to', 'on', 'onto'], i);
  if (onto > i && namesOneThing(t.slice(onto + 1, onto + 4))) return null;
  // the colour before it ("a blue filter") or after "with", "of" or "in" ("a filter with blue and green")
  const before = [i - 1, i - 2, i - 3];
  const after = ['with', 'of', 'in'].includes(t[i + 1]?.lemma ?? '') ? [i + 2, i + 3] : [];
  for (const j of [...before, ...after]) {
    const w = t[j]?.lemma ?? '';
    const sign = L.COOL_HUES.has(w) ? -1 : L.WARM_HUES.has(w) ? 1 : 0;
    if (sign) return { kind: 'warmth', amount: sign * amountIn(clause) };
  }
  return null;
}

export const CAST = L.words('cast, tint, temperature');
/** Nouns a hue names an amount of, not a thing: "the yellow balance", "the red channel". */
export const HUE_NOUNS = L.words('balance, temperature, channel, level, levels, tones');

export function castChange(clause: Clause, i: number): EditStep {
  const to = find(clause, ['to', 'into'], i);
  const hue = to >= 0 ? (clause.tokens[to + 1]?.lemma ?? '') : '';
  const sign = L.COOL_HUES.has(hue) ? -1 : L.WARM_HUES.has(hue) ? 1 : 0;
  return sign ? { kind: 'warmth', amount: sign * amountIn(clause) } : { kind: 'auto-white-balance' };
}

/** Whether the clause asks for a filter of a warm or a cool colour. */
export const hasColourFilter = (clause: Clause) =>
  clause.tokens.some((_, i) => colourFilterAt(clause, i) !== null);

const FILTERS = L.words('filter, tint, overlay, wash, tone, colour, color');
const ASKING_FOR_A_FILTER = L.words('add, apply, put, give, use, want, need, make, try, overlay, with');
