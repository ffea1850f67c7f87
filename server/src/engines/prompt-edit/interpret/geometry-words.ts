import type { EditStep } from '../edit-plan';
import { has, numberAt, percentIn, type Clause } from './clauses';
import * as L from './lexicon';

/** The geometry in a clause: flips, quarter turns, crops to a ratio and sizes. */

export function flipIn(clause: Clause): EditStep {
  const vertical = has(clause, ['vertical', 'vertically', 'upsidedown', 'top', 'bottom']);
  return { kind: 'flip', axis: vertical ? 'vertical' : 'horizontal' };
}

export function rotationIn(clause: Clause, word: string): EditStep | null {
  const qualified = has(clause, [
    'left',
    'right',
    'clockwise',
    'anticlockwise',
    'degree',
    'sideways',
    'around',
    'upsidedown',
    'quarter',
  ]);
  if (
    word === 'turn' &&
    !qualified &&
    !clause.tokens.some((_, i) => [90, 180, 270].includes(numberAt(clause, i) ?? 0))
  )
    return null;
  if (['straighten', 'tilt'].includes(word)) return null;
  let degrees = 90;
  for (let i = 0; i < clause.tokens.length; i++) {
    const n = numberAt(clause, i);
    if (n !== null && [90, 180, 270, -90].includes(n)) degrees = n === -90 ? 270 : n;
  }
  if (has(clause, ['upsidedown', 'around']) || (word === 'upsidedown' && degrees === 90)) degrees = 180;
  if (has(clause, ['left', 'anticlockwise']) && degrees === 90) degrees = 270;
  return { kind: 'rotate', degrees: degrees as 90 | 180 | 270 };
}

export function ratioAt(clause: Clause, i: number): { width: number; height: number } | null {
  const m = /^(\d{1,2}(?:\.\d+)?):(\d{1,2}(?:\.\d+)?)$/.exec(clause.tokens[i]?.word ?? '');
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

export function cropIn(clause: Clause): EditStep | null {
  for (let i = 0; i < clause.tokens.length; i++) {
    const ratio = ratioAt(clause, i);
    if (ratio && ratio.width > 0 && ratio.height > 0) return { kind: 'crop', aspect: ratio };
  }
  const t = clause.tokens;
  for (let i = 0; i < t.length; i++) {
    const pair = i + 1 < t.length ? `${t[i].lemma} ${t[i + 1].lemma}` : '';
    const named = L.ASPECTS[pair] ?? L.ASPECTS[t[i].lemma];
    if (!named) continue;
    // "Instagram portrait" is 4:5, not the square post.
    if (t[i].lemma === 'instagram' && has(clause, ['portrait', 'vertical']))
      return { kind: 'crop', aspect: { width: 4, height: 5 }, label: 'Instagram portrait' };
    if (
      ['story', 'stories', 'reel', 'reels'].includes(t[i].lemma) ||
      named.label === undefined ||
      !has(clause, ['story', 'reel'])
    )
      return {
        kind: 'crop',
        aspect: { width: named.width, height: named.height },
        ...(named.label ? { label: named.label } : {}),
      };
  }
  return null;
}

/** Width and height in pixels, a factor, or an upscale: "800 px wide", "1920x1080", "half the size", "4x bigger". */
export function sizeIn(clause: Clause, word: string): EditStep | null {
  const t = clause.tokens;
  const numbers: { value: number; at: number }[] = [];
  for (let i = 0; i < t.length; i++) {
    const n = numberAt(clause, i);
    if (n !== null && t[i].type === 'number' && n >= 16) numbers.push({ value: n, at: i });
  }
  if (numbers.length >= 2 && has(clause, ['by']))
    return { kind: 'resize', width: numbers[0].value, height: numbers[1].value };
  if (numbers.length >= 1 && !percentIn(clause)) {
    const { value, at } = numbers[0];
    const near = t.slice(at, at + 4).map((x) => x.lemma);
    const tall =
      near.some((w) => ['tall', 'high', 'height'].includes(w)) ||
      t.slice(Math.max(0, at - 2), at).some((x) => x.lemma === 'height');
    return tall ? { kind: 'resize', height: value } : { kind: 'resize', width: value };
  }
  const shrink =
    has(clause, ['small', 'smaller', 'shrink', 'downscale', 'downsize', 'half', 'reduce', 'compress']) &&
    !has(clause, ['big', 'bigger', 'large', 'larger', 'upscale', 'enlarge']);
  if (shrink) {
    if (has(clause, ['file', 'kb', 'mb', 'weight'])) return null;
    const percent = percentIn(clause);
    return { kind: 'resize', factor: percent !== null ? percent : 0.5 };
  }
  if (L.UPSCALE.has(word) || has(clause, L.UPSCALE)) {
    if (
      word === 'big' &&
      !t.find((x) => x.lemma === 'big')?.inflected &&
      !has(clause, ['make', 'more', 'twice', 'double'])
    )
      return null;
    const four =
      clause.tokens.some((_, i) => [4, 400].includes(numberAt(clause, i) ?? 0)) ||
      has(clause, ['quadruple', '4k', 'four']);
    return { kind: 'upscale', scale: four ? 4 : 2 };
  }
  return null;
}
