import type { ObjectSelector } from '../edit-plan';
import type { Side } from '../../../models/detect/types';
import { CLOTHING_COLOURS } from '../../../models/detect/clothing-colour';
import { has, numberAt, type Clause } from './clauses';
import * as L from './lexicon';
import type { Token } from './tokens';

/** Which of several: a position, a size, an order, all of them, or whoever is not the subject. */
export function selectorIn(clause: Clause, target: { plural: boolean; label: string }): ObjectSelector {
  const words = clause.tokens.map((t) => t.lemma);
  for (let i = 0; i < words.length; i++) {
    const ordinal = L.ORDINALS[clause.tokens[i].word];
    if (ordinal !== undefined) return { which: 'nth', index: ordinal };
  }
  // "the smaller of the two dogs", "the left one of them": one of several, picked by what is said before "of"
  const picked = words.findIndex(
    (w, i) => L.POSITIONS[w as keyof typeof L.POSITIONS] && words[i + 1] === 'of',
  );
  if (picked >= 0) return { which: L.POSITIONS[words[picked] as keyof typeof L.POSITIONS] };
  if (words.some((w) => L.ALL.has(w)) || target.plural) {
    if (target.label === 'person' && words.some((w) => L.BACKGROUND_PEOPLE.has(w)))
      return backgroundPeople(clause);
    // "the two people on the left": that many from that side; "the people on the left": all on that side
    const side = words.map((w) => L.POSITIONS[w as keyof typeof L.POSITIONS]).find(isSide);
    if (side) return { which: side, several: countIn(clause) ?? 'half' };
    // "the two kids in the front": that many of the nearest, who are the largest
    const count = countIn(clause);
    if (count && inFront(clause)) return { which: 'biggest', several: count };
    return { which: 'all' };
  }
  for (const w of words) {
    const position = L.POSITIONS[w as keyof typeof L.POSITIONS];
    if (position) return { which: position };
  }
  if (target.label === 'person' && words.some((w) => L.BACKGROUND_PEOPLE.has(w)))
    return backgroundPeople(clause);
  return { which: 'default' };
}

/**
 * "he's on the right", "it's the one in the middle", "she is standing behind me": where the thing just named
 * is, said after it in a clause of its own. Null for anything else said of it ("it's too small").
 */
export function placeSaidAfter(clause: Clause, label: string): ObjectSelector | null {
  const [first, second] = clause.tokens;
  if (!SAID_OF_IT.has(first?.lemma ?? '') || second?.lemma !== 'be') return null;
  const rest = { tokens: clause.tokens.slice(2), text: clause.text };
  if (!has(rest, ['on', 'in', 'at', 'to', 'behind', 'one', 'near', 'next', 'wear', 'wearing'])) return null;
  const selector = selectorIn(rest, { plural: false, label });
  if (PLACES.has(selector.which)) return selector;
  // ("he's the one in the blue shirt", "she's wearing red": the colour of what they wear)
  const one = rest.tokens.findIndex((t) => t.lemma === 'one');
  const colour = label === 'person' ? wornColour(rest, one) : null;
  return colour ? { which: 'wearing', colour } : null;
}

const SAID_OF_IT = L.words('he, she, it, they, that, this');
const PLACES = new Set<ObjectSelector['which']>([
  'left',
  'right',
  'top',
  'bottom',
  'center',
  'background',
  'nth',
]);

/** Everyone but the subject, or but as many as the exception names: "everyone except me and my daughter". */
function backgroundPeople(clause: Clause): ObjectSelector {
  const except = clause.tokens.findIndex((t) => t.lemma === 'except');
  if (except < 0) return { which: 'background' };
  let keep = 0;
  let item: Token[] = [];
  const close = () => {
    if (item.length) keep += peopleIn({ tokens: item, text: '' });
    item = [];
  };
  for (const t of clause.tokens.slice(except + 1)) {
    if (t.lemma === 'and' || t.word === ',') close();
    else item.push(t);
  }
  close();
  return keep > 1 ? { which: 'background', keep } : { which: 'background' };
}

/** "me", "my wife": one; "the two of us": two; "us", "my kids": at least two. */
function peopleIn(item: Clause): number {
  const plural = has(item, ['us', 'we']) || item.tokens.some((t) => t.pos === 'NOUN' && t.inflected);
  return countIn(item) ?? (plural ? 2 : 1);
}

const isSide = (w: string | undefined): w is Side => ['left', 'right', 'top', 'bottom'].includes(w ?? '');

/** "in the front", "in the foreground", "nearest the camera" ("in front of her face" is a place of its own). */
function inFront(clause: Clause): boolean {
  return clause.tokens.some(
    (t, i) =>
      (['front', 'foreground'].includes(t.lemma) && clause.tokens[i + 1]?.lemma !== 'of') ||
      ['nearest', 'closest'].includes(t.lemma),
  );
}

/** "the two people", "both men", "3 cars": how many of them, when said (two or more). */
export function countIn(clause: Clause): number | null {
  for (let i = 0; i < clause.tokens.length; i++) {
    const n = clause.tokens[i].lemma === 'both' ? 2 : numberAt(clause, i);
    if (n !== null && Number.isInteger(n) && n >= 2 && n <= 20) return n;
  }
  return null;
}

/** The colour of what a person wears, said right after them: "in green", "in the red shirt", "wearing blue". */
export function wornColour(clause: Clause, at: number): string | null {
  const next = clause.tokens.slice(at + 1, at + 5).map((t) => t.lemma);
  if (next[0] !== 'in' && next[0] !== 'wear' && next[0] !== 'wearing') return null;
  const colour = next.slice(1).find((w) => CLOTHING_COLOURS.has(w));
  return colour ?? null;
}
