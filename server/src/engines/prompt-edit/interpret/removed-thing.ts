/**
 * Where a removal's thing is said: after its verb ("remove the sign"), before a passive ("the sign and the pole
 * need to go"), before a tool that takes it ("watermark remover"), or alone in a list ("..., and the cones").
 */
import {
  has,
  NAME_PARTS,
  PASSIVE_AUX,
  passiveRemovalAfter,
  passiveStart,
  runStart,
  type Clause,
} from './clauses';
import * as L from './lexicon';
import { FILLERS } from './named-thing';
import { mentionIn } from './mentions';
import { hasAdjustment } from './adjustments';
import { NAMED_SHAPES } from './sizes';
import { writtenText, type Token } from './tokens';

/** Nouns of tools that take a thing away, named before them or after "of". */
export const REMOVERS = L.words('remover, removal, eraser');

/** What a removing tool takes away: "watermark" in "watermark remover", "the sign" in "removal of the sign". */
export function toolsThing(tokens: Token[], tool: number): Token[] {
  if (tokens[tool + 1]?.lemma === 'of') return tokens.slice(tool + 2);
  // ("magic eraser": how the tool is praised names nothing)
  const named = tokens.slice(runStart(tokens, tool, NAME_PARTS), tool);
  return named.some((t) => t.pos !== 'ADJ') ? named : [];
}

/**
 * "Can the people and the car be removed?": one clause per thing listed before a removal said in the passive
 * ("Can the people be removed", "the car be removed"), or null when no list comes before one.
 */
export function passiveList(clause: Clause): Clause[] | null {
  const t = clause.tokens;
  const first = t.findIndex(
    (x, i) => x.lemma === 'and' && t[i - 1]?.pos === 'NOUN' && passiveRemovalAfter(t, i + 1) > 0,
  );
  if (first < 0) return null;
  const tail = passiveStart(t, passiveRemovalAfter(t, first + 1));
  const ands = t.map((x, i) => i).filter((i) => i >= first && i < tail && t[i].lemma === 'and');
  const starts = [0, ...ands.map((i) => i + 1)];
  return starts.map((start, k) => {
    const tokens = [...t.slice(start, ands[k] ?? tail), ...t.slice(tail)];
    return { tokens, text: writtenText(tokens) };
  });
}

/** The thing before a removal said in the passive ("the reflection in the glass should be removed"), if any. */
export function passiveSubject(clause: Clause, verb: number): Token[] | null {
  const t = clause.tokens;
  if (!PASSIVE_AUX.has(t[verb - 1]?.lemma ?? '') && !/(ed|en|gone)$/.test(t[verb].word)) return null;
  const subject = { tokens: t.slice(0, passiveStart(t, verb)), text: '' };
  return namesAThing(subject, 0) ? mentionIn(subject) : null;
}

/**
 * A clause that is only a name ("the power lines", "maybe the cones too"), the next thing in a list; not a
 * wish said without a verb ("black and white", "a square crop", "more contrast"), which the grammar reads.
 */
export function bareName(clause: Clause): boolean {
  // ("Our first family photo!": the photo itself, told of; "the emoji from this image" names the emoji,
  // "finger surrounding picture" the finger)
  const nouns = clause.tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
  const place = clause.tokens.findIndex((t) => t.pos === 'ADP' || t.pos === 'VERB');
  const head = (place < 0 ? clause.tokens : clause.tokens.slice(0, place))
    .filter((t) => nouns.includes(t))
    .at(-1);
  if (L.PHOTO.has(head?.lemma ?? '')) return false;
  const named = nouns.some((t) => !FILLERS.has(t.lemma));
  const wish =
    [L.GRAYSCALE, L.SEPIA, L.CROP, L.BACKGROUND, L.MORE, L.LESS, COURTESY].some((set) => has(clause, set)) ||
    hasAdjustment(clause) ||
    clause.tokens.some((t) => t.type === 'number' || NAMED_SHAPES[t.lemma]);
  return (
    named &&
    !wish &&
    clause.tokens.length <= 8 &&
    clause.tokens.every(
      (t, i) =>
        NAME_POS.has(t.pos) ||
        LIST_WORDS.has(t.lemma) ||
        t.word === 'can' ||
        t.type === 'punctuation' ||
        tellsOfThing(clause, i),
    )
  );
}

/** "thanks in advance", "cheers for the help": courtesy, never a thing in the photo. */
const COURTESY = L.words(
  'thanks, thank, cheers, advance, help, tip, tips, appreciate, appreciated, regards, lol, haha, ty, tia, kudos, love',
);

const NAME_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'ADP', 'CCONJ', 'PART']);
const LIST_WORDS = L.words('too, also, maybe, as, well, please, my, his, her, their, our');

/** A thing, not the photo or the skin, named from token `from` on. */
export function namesAThing(clause: Clause, from: number): boolean {
  return clause.tokens
    .slice(from)
    .some((t) => t.pos === 'NOUN' && !FILLERS.has(t.lemma) && !L.FACE.has(t.lemma) && !L.SKIN.has(t.lemma));
}

/**
 * The thing's words as written, for asking the person to show it: "the card in front of her face, please"
 * -> "card in front of her face". Leading articles go; the phrase ends where the clause turns to something
 * else ("from the photo", "so that", "please").
 */
export function nounPhrase(clause: Clause): string {
  const words = clause.tokens.map((t) => t.word);
  let start = 0;
  while (start < words.length && LEADING.has(words[start])) start++;
  let end = start;
  // ("the pole coming out of my head": the "out" of what the pole does)
  const ends = (i: number) => PHRASE_END.has(words[i]) && !(words[i] === 'out' && describedBy(clause, i - 1));
  while (end < words.length && end - start < 8 && !ends(end)) end++;
  // ("the power cables running across the top of the [picture]": a phrase cut short ends on its last noun)
  while (end > start && ['DET', 'ADP', 'CCONJ'].includes(clause.tokens[end - 1].pos)) end--;
  return writtenText(clause.tokens.slice(start, end));
}

const LEADING = L.words('the, a, an, this, that, these, those, some, all, any, out, off, away, of, it, up');
const PHRASE_END = L.words(
  "automatically, ., ,, !, ?, from, please, pls, so, because, for, if, thanks, thank, completely, entirely, too, out, off, away, without, but, and, then, as, it's, is, are, was, were",
);

/** "please", "coming" in "the pole coming out of my head", "scanned" in "scanned film": no verb of a wish. */
export function tellsOfThing(clause: Clause, i: number): boolean {
  const describing = /ed$/.test(clause.tokens[i].word) && clause.tokens[i + 1]?.pos === 'NOUN';
  return clause.tokens[i].lemma === 'please' || describedBy(clause, i) || describing;
}

/** A participle right after a noun tells of it: "coming" in "the pole coming out of my head". */
function describedBy(clause: Clause, i: number): boolean {
  return /(?:ing|ed)$/.test(clause.tokens[i].word) && clause.tokens[i - 1]?.pos === 'NOUN';
}
