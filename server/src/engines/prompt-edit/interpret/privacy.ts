/**
 * "Blur the faces", "pixelate his face", "blur my license plate": a part of the photo hidden for privacy, which
 * is a blur of that part alone. Faces are found; any other thing the person taps or paints.
 */
import type { EditStep } from '../edit-plan';
import { find, has, type Clause } from './clauses';
import type { Token } from './tokens';
import * as L from './lexicon';
import { nounPhrase } from './removed-thing';

/** Verbs that hide a part of a photo: each is done here by a strong blur of it. */
const HIDING = L.words(
  'blur, blurred, pixelate, pixelated, pixelize, pixelise, censor, censored, obscure, anonymize, anonymise, mosaic',
);

/** Words that name no part to hide: the photo, its edges, its look. */
const NO_PART = L.words(
  'photo, picture, image, pic, it, this, everything, all, whole, edge, edges, corner, corners, border, detail, noise, grain, bit, little, lot, more, slightly, please, effect, filter, look, area, part',
);

export function privacyBlur(clause: Clause): EditStep[] | null {
  // The hiding verb leads the wish ("blur my plate", "please pixelate his face") or ends it in the passive ("the
  // faces need to be blurred"); "the gray blur", "a blur effect" and "the blurred finger" hide nothing
  const t = clause.tokens;
  const verb = t.findIndex(
    (x, i) =>
      HIDING.has(x.lemma) &&
      ((x.pos === 'VERB' && !NAMING.has(t[i - 1]?.pos ?? '')) ||
        i === 0 ||
        (i === t.length - 1 && t[i - 1]?.lemma === 'be')) &&
      !t.slice(0, i).some((y) => y.pos === 'VERB' && !WISHING.has(y.lemma)),
  );
  if (verb < 0) return lessNoticed(clause);
  const after = { ...clause, tokens: t.slice(verb + 1) };
  const named = after.tokens.length ? after : { ...clause, tokens: t.slice(0, verb) };
  // ("the area around her face" is all but the face)
  if (has(named, ['face', 'faces']) && !has(clause, ['around', 'round', 'surrounding'])) {
    // ("everyone's faces except mine", "the strangers' faces": all but the main one)
    const others = has(clause, L.BACKGROUND_PEOPLE);
    const plural = named.tokens.some(
      (x) => x.word === 'faces' || L.ALL.has(x.lemma) || x.lemma === 'everyone',
    );
    return [{ kind: 'blur', amount: 1, region: { faces: others ? 'background' : plural ? 'all' : 'main' } }];
  }
  // ("blur everything around the girl", "blur everything but the man": what lies round the subject; "blur
  // the background" blurs what lies behind it, a step of its own)
  // ("blur out the guy behind me", "the man in the background": a place said after a person named is theirs;
  // "behind" is one of the background's words)
  const background = t.some((x, i) => L.BACKGROUND.has(x.lemma) && !namesAPart(t.slice(verb + 1, i)));
  if (has(clause, AROUND) || background || after.tokens.some((x) => x.pos === 'VERB')) return null;
  if (!namesAPart(named.tokens)) return null;
  return [{ kind: 'blur', amount: 1, region: { marked: nounPhrase(named) } }];
}

const namesAPart = (tokens: readonly Token[]) =>
  tokens.some((x) => (x.pos === 'NOUN' || x.pos === 'PROPN') && !NO_PART.has(x.lemma));

/**
 * "Make the person in the back less noticeable": a thing made to draw the eye less, which a blur of it does
 * ("make the background less noticeable" is the background's own blur).
 */
function lessNoticed(clause: Clause): EditStep[] | null {
  const t = clause.tokens;
  const make = find(clause, ['make']);
  const less = find(clause, ['less']);
  if (make < 0 || less < make || !NOTICED.has(t[less + 1]?.lemma ?? '')) return null;
  const named = { ...clause, tokens: t.slice(make + 1, less) };
  const first = named.tokens.find((x) => x.pos === 'NOUN' || x.pos === 'PROPN');
  if (!first || L.BACKGROUND.has(first.lemma) || !namesAPart(named.tokens)) return null;
  return [{ kind: 'blur', amount: 1, region: { marked: nounPhrase(named) } }];
}

const NOTICED = L.words('noticeable, visible, obvious, prominent, distracting, conspicuous');

/** What a noun's word follows ("motion blur", "the blur"): "blur" after them is the noun. */
const NAMING = new Set(['NOUN', 'ADJ', 'DET', 'PROPN']);

/** Verbs that only ask: "can you", "please", "need to". */
const WISHING = L.words('can, could, would, will, please, need, want, like, help, try');
const AROUND = L.words('around, round, surrounding, besides, but, except');
