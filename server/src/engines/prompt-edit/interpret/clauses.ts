import {
  COLOURS,
  CUTTING,
  FINITE_BE,
  GENERATE,
  JOINERS,
  LARGE,
  NUMBER_WORDS,
  PERSONAL_SUBJECTS,
  POSSESSIVES,
  REMOVE,
  REMOVE_WITH_OUT,
  SIGN_OFF,
  SMALL,
  words,
} from './lexicon';
import { writtenText, type Token } from './tokens';

/** A run of words that holds at most one wish ("crop it to a square"), with its words as written. */
export interface Clause {
  tokens: Token[];
  text: string;
}

const SIDES = words('top, bottom, left, right');

const BOUNDARY = new Set(['.', ',', ';', '!', '?', ':', '…', '(', ')', '[', ']', '–', '—', '/']);

/**
 * Splits at punctuation and at the words that join wishes ("and", "then", "also"): "make it brighter and
 * remove the background, then crop to a square" is three clauses. "Black and white" was made one word before.
 */
export function splitClauses(written: Token[]): Clause[] {
  const tokens = outBeforeList(written);
  const clauses: Clause[] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.length) clauses.push({ tokens: current, text: writtenText(current) });
    current = [];
  };
  tokens.forEach((token, i) => {
    // "dark and blurry", "brighter and warmer": two adjectives of one complaint or wish stay together
    // ("less yellow and brighter": a comparative after "and" asks for itself, a wish of its own)
    const comparative = tokens[i + 1]?.inflected && /er$/.test(tokens[i + 1].word);
    const betweenAdjectives =
      token.lemma === 'and' && current.at(-1)?.pos === 'ADJ' && tokens[i + 1]?.pos === 'ADJ' && !comparative;
    // "crop out the top and bottom", "trim the left and right sides": the photo's sides cropped together
    const betweenSides =
      token.lemma === 'and' &&
      SIDES.has(current.at(-1)?.lemma ?? '') &&
      SIDES.has(tokens[i + 1]?.lemma ?? '') &&
      current.some((t) => CUTTING.has(t.lemma));
    if (
      betweenAdjectives ||
      betweenSides ||
      joinsTwoThingsOfOneWish(current, tokens, i) ||
      listsTheExcepted(current, tokens, i) ||
      (token.lemma === 'and' && current.at(-1)?.pos === 'NOUN' && passiveRemovalAfter(tokens, i + 1) > 0)
    )
      current.push(token);
    // ("the chair next to the table": a place, not "next, crop it")
    else if (
      (token.type === 'punctuation' && BOUNDARY.has(token.word)) ||
      (JOINERS.has(token.lemma) && !(token.lemma === 'next' && tokens[i + 1]?.lemma === 'to'))
    )
      flush();
    else {
      // "remove the people thanks in advance": a sign-off ends the wish even where no stop was written
      if (
        startsAnotherWish(current, token, tokens[i + 1]) ||
        SIGN_OFF.has(token.lemma) ||
        praiseStarts(current, tokens, i)
      )
        flush();
      current.push(token);
    }
  });
  flush();
  return clauses;
}

/**
 * "make the door and fender blue": a bare noun after "and", then the one colour said of both, ends the wish; the
 * two things are of one wish ("make the background white and face brighter" is two).
 */
function joinsTwoThingsOfOneWish(current: readonly Token[], tokens: readonly Token[], i: number): boolean {
  const [thing, said, after] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
  return (
    tokens[i].lemma === 'and' &&
    current.at(-1)?.pos === 'NOUN' &&
    current.some((t) => t.pos === 'VERB') &&
    thing?.pos === 'NOUN' &&
    said?.pos === 'ADJ' &&
    Boolean(COLOURS[said.lemma] ?? COLOURS[said.word]) &&
    (!after || after.type === 'punctuation' || JOINERS.has(after.lemma))
  );
}

/**
 * "the sign and the pole [need to be removed]": where the words from `from` on, a thing and the words of a
 * passive, reach a verb that removes, said in the passive; -1 when they do not. A list of things before it is
 * one wish, each of them removed.
 */
export function passiveRemovalAfter(tokens: readonly Token[], from: number): number {
  let i = from;
  while (THING_POS.has(tokens[i]?.pos ?? '') || tokens[i]?.lemma === 'and') i++;
  if (i === from || !tokens.slice(from, i).some((t) => t.pos === 'NOUN')) return -1;
  while (PASSIVE_AUX.has(tokens[i]?.lemma ?? '')) i++;
  const verb = tokens[i];
  // ("... removed", "... gone", "... need to go")
  const gone = verb?.lemma === 'go' && (verb.word === 'gone' || PASSIVE_AUX.has(tokens[i - 1]?.lemma ?? ''));
  const removes = verb && (gone || (REMOVE.has(verb.lemma) && /(ed|en)$/.test(verb.word)));
  return removes ? i : -1;
}

const THING_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/** The words of a passive between its thing and its verb: "needs to be", "should get", "can be". */
export const PASSIVE_AUX = words(
  'be, get, need, needs, to, should, must, can, could, have, has, will, would, please',
);

/** Where the words of a passive before the verb at i begin ("[needs to be] removed"; "the trash can" is a thing). */
export function passiveStart(tokens: readonly Token[], i: number): number {
  let start = i;
  while (start > 0 && PASSIVE_AUX.has(tokens[start - 1].lemma) && tokens[start - 1].pos !== 'NOUN') start--;
  return start;
}

/**
 * "remove everyone except me, my wife and my son": the "and" and commas after an exception list who stays; a
 * verb after them starts another wish ("except me and make it brighter").
 */
function listsTheExcepted(current: readonly Token[], tokens: readonly Token[], i: number): boolean {
  if (!(tokens[i].lemma === 'and' || tokens[i].word === ',') || !current.some((t) => t.lemma === 'except'))
    return false;
  const rest = tokens.slice(i + 1);
  const end = rest.findIndex(
    (t) => (t.type === 'punctuation' && BOUNDARY.has(t.word)) || JOINERS.has(t.lemma),
  );
  const item = end < 0 ? rest : rest.slice(0, end);
  return item.length > 0 && !item.some((t) => t.pos === 'VERB' || WISH_VERBS.has(t.lemma));
}

/**
 * "take the man and the dog out": the "out" that makes "take" remove is moved to right after it ("take out the
 * man and the dog"), so that the list splits into removals as it does after "remove".
 */
function outBeforeList(tokens: Token[]): Token[] {
  const verb = tokens.findIndex((t) => REMOVE_WITH_OUT.has(t.lemma) && t.pos === 'VERB');
  if (verb < 0 || tokens[verb + 1]?.lemma === 'out') return tokens;
  const end = tokens.findIndex((t, i) => i > verb && t.type === 'punctuation');
  const span = tokens.slice(verb + 1, end < 0 ? tokens.length : end);
  // ("the pole coming out of my head": another verb's "out")
  const out = span.findIndex((t, i) => t.lemma === 'out' && span[i - 1]?.pos !== 'VERB');
  if (out < 0 || !span.slice(0, out).some((t) => t.lemma === 'and')) return tokens;
  const at = verb + 1 + out;
  return [...tokens.slice(0, verb + 1), tokens[at], ...tokens.slice(verb + 1, at), ...tokens.slice(at + 1)];
}

/** "you guys are the best", "you all rock": words to the readers after a wish, not part of it. */
const READERS = words('guy, all, folk');
const PRAISE = words('be, rock, rule');

function praiseStarts(current: readonly Token[], tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1]?.lemma ?? '';
  return (
    tokens[i].lemma === 'you' &&
    current.length > 0 &&
    (READERS.has(next) || (PRAISE.has(next) && current.some((t) => t.pos === 'VERB')))
  );
}

/** Words of editing that a request never uses as nouns, whatever the tagger says. */
const ONLY_VERBS = words(
  'make, remove, erase, delete, brighten, darken, lighten, rotate, sharpen, whiten, straighten, increase, decrease',
);

/** The directions a turn ends on. */
const TURNS = words('clockwise, anticlockwise, sideways');

/** Verbs that start a wish of their own. */
const WISH_VERBS = new Set([
  ...REMOVE,
  ...GENERATE,
  ...words(
    'crop, rotate, flip, brighten, darken, lighten, blur, sharpen, fix, make, increase, decrease, reduce, lower, raise, boost, resize, shrink, straighten, whiten, enhance, adjust, zoom, erase, delete, take, get, clean',
  ),
]);

/** Particles that make a verb of the word before them: "clean up", "cut out", "log off". */
const PARTICLES = words('up, out, off');

/**
 * "remove the man add a dog", "crop more tightly add sunglasses": a list of wishes written without stops or
 * "and", where a verb of editing follows what the verb before it took, starts the next wish. A wish to add
 * something also starts after a pronoun ("brighten it add a hat"), so that it is declined with its reason
 * instead of vanishing into the edit before it. A clause's first word counts as its verb whatever the tagger
 * says: an imperative that opens a request ("crop ...") is often tagged as a noun.
 */
function startsAnotherWish(current: readonly Token[], token: Token, next: Token | undefined): boolean {
  // ("the watermark my old camera put in the corner": how the thing came there, with no object of its own)
  const noObject = !next || next.pos === 'ADP' || next.type === 'punctuation';
  const told = noObject && narrated({ tokens: [...current, token], text: '' }, current.length);
  const describing = describesTheThing([...current, token], current.length);
  if (isPaintTheThing(current.at(-1), token, next) || told || describing) return false;
  // "make the sign disappear", "make him vanish": the verb after "make" and its object is what it is made to do
  const make = current.findIndex((t) => t.lemma === 'make' && t.pos === 'VERB');
  const object = make >= 0 ? current.slice(make + 1) : [];
  const madeToDo =
    object.every((t) => ['DET', 'NOUN', 'PRON', 'PROPN'].includes(t.pos)) &&
    object.filter((t) => t.pos !== 'DET').length === 1;
  if (madeToDo && token.pos === 'VERB') return false;
  const previous = current.at(-1)?.pos ?? '';
  const afterObject = GENERATE.has(token.lemma) && !PERSONAL_SUBJECTS.has(current.at(-1)?.lemma ?? '');
  const after = ['NOUN', 'PROPN', 'ADJ', 'ADV', 'NUM', ...(afterObject ? ['PRON'] : [])];
  // ("the picture change the background", "black and white clean up the lines": the tagger reads a verb with
  // its object's article or its particle after it as a noun or an adjective)
  // ("make sun much brighter make sky much bluer": some verbs are never nouns in a request)
  // ("rotate 90 degrees clockwise change background": a turn's direction, an adverb or a number does not
  // qualify a noun, whatever the tagger makes of it)
  const bare = ['ADV', 'NUM'].includes(previous) || TURNS.has(current.at(-1)?.lemma ?? '');
  // ("take the gray blur out": the "out" is the taking's, still to come)
  const outToCome =
    current.some((t) => REMOVE_WITH_OUT.has(t.lemma)) && !current.some((t) => PARTICLES.has(t.lemma));
  const verb =
    token.pos === 'VERB' ||
    (token.pos === 'NOUN' && (next?.pos === 'DET' || bare)) ||
    (PARTICLES.has(next?.lemma ?? '') && !outToCome) ||
    ONLY_VERBS.has(token.lemma);
  return (
    verb &&
    WISH_VERBS.has(token.lemma) &&
    after.includes(previous) &&
    current.some((t, i) => (t.pos === 'VERB' || i === 0) && WISH_VERBS.has(t.lemma))
  );
}

/**
 * "Paint" as the stuff on a thing, not a wish to paint: after an article, a colour or the thing it is on ("the
 * paint", "red paint", "face paint", "spray paint"), with no object of its own after it ("paint the wall"). The
 * tagger often reads it as the verb there.
 */
export function isPaintTheThing(before: Token | undefined, word: Token, after: Token | undefined): boolean {
  if (word.lemma !== 'paint' || !before) return false;
  const named =
    ['the', 'this', 'that', 'some'].includes(before.lemma) || ['NOUN', 'ADJ'].includes(before.pos);
  return named && !(after && ['DET', 'PRON'].includes(after.pos));
}

/** Words before a subject that make its verb asked for: "could we remove it", "how do I remove it". */
const MODALS = words('can, could, would, will, should, shall, may, might, please, do');
const TENSE = words("will, 'll, have, 've, had, already, just");

/**
 * Whether the verb at i tells what happened instead of asking for it: after its subject ("we lost our dog",
 * "the logo I added"; not "could we remove it") or, with `passive`, after a finite "be" ("the original is
 * attached"; not "can a hat be added", which asks).
 */
export function narrated(clause: Clause, i: number, { passive = false } = {}): boolean {
  const before = clause.tokens[i - 1];
  if (!before) return false;
  if (passive && FINITE_BE.has(before.word)) return true;
  // ("the watermark my old camera put there": a thing, then whose doing it was)
  if (madeBy(clause.tokens, i)) return true;
  // "I'll delete this post", "we have removed it": what the writer will do or did
  let subject = i - 1;
  while (subject > 0 && subject >= i - 2 && TENSE.has(clause.tokens[subject].lemma)) subject--;
  return (
    PERSONAL_SUBJECTS.has(clause.tokens[subject].lemma) &&
    !MODALS.has(clause.tokens[subject - 1]?.lemma ?? '')
  );
}

/**
 * "the woman wearing a white hat", "the kid drawing on the wall": a participle right after a thing tells what it
 * is doing, though its verb could ask for something new ("wear", "draw").
 */
export function describesTheThing(tokens: readonly Token[], i: number): boolean {
  if (!/ing$/.test(tokens[i].word) || !DOINGS.has(tokens[i].lemma) || tokens[i - 1]?.pos !== 'NOUN')
    return false;
  // ("make the cat wearing a bow tie": said after "make", it is what the thing is made to do)
  const start = runStart(tokens, i, PHRASE_PARTS);
  return !['make', 'have', 'let', 'get'].includes(tokens[start - 1]?.lemma ?? '');
}

const DOINGS = words('wear, hold, carry, paint, draw, place, put');

/** The parts of speech of a thing's name ("old camera"), and of its phrase ("the old camera"). */
export const NAME_PARTS = new Set(['ADJ', 'NOUN', 'PROPN']);
const PHRASE_PARTS = new Set(['DET', ...NAME_PARTS]);

/** Where the run of words of the parts of speech `parts` that ends just before token i begins (i when none). */
export function runStart(tokens: readonly Token[], i: number, parts: ReadonlySet<string>): number {
  let start = i;
  while (start > 0 && parts.has(tokens[start - 1].pos)) start--;
  return start;
}

/** Whether a thing and someone's own thing come right before i: "the text [my friend] added". */
function madeBy(tokens: readonly Token[], i: number): boolean {
  const start = runStart(tokens, i, NAME_PARTS);
  const owner = tokens[start - 1]?.lemma ?? '';
  return start < i && POSSESSIVES.has(owner) && tokens[start - 2]?.pos === 'NOUN';
}

/** "I bought the photo", "we already cropped it": the writer telling what was done. */
export function tellsWhatHappened(clause: Clause): boolean {
  if (!PERSONAL_SUBJECTS.has(clause.tokens[0]?.lemma ?? '')) return false;
  let verb = 1;
  while (TENSE.has(clause.tokens[verb]?.lemma ?? '')) verb++;
  return pastVerb(clause.tokens[verb]) && !WANTING.has(clause.tokens[verb].lemma);
}

/** "I wanted to remove the orange", "I was hoping…": a wish said in the past is still a wish. */
const WANTING = words('want, wish, hope, wonder, need, like, love, be');

/**
 * "…but lost the original file", "…, cropped it and removed the date": a verb in the past joined on to a
 * clause that tells what was done goes on telling.
 */
export function goesOnTelling(clause: Clause, tokens: readonly Token[]): boolean {
  const before = tokens[tokens.indexOf(clause.tokens[0]) - 1];
  const joined = before && (JOINERS.has(before.lemma) || before.word === ',');
  return Boolean(joined) && pastVerb(clause.tokens[0]);
}

/** A verb in a form of the past: "bought", "lost", "removed" (not "remove", "removes", "removing"). */
const pastVerb = (t: Token | undefined) => t?.pos === 'VERB' && t.inflected && !/(?:ing|s)$/.test(t.word);

/** Index of the first token whose lemma is in `words`, or -1. */
export function find(clause: Clause, words: ReadonlySet<string> | readonly string[], from = 0): number {
  const set = words instanceof Set ? words : new Set(words);
  return clause.tokens.findIndex((t, i) => i >= from && set.has(t.lemma));
}

export const has = (clause: Clause, words: ReadonlySet<string> | readonly string[]) =>
  find(clause, words) >= 0;

/** Where "without" opens what must not happen ("more vibrant without making the people look orange"), or -1. */
export function avoidedFrom(clause: Clause): number {
  const without = find(clause, ['without']);
  if (without < 0) return -1;
  // ("without losing detail", "without it looking pixelated", "without the colours going orange")
  const doer = clause.tokens.slice(without + 1, without + 4);
  const ing = doer.findIndex((t) => /ing$/.test(t.word));
  const between = doer.slice(0, Math.max(0, ing));
  return ing >= 0 && between.every((t) => DOERS.has(t.pos)) ? without : -1;
}

const DOERS = new Set(['PRON', 'DET', 'NOUN', 'ADJ']);

/**
 * Whether the clause asks for something with "make" ("make his eyes glow") or with one of `verbs` ("give",
 * "add"); a verb in the past tells what went wrong ("the flash made her shiny", "it gave him red eyes").
 */
export function asksFor(clause: Clause, verbs: readonly string[] = []): boolean {
  return clause.tokens.some((t) => (t.lemma === 'make' || verbs.includes(t.lemma)) && !isPast(t));
}

/**
 * "It looks like an old faded polaroid": how the photo looks now, told, not asked for ("make it look like…",
 * "I want it to look like…", "so it looks like…" ask).
 */
export function describesHowItLooks(clause: Clause): boolean {
  const looks = clause.tokens.findIndex((t) => t.word === 'looks' || t.word === 'looked');
  if (looks < 0 || asksFor(clause) || has(clause, ASKING_A_LOOK)) return false;
  return !clause.tokens.slice(Math.max(0, looks - 3), looks).some((t) => t.lemma === 'so');
}

/** Words that ask for a look: "I want it to look like a painting", "it should look like film". */
const ASKING_A_LOOK = words('want, would, should, could, can, please, need, wish, turn, convert, until');

/** A verb's past form: "made", "gave", "added", "turned". */
export function isPast(token: Token): boolean {
  return PAST_FORMS.has(token.word) || (token.word !== token.lemma && /ed$/.test(token.word));
}

const PAST_FORMS = words('made, gave, took, got, put, brought');

/** A number written in digits or words at token i, if any. */
export function numberAt(clause: Clause, i: number): number | null {
  const t = clause.tokens[i];
  if (!t) return null;
  if (t.type === 'number' && /^-?\d+(\.\d+)?$/.test(t.word)) return Number(t.word);
  return NUMBER_WORDS[t.lemma] ?? null;
}

/** "by 20 %", "20 percent": the first percentage in the clause, as a fraction. */
export function percentIn(clause: Clause): number | null {
  for (let i = 0; i < clause.tokens.length; i++) {
    const n = numberAt(clause, i);
    const next = clause.tokens[i + 1];
    if (n !== null && next && (next.word === '%' || next.lemma === 'percent' || next.lemma === 'pct'))
      return Math.min(1, n / 100);
  }
  return null;
}

/** How much a tone or filter wish asks for: a percentage if given, else small, large or a default. */
export function amountIn(clause: Clause, fallback = 0.2): number {
  const percent = percentIn(clause);
  if (percent !== null) return percent;
  const words = clause.tokens.map((t) => t.lemma);
  const small = words.some((w, i) => SMALL.has(w) && !(w === 'little' && words[i - 1] !== 'a'));
  if (small) return fallback / 2;
  if (words.some((w) => LARGE.has(w))) return fallback * 2;
  return fallback;
}
