/**
 * The last reading before "I didn't find an edit in that": the words the grammar lacks, read through WordNet
 * toward the words it knows, so that a request with a clear edit word in it is not refused. Verbs climb their
 * senses' kinds ("banish" is a way to expel, "excise" to delete, "spruce up" to improve), describing words go to
 * their near senses ("foggy" is blurry, "lousy" is bad, "grimy" is dirty), and the grammar then reads the
 * widened words as it reads any others, so what it declines (adding, restyling) it still declines.
 */
import type { EditStep } from '../edit-plan';
import * as L from './lexicon';
import { NOT_A_THING } from './things';
import { writtenText, type Token } from './tokens';
import { VOCABULARY } from './vocabulary';
import { kindOf, relatedWords, sensesOf, synsetAt, senseOffset } from './wordnet';

/** Verbs' kinds in WordNet and the grammar's verb each stands for; the first sense that reaches one decides. */
const VERB_KINDS: [ReadonlySet<string>, string][] = [
  [
    L.words(
      'remove, delete, erase, eliminate, get rid of, take away, take out, cut out, wipe out, expel, throw out, kick out',
    ),
    'remove',
  ],
  [
    L.words(
      'better, improve, ameliorate, amend, beautify, repair, mend, fix, neaten, tidy, tidy up, clean up',
    ),
    'improve',
  ],
  [L.words('brighten, lighten, illuminate, light up'), 'brighten'],
  [L.words('darken, dim'), 'darken'],
  [L.words('sharpen, focus'), 'sharpen'],
];

/** How far up a verb's kinds the reading climbs: "spruce" -> beautify -> improve is two steps. */
const VERB_DEPTH = 3;

/** The grammar's verb a verb it lacks stands for, by the kinds of its three most frequent senses. */
function verbKind(lemma: string): string | null {
  for (const sense of sensesOf(lemma, 'verb', 3)) {
    let level = [sense.offset];
    for (let depth = 0; depth <= VERB_DEPTH && level.length; depth++) {
      const words = level.flatMap((offset) => synsetAt('verb', offset).words);
      for (const [kinds, verb] of VERB_KINDS) if (words.some((w) => kinds.has(w))) return verb;
      level = level.flatMap((offset) => synsetAt('verb', offset).hypernyms);
    }
  }
  return null;
}

/**
 * Describing words' near senses and the grammar's word each stands for: a complaint's word ("the lighting is
 * lousy" reads as "wrong", which the colour and light repairs answer), a dirty photo as one to clean up, and the
 * words of light, colour and focus themselves.
 */
const NEAR_ADJECTIVES: [ReadonlySet<string>, string][] = [
  [L.words('bad, awful, terrible, atrocious, dreadful, unsatisfactory, poor, inferior'), 'wrong'],
  [L.words('dirty, unclean, soiled, grimy'), 'clean'],
  [L.words('blurred, blurry, fuzzy, hazy, indistinct, bleary'), 'blurry'],
  [L.words('dark, dim, gloomy, shadowy, dingy'), 'dark'],
  [L.words('dull, colorless, colourless, drab, faded'), 'dull'],
  [L.words('crooked, tilted, askew, lopsided'), 'crooked'],
];

/** The grammar's word a describing word it lacks stands for, by its four most frequent senses' neighbours. */
function adjectiveKind(lemma: string): string | null {
  const near = relatedWords(lemma, 'adj', 4);
  near.add(lemma);
  for (const [kinds, word] of NEAR_ADJECTIVES) if ([...near].some((w) => kinds.has(w))) return word;
  return null;
}

/** The photo as a whole, which an improving verb mends: "spruce it up", not "decorate the cake". */
const THE_PHOTO = L.words('it, this, that, photo, picture, image, pic, shot, photograph, me, us, everything');

/**
 * The tokens with each word the grammar lacks read as the grammar word it stands for; null when no word
 * changed. An improving verb whose object is a thing in the photo is left alone: decorating a cake adds to it.
 */
export function widenWords(tokens: readonly Token[]): Token[] | null {
  let changed = false;
  const widened = tokens.map((token, i) => {
    if (token.type !== 'word' || VOCABULARY.has(token.lemma) || !/^[a-z][a-z-]+$/.test(token.lemma))
      return token;
    const first = i === 0 || tokens[i - 1].type === 'punctuation';
    let lemma: string | null = null;
    if (token.pos === 'VERB' || first) lemma = verbKind(token.lemma);
    if (lemma === 'improve' && (!improvesThePhoto(tokens, i) || inCondition(tokens, i))) lemma = null;
    // "a boring beach photo": a describing word before a noun tells of a thing, not of how the photo came out
    const describesThing = tokens[i + 1]?.pos === 'NOUN';
    if (!lemma && !describesThing && ['ADJ', 'ADV', 'VERB'].includes(token.pos))
      lemma = adjectiveKind(token.lemma);
    if (!lemma) return token;
    changed = true;
    return { ...token, lemma };
  });
  return changed ? widened : null;
}

/** "if that helps", "if it would help": a verb under "if" is said of what is offered, not asked for. */
function inCondition(tokens: readonly Token[], verb: number): boolean {
  return tokens.slice(Math.max(0, verb - 3), verb).some((t) => t.lemma === 'if');
}

function improvesThePhoto(tokens: readonly Token[], verb: number): boolean {
  const object = tokens
    .slice(verb + 1)
    .find((t) => t.type === 'punctuation' || t.pos === 'NOUN' || t.pos === 'PRON' || t.pos === 'PROPN');
  return (
    !object || object.type === 'punctuation' || THE_PHOTO.has(object.lemma) || NOT_A_THING.has(object.lemma)
  );
}

/**
 * Damage a person paints for the fill to take away: WordNet's senses of marks and flaws, and every noun that is
 * a kind of one ("a blotch is a smudge, a smudge a blemish"; "a rip", "a crease", "a scratch").
 */
const DAMAGE: [string, number][] = [
  ['blemish', 1],
  ['stain', 1],
  ['crease', 1],
  ['rip', 2],
  ['crack', 1],
  ['scratch', 2],
  ['abrasion', 1],
  // "water damage": what harm leaves on a print
  ['damage', 1],
];
let damageSenses: Map<number, true> | undefined;

function isDamage(noun: string): boolean {
  damageSenses ??= new Map(
    DAMAGE.map(([word, n]) => senseOffset(word, 'noun', n))
      .filter((offset): offset is number => offset !== null)
      .map((offset) => [offset, true]),
  );
  return kindOf(noun, damageSenses, 2, 3) !== null;
}

/**
 * "There are creases and tears on this old photo": damage named with no verb at all is damage to take away,
 * shown by the person, named in their words.
 */
export function damageIn(tokens: readonly Token[]): EditStep | null {
  // ("it's torn in the corner": damage said as what was done to the print is named by its noun, "the tear";
  // "badly damaged" names no mark to show, and "the faces came out smudged" tells of the faces)
  const done = (t: Token, i: number) =>
    t.pos === 'VERB' &&
    t.word !== t.lemma &&
    /(ed|n)$/.test(t.word) &&
    t.lemma !== 'damage' &&
    saidOfThePrint(tokens, i);
  const damage = tokens.filter(
    (t, i) => (t.pos === 'NOUN' || done(t, i)) && !NOT_A_THING.has(t.lemma) && isDamage(t.lemma),
  );
  if (damage.length === 0) return null;
  const named = damage.map((t) => (t.pos === 'VERB' ? t.lemma : writtenText([t])));
  return { kind: 'remove-marked', thing: `the ${named.join(' and ')}` };
}

/** Whether the words before token i ("it is", "the photo has been") say it of the photo itself. */
function saidOfThePrint(tokens: readonly Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (['AUX', 'ADV', 'PART'].includes(tokens[j].pos) || tokens[j].lemma === 'get')) j--;
  const subject = tokens[j]?.lemma ?? '';
  return ['it', 'this', 'that'].includes(subject) || L.PHOTO.has(subject);
}
