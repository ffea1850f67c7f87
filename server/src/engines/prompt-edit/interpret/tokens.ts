import winkNLP, { type ItemSentence, type ItemToken, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { rewriteSizes } from './sizes';
import { isEnglishWord } from './dictionary';
import { correctTypo, splitRunTogether } from './typos';
import { AMOUNT_TARGETS, SYNONYM_TARGETS, VOCABULARY } from './vocabulary';
import { broaderWords, isKindOfAny, relatedWords, sensesOf, type WordClass } from './wordnet';
import { TracedText } from './traced-text';
import { REWRITES } from './rewrites';

/** One word of an instruction as the grammar reads it. */
export interface Token {
  /** As written, lower case. */
  word: string;
  /** Dictionary form after typo correction: "brighter" -> "bright", "dogs" -> "dog", "backgorund" -> "background". */
  lemma: string;
  /** Universal part of speech from wink's English model. */
  pos: string;
  /** wink's token type: word, number, ordinal, punctuation, symbol, hashtag, ... */
  type: string;
  /** The written form differs from the lemma as a plural or comparative does. */
  inflected: boolean;
  /** Where in the request the words it was read from stand ("b&w" for "monochrome"). */
  origin?: { request: string; from: number; to: number };
}

let nlp: WinkMethods | undefined;

/** Words wink reads otherwise in instructions: "to the left" is a side, not the past of "leave". */
const LEMMA_FIXES: Record<string, string> = {
  lower: 'lower',
  faded: 'faded',
  washed: 'washed',
  blown: 'blown',
  left: 'left',
  // ("crop the outer area": a part of the photo, not "crop ... out")
  outer: 'outer',
  lighter: 'lighter',
  lighten: 'lighten',
  colours: 'colour',
  colors: 'color',
  // a sea snail to WordNet, but in a photo request always a slip for wrinkles
  winkles: 'wrinkle',
};

/** "whiter" of "white", "redder" of "red", "greyer" of "grey": the word is the lemma's comparative. */
const comparativeOf = (word: string, lemma: string) =>
  word !== lemma && [`${lemma}r`, `${lemma}er`, `${lemma}${lemma.at(-1)}er`].includes(word);

/** A typo corrected to a comparative takes the comparative's base, as wink would have. */
const COMPARATIVES: Record<string, string> = {
  brighter: 'bright',
  darker: 'dark',
  warmer: 'warm',
  cooler: 'cool',
  sharper: 'sharp',
  bigger: 'big',
  larger: 'large',
  smaller: 'small',
  clearer: 'clear',
  softer: 'soft',
};

/** "gets $20", "will pay 10 bucks": an offer of money, whose number is no size. */
const MONEY = /[$€£]\s?\d+(?:[.,]\d+)?\b|\b\d+(?:[.,]\d+)?\s*(?:dollars?|bucks|euros?|pounds|usd)\b/g;

/** The words of some tokens as the person wrote them ("Can u swap…" for "can you swap…"). */
export function writtenText(tokens: Token[]): string {
  const traced = tokens.filter((t) => t.origin);
  if (traced.length === 0) return tokens.map((t) => t.word).join(' ');
  const from = Math.min(...traced.map((t) => t.origin!.from));
  const to = Math.max(...traced.map((t) => t.origin!.to));
  return traced[0].origin!.request.slice(from, to).trim();
}

/** The instruction as tokens, in order; sentence ends are kept as "." tokens. */
export function tokenize(text: string): Token[] {
  nlp ??= winkNLP(model);
  const its = nlp.its;
  const lower = sentencesOf(TracedText.of(text))
    .replace(/[\p{Lu}\p{Lt}]/gu, (letter) => letter.toLowerCase())
    .replace(/[’‘`]/g, "'");
  const spaced = lower.replace(/\b[a-z]{6,}\b/g, (word) => splitRunTogether(word, isWord)?.join(' ') ?? word);
  let normal = rewriteSizes(spaced.replace(MONEY, ' ').replace(/^|$/g, ' '));
  for (const [pattern, replacement] of REWRITES) normal = normal.replace(pattern, replacement);
  const doc = nlp.readDoc(normal.text);
  const tokens: Token[] = [];
  let read = 0;
  doc.sentences().each((sentence: ItemSentence) => {
    const words: {
      word: string;
      type: string;
      rawLemma: string;
      stop: boolean;
      pos: string;
      origin: Token['origin'];
    }[] = [];
    sentence.tokens().each((t: ItemToken) => {
      const word = String(t.out(its.normal));
      const type = String(t.out(its.type));
      const from = read + String(t.out(its.precedingSpaces)).length;
      read = from + String(t.out(its.value)).length;
      // ("remove the glasses and the hand 😍🙏": a face or a gesture says how the person feels, nothing more)
      if (type === 'emoji' || type === 'emoticon') return;
      // wink's lemma typing takes model addons the token API does not pass; the call itself is right.
      const winkLemma = type === 'word' ? String(t.out(its.lemma as never)) : word;
      // Function words ("there", "could") are never typos of content words ("these", "cloud").
      const stop = Boolean(t.out(its.stopWordFlag));
      const [start, end] = normal.origin(from, read);
      const origin = { request: text, from: start, to: end };
      words.push({
        word,
        type,
        rawLemma: LEMMA_FIXES[word] ?? (winkLemma === word ? stemOfEditVerb(word) : null) ?? winkLemma,
        stop,
        pos: String(t.out(its.pos)),
        origin,
      });
    });
    retagParts(words);
    words.forEach(({ word, type, rawLemma, stop, pos, origin }, i) => {
      // "a cloudy day", "long curly blonde hair": a describing word before a noun tells of a thing, not the photo
      let next = i + 1;
      while (words[next]?.pos === 'ADJ') next++;
      const describesThing = words[next]?.pos === 'NOUN';
      // "close her eyes": a request's first word before its object is its verb, whatever the tagger says
      const opensAsVerb = i === 0 && ['PRON', 'DET'].includes(words[1]?.pos ?? '');
      const mayMap = !describesThing && !opensAsVerb;
      const known = type === 'word' && !stop ? synonymOf(word, rawLemma, pos, mayMap) : rawLemma;
      const corrected = known === null ? correctTypo(rawLemma) : null;
      const lemma = corrected ? (COMPARATIVES[corrected] ?? corrected) : (known ?? rawLemma);
      // ("yellower", which wink leaves as it is, reaches "yellow" as the nearest word)
      const comparative = corrected && (COMPARATIVES[corrected] || word === `${corrected}er`);
      // ("whiter", which wink tags a noun and WordNet's forms reach as "white")
      const inflected = rawLemma !== word || Boolean(comparative) || comparativeOf(word, lemma);
      tokens.push({ word, lemma, pos, type, inflected, origin });
    });
    tokens.push({ word: '.', lemma: '.', pos: 'PUNCT', type: 'punctuation', inflected: false });
  });
  quietQuotedWords(tokens);
  return tokens;
}

/**
 * "support for upscaling", "denoising": the model has no lemma for some of the edits' own verbs in -ing or
 * -ed, words no English word list holds, and leaves them as written; the grammar's verb is their stem, with or
 * without its final "e". ("Lighting" and "lettering" are words of their own.)
 */
function stemOfEditVerb(word: string): string | null {
  if (isEnglishWord(word)) return null;
  const stem = /^(.{3,})(?:ing|ed)$/.exec(word)?.[1];
  if (!stem) return null;
  return [`${stem}e`, stem].find((candidate) => VOCABULARY.has(candidate)) ?? null;
}

/**
 * Parts of speech the tagger gets wrong in requests: after "there are" comes a thing, not a verb ("there are
 * scratches", "there's dust spots"), as after any "is" or "has" does a word in -s ("it has scratches"); a word in
 * -ing between someone and a place is what they are doing ("the man standing behind me"; "the background
 * lettering on the wall" stays a thing); and a word it cannot place at all after "my" or "the" is a thing
 * ("my ex").
 */
function retagParts(words: { word: string; rawLemma: string; pos: string }[]): void {
  words.forEach((w, i) => {
    const existential = words[i - 2]?.word === 'there' && words[i - 1]?.pos === 'AUX';
    const afterAux = words[i - 1]?.pos === 'AUX' && /[^s]s$/.test(w.word);
    if (w.pos === 'VERB' && ((existential && !/ed$/.test(w.word)) || afterAux)) w.pos = 'NOUN';
    const before = words[i - 1];
    const doing = before?.pos === 'NOUN' && words[i + 1]?.pos === 'ADP' && /ing$/.test(w.word);
    if (w.pos === 'NOUN' && doing && isAlive(before.rawLemma)) w.pos = 'VERB';
    // "the trash can and the sign": a can that WordNet knows by the noun before it is a thing
    const compound = before?.pos === 'NOUN' && `${before.word}_${w.word}`;
    if (w.word === 'can' && w.pos === 'AUX' && compound && sensesOf(compound, 'noun').length) w.pos = 'NOUN';
    // "remove my ex": a word the tagger cannot place, after "my" or "the", is a thing
    if (w.pos === 'X' && ['DET', 'PRON'].includes(before?.pos ?? '') && /^[a-z]{2,}$/.test(w.word))
      w.pos = 'NOUN';
  });
}

/** Whether a noun is a living thing or a people ("man", "dog", "kids", "people"), which can be doing something. */
const isAlive = (noun: string) => isKindOfAny(noun, ['organism', 'people']);

const DOUBLE_QUOTES = new Set(['"', '“', '”']);
/** The longest span read as quoted words; a longer one is more likely a stray mark than a caption. */
const MAX_QUOTED = 10;

/**
 * 'change the text to "make it brighter"', 'add "black and white" on top': the words in quotes are the writing
 * the person wants, never a wish of their own. Their lemmas are set aside (the words stay, for naming them); a
 * quote left open at the very end of the request ("to \"TIGER") closes there.
 */
function quietQuotedWords(tokens: Token[]): void {
  // ('make it "pop"': one word in quotes, with no writing named, is said with a wink, and is the wish)
  const writing = tokens.some((t) => WRITING.has(t.lemma));
  for (let i = 0; i < tokens.length; i++) {
    if (!DOUBLE_QUOTES.has(tokens[i].word)) continue;
    let close = tokens.findIndex((t, j) => j > i && DOUBLE_QUOTES.has(t.word));
    // wink ends the request with a stop of its own
    if (close < 0 && tokens.length - i <= MAX_QUOTED / 2) close = tokens.length - 1;
    if (close < 0 || close - i > MAX_QUOTED || (close - i === 2 && !writing)) continue;
    for (let j = i + 1; j < close; j++) if (tokens[j].type !== 'punctuation') tokens[j].lemma = QUOTED;
    i = close;
  }
}

const WRITING = new Set(
  'text, word, words, caption, sign, letter, letters, name, title, say, says, read, reads, write, font, logo, label, banner, quote'.split(
    ', ',
  ),
);

/** The lemma of a word inside quotes: a word no list of the grammar holds. */
export const QUOTED = 'quoted-words';

const WORD_CLASSES: Record<string, WordClass> = { ADJ: 'adj', VERB: 'verb', ADV: 'adv', NOUN: 'noun' };

/**
 * A word the grammar lacks read through WordNet: one of its senses' synonyms that is a word of change
 * ("murky" -> dark), the word itself when WordNet knows it as a real word (so it is never "corrected"), or
 * null when WordNet does not know it either (a typo, perhaps).
 */
function synonymOf(word: string, lemma: string, pos: string, mayMap: boolean): string | null {
  if (VOCABULARY.has(lemma) || !/^[a-z][a-z-]+$/.test(lemma)) return lemma;
  // "underexposed" is the grammar's word, though wink's lemma "underexpose" is not
  if (VOCABULARY.has(word)) return word;
  const wordClass = WORD_CLASSES[pos];
  if (mayMap && (wordClass === 'adj' || wordClass === 'adv')) {
    for (const related of relatedWords(lemma, wordClass)) if (SYNONYM_TARGETS.has(related)) return related;
  }
  if (wordClass === 'verb') {
    // The first sense's own words and the sense it is a kind of; its "see also" senses stray ("bring" -> lower)
    const related = [...(sensesOf(lemma, 'verb', 1)[0]?.words ?? []), ...broaderWords(lemma, 'verb', 1)];
    const amount = related.find((w) => AMOUNT_TARGETS.has(w));
    if (amount) return amount;
  }
  return knownToWordNet(lemma) ? lemma : null;
}

const knownToWordNet = (word: string) =>
  (['noun', 'verb', 'adj', 'adv'] as const).some((c) => sensesOf(word, c, 1).length > 0);

/** Parts of speech that hold function words only: "the", "and", "yourself". */
const CLOSED_CLASSES = new Set(['PRON', 'DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART']);

/** A word of the grammar, of the word list or WordNet, or a function word ("the"), as written or as its lemma. */
function isWord(word: string): boolean {
  if (VOCABULARY.has(word) || isEnglishWord(word) || knownToWordNet(word)) return true;
  nlp ??= winkNLP(model);
  const token = nlp.readDoc(word).tokens().itemAt(0);
  if (token.out(nlp.its.stopWordFlag) || CLOSED_CLASSES.has(String(token.out(nlp.its.pos)))) return true;
  const lemma = String(token.out(nlp.its.lemma as never));
  return lemma !== word && (VOCABULARY.has(lemma) || knownToWordNet(lemma));
}

/** Verbs that start an instruction, as people write them at the head of a new one. */
const IMPERATIVES =
  'Add|Remove|Make|Change|Crop|Zoom|Put|Replace|Delete|Erase|Turn|Rotate|Flip|Increase|Decrease|Brighten|Darken|Lighten|Blur|Sharpen|Fix|Give|Take|Get|Cut|Place|Insert|Show|Apply|Adjust|Enhance|Move|Resize|Clean|Swap|Select|Paste|Reduce|Lower|Raise|Straighten|Whiten|Colou?ri[sz]e|Bring|Boost|Correct|Smooth|Soften|Saturate|Desaturate|Shrink|Enlarge|Upscale|Mirror|Trim|Eliminate|Perform|Use';

/**
 * Capitalised words that open a sentence of courtesy or a question to the reader, not part of the wish before
 * them: "remove the people Thanks in advance", "lighten it Any help is appreciated", "Can pay $10", "I want
 * to print it", "Is that doable?", "Will share the result with my family" ("remove Will and Kate" names him).
 * Not after a word that carries the wish on ("crop it so I am in the middle").
 */
const OPENERS =
  "Thanks|Thank|Thx|TIA|Cheers|Any|Please|Can|Could|Would|Much|Edit|Update|UPDATE|Mods?|Sorry|Budget|Original|P\\.?S\\b|It|It's|This|My|Our|We|She|He|They|DM|PM|LMK|Lmk|Will(?= (?!and|or|from|in|on|at|with|to|off|out)[a-z])|Is|Are|Does|Was|Should|Whoever|Anyone|Anybody|Upvotes?|Need(?= it| this| them| the)|I(?=(?: |')(?:want|need|would|d|m|am|have|had|was|will|ll|just|really|tried|took|think|hope|love)\\b)";
const CARRIED_ON = 'so|that|because|if|when|while|until|unless|as|than|and|but|or';

/**
 * "Add a crown to the dog Zoom in on the image": lists of instructions written without stops, each starting
 * with a capitalised verb (or a sign-off) after a lower-case word, are split where a stop would be. A list
 * shouted in capitals ("CHANGE THE BACKGROUND ADD AN ARMY"), alone or after a greeting in lower case, splits
 * the same way between its capitalised words, and ends where a sign-off begins ("LIGHTEN IT Any help...").
 */
function sentencesOf(text: TracedText): TracedText {
  // In Title Case ("Remove The Trash Can Please") a capital says nothing of where a sentence starts
  const words = text.text.match(/\\b[A-Za-z]+/g) ?? [];
  const titleCase = words.filter((w) => /^[A-Z][a-z]/.test(w)).length > 0.6 * words.length;
  const starts = titleCase ? IMPERATIVES : `${IMPERATIVES}|${OPENERS}`;
  return text
    .replace(new RegExp(`(?<=[a-z0-9])(?<!\\b(?:${CARRIED_ON})) +(?=(?:${starts})\\b)`, 'g'), '. ')
    .replace(new RegExp(`(?<=\\b[A-Z0-9]+) +(?=(?:${IMPERATIVES.toUpperCase()}|${OPENERS})\\b)`, 'g'), '. ')
    .replace(SIGN_OFF_AT_THE_END, '. ')
    .replace(QUOTED_LETTER_THEN_SENTENCE, '$1 . ');
}

/** 'the letter "G. Original file is in the comments': one quoted letter, then its stop, then the next sentence. */
const QUOTED_LETTER_THEN_SENTENCE = /(["“][A-Za-z])\.\s+(?=[A-Z])/g;

/** "change background ty!!", "remove the dog lol": a sign-off in lower case at the very end. */
const SIGN_OFF_AT_THE_END = / +(?=(?:ty|thx|tia|lol|lmao)\b[\s!.?]*$)/i;
