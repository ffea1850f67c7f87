import { CORRECTION_TARGETS, NEVER_CORRECT, VOCABULARY } from './vocabulary';

/**
 * The vocabulary word a misspelt word most likely meant ("backgorund" -> "background", "brigter" ->
 * "brighter"), or null. Short words are left alone: at three or four letters one slip turns "hat" into "cat".
 */
export function correctTypo(word: string): string | null {
  if (word.length < 5 || VOCABULARY.has(word) || NEVER_CORRECT.has(word) || !/^[a-z]+$/.test(word))
    return null;
  const limit = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of CORRECTION_TARGETS) {
    if (Math.abs(candidate.length - word.length) > limit || candidate[0] !== word[0]) continue;
    const distance = damerauLevenshtein(word, candidate, limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Edit distance with adjacent transpositions ("remvoe" is one slip from "remove"); stops past `limit`. */
function damerauLevenshtein(a: string, b: string, limit: number): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => [i, ...new Array<number>(cols - 1).fill(0)]);
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > limit) return limit + 1;
  }
  return d[a.length][b.length];
}

/**
 * Two words run together where a space was missed ("whiteyea" -> "white yea", "removethe" -> "remove the"),
 * or null. Both halves must be words (`isWord`) and one of them the grammar's, at least four letters long, so
 * that an unknown name is not cut into syllables; of several cuts, the one with the longest grammar word wins.
 */
export function splitRunTogether(word: string, isWord: (part: string) => boolean): [string, string] | null {
  if (word.length < 6 || !/^[a-z]+$/.test(word) || isWord(word) || correctTypo(word)) return null;
  let best: [string, string] | null = null;
  let bestLength = 3;
  for (let at = 2; at <= word.length - 2; at++) {
    const left = word.slice(0, at);
    const right = word.slice(at);
    const grammarLength = Math.max(
      VOCABULARY.has(left) ? left.length : 0,
      VOCABULARY.has(right) ? right.length : 0,
    );
    if (grammarLength > bestLength && isWord(left) && isWord(right)) {
      best = [left, right];
      bestLength = grammarLength;
    }
  }
  return best;
}
