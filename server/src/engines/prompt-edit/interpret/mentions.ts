import type { Clause } from './clauses';
import * as L from './lexicon';
import type { Token } from './tokens';

/**
 * Things a post names in its context before it asks for them to go: "There's a water bottle on the table,
 * please remove it", "See the guy behind me? Can you get rid of him". The later wish's pronoun means the thing
 * named before, which the removal then reads as if it had been written in its place.
 */

/** Pronouns that point back at a thing named before. */
const POINTERS = L.words('it, them, him, her, this, that, these, those, he, she, they');

/** Nouns that name the photo, a place in it or the post itself, never the thing to remove. */
const NOT_THINGS = L.words(
  'photo, picture, image, pic, shot, photograph, one, side, corner, edge, top, bottom, left, right, middle, centre, center, front, back, part, area, bit, spot, place, frame, foreground, distance, way, lot, please, thanks, thank, tip, help, time, day, year, edit, request, quality, lighting, colour, color, camera, phone',
);

/** What follows "has" when it tells what someone has ("has a scratch"), not what they did ("has taken"). */
const HAD = new Set(['DET', 'NOUN', 'ADJ', 'NUM']);

const PHOTO_HEADS = L.words('photo, picture, image, pic, shot, photograph, selfie, portrait, snap');

const PHRASE_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/** The words from the clause's first named thing on ("a water bottle on the table"), or null if it names none. */
export function mentionIn(clause: Clause): Token[] | null {
  // ("my baby has a scratch on her cheek, can it be removed?": what someone has is the thing meant)
  const had = havingAt(clause);
  const t = had > 0 ? clause.tokens.slice(had + 1) : clause.tokens;
  // ("my wedding photo": a noun before the photo's own names the photo)
  const at = t.findIndex(
    (x, i) =>
      (x.pos === 'NOUN' || x.pos === 'PROPN') &&
      !NOT_THINGS.has(x.lemma) &&
      !PHOTO_HEADS.has(t[i + 1]?.lemma ?? ''),
  );
  if (at < 0) return null;
  let start = at;
  while (start > 0 && (PHRASE_POS.has(t[start - 1].pos) || L.POSSESSIVES.has(t[start - 1].lemma))) start--;
  return t.slice(start).filter((x) => x.type !== 'punctuation');
}

/** Where a clause tells what someone has ("my son has a bruise"): the index of "has", else -1. */
export function havingAt(clause: Clause): number {
  return clause.tokens.findIndex(
    (x, i) => x.lemma === 'have' && i > 0 && HAD.has(clause.tokens[i + 1]?.pos ?? ''),
  );
}

/**
 * The pronoun a removal's words are, if they are only one ("it", "them please", "him from the photo"), or null
 * when they name something ("her earrings", "that sign").
 */
export function pointerIn(words: Token[]): string | null {
  const first = words.findIndex((t) => !SKIPPED.has(t.lemma));
  const pointer = words[first];
  if (!pointer || !POINTERS.has(pointer.lemma)) return null;
  const named = words
    .slice(first + 1)
    .some((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && !NOT_THINGS.has(t.lemma));
  return named ? null : pointer.word;
}

/** Words between a removal's verb and its object that are neither: "get rid of [all of] them". */
const SKIPPED = L.words('all, of, out, off, away, up, please, also');
