import type { Backdrop, EditStep, ObjectSelector, SkippedWish } from '../edit-plan';
import { amountIn, find, has, type Clause } from './clauses';
import * as L from './lexicon';
import { OBJECT_NAMES, PLURALS, UNDETECTABLE, type TextTarget } from './objects';
import { cropIn, flipIn, ratioAt, rotationIn, sizeIn } from './geometry-words';
import { CANNOT } from './reasons';

/** What one clause asks for: steps, a wish that cannot be done, or nothing (a greeting, context, thanks). */
export interface ClauseReading {
  steps: EditStep[];
  skipped?: SkippedWish;
  /** The clause removed something, so a following clause that only names things removes them too. */
  removes?: boolean;
}

const NOTHING: ClauseReading = { steps: [] };
const skip = (clause: Clause, reason: string): ClauseReading => ({
  steps: [],
  skipped: { text: clause.text, reason },
});

/** What the clauses before said, for clauses that lean on them ("... and the dog", "then add a white one"). */
export interface Context {
  /** The previous clause removed something. */
  afterRemoval: boolean;
  /** The last step so far. */
  lastStep?: EditStep;
}

export function readClause(clause: Clause, { afterRemoval, lastStep }: Context): ClauseReading {
  // "remove the background, then add a white one": a colour for the background just removed
  if (lastStep?.kind === 'background' && !has(clause, L.BACKGROUND)) {
    const colour = colourIn(clause);
    if (colour && has(clause, ['add', 'make', 'use', 'put', 'one', 'with', 'fill', 'replace']))
      return { steps: [{ kind: 'background', backdrop: { kind: 'color', color: colour } }] };
  }
  if (isNegated(clause)) return NOTHING;
  if (isHeadshot(clause)) return { steps: [{ kind: 'headshot' }] };
  if (has(clause, ['sky']) && !has(clause, L.REMOVE)) return skip(clause, CANNOT.sky);
  const generative = generativeReason(clause);
  if (generative) return skip(clause, generative);
  const removal = readRemoval(clause, afterRemoval);
  if (removal) return removal;
  const background = readBackground(clause);
  if (background) return background;
  return readAdjustments(clause);
}

/** "don't crop it", "no filters": a wish not to do something is no step at all. */
function isNegated(clause: Clause): boolean {
  const i = find(clause, L.NEGATION);
  if (i < 0 || i > 2) return false;
  const rest = { tokens: clause.tokens.slice(i + 1), text: '' };
  if (clause.tokens[i].lemma === 'without' && namedThing(rest)) return false; // "the photo without the dog"
  // "not bright enough", "not so dark": complaints, read as wishes by the adjustment rules
  return !has(clause, ['enough', 'so', 'very']);
}

function isHeadshot(clause: Clause): boolean {
  if (has(clause, ['headshot', 'linkedin', 'passport', 'corporate', 'cv', 'resume'])) return true;
  return (
    has(clause, ['professional', 'business']) &&
    has(clause, ['photo', 'picture', 'portrait', 'pic', 'headshot', 'profile', 'image'])
  );
}

/** Why a clause cannot be done here, if it asks for content or a style that only a generator could make. */
function generativeReason(clause: Clause): string | null {
  if (has(clause, ['colorize', 'colourise', 'colorise', 'colourize'])) return CANNOT.colorize;
  if (has(clause, L.STYLE_WORDS) || (has(clause, ['like', 'style']) && has(clause, ['look', 'style'])))
    return has(clause, L.GRAYSCALE) || has(clause, L.SEPIA) ? null : CANNOT.style;
  const verb = find(clause, L.GENERATE);
  const knownEdit =
    has(clause, L.BACKGROUND) ||
    has(clause, L.GRAYSCALE) ||
    has(clause, L.SEPIA) ||
    has(clause, L.ROTATE) ||
    has(clause, L.CROP) ||
    has(clause, ['orientation', 'size', 'resolution', 'brightness', 'contrast', 'saturation', 'exposure']) ||
    has(clause, ['bokeh']) ||
    hasAdjustment(clause);
  if (verb >= 0 && !knownEdit) {
    const lemma = clause.tokens[verb].lemma;
    // "add more contrast", "give it more colour": a generator verb with an amount of an adjustment
    if (
      (lemma === 'add' || lemma === 'give') &&
      has(clause, ['more', 'extra', 'some', 'bit']) &&
      !has(clause, L.SCENE_CHANGES)
    )
      return null;
    if (
      lemma === 'change' &&
      (has(clause, L.COLOUR) || has(clause, L.WARM) || has(clause, L.COOL)) &&
      !has(clause, L.BODY_CHANGES)
    )
      return null;
    return CANNOT.generate;
  }
  // "turn the cup into a cat" (turning is not rotating here); "turn it into black and white" is an edit
  const intoEdit =
    [L.GRAYSCALE, L.SEPIA, L.CROP, L.BACKGROUND].some((set) => has(clause, set)) || hasAdjustment(clause);
  if (has(clause, ['into']) && has(clause, ['turn', 'make', 'convert', 'transform', 'change']) && !intoEdit)
    return CANNOT.generate;
  // "make me look younger", "make him smile": changes to a person, which only a generator could make
  const person = has(clause, PERSON_WORDS);
  if (person && has(clause, L.BODY_CHANGES) && !hasAdjustment(clause)) return CANNOT.body;
  if (person && has(clause, ['old']) && has(clause, ['look', 'make'])) return CANNOT.body;
  return null;
}

const PERSON_WORDS = L.words(
  'me, him, her, them, us, myself, himself, herself, he, she, i, my, his, person, people, man, woman, guy, girl, boy, kid, face',
);

function hasAdjustment(clause: Clause): boolean {
  return [L.BRIGHT, L.DARK, L.CONTRAST, L.VIVID, L.MUTED, L.WARM, L.COOL, L.SHARP, L.BLUR, L.NOISE].some(
    (set) => has(clause, set),
  );
}

/** "remove the dog on the left", "take the guy behind me out of the shot", "get rid of the date stamp". */
function readRemoval(clause: Clause, afterRemoval: boolean): ClauseReading | null {
  let verb = find(clause, L.REMOVE);
  // "bigger without losing detail": a removal verb under a negation removes nothing
  if (verb > 0 && L.NEGATION.has(clause.tokens[verb - 1].lemma)) verb = -1;
  if (verb < 0) {
    const out = find(clause, ['out', 'off', 'away']);
    const taker = find(clause, L.REMOVE_WITH_OUT);
    if (out >= 0 && taker >= 0 && taker < out) verb = taker;
  }
  // "the photo without the guy" removes him; "bigger without losing quality" removes nothing
  const without = find(clause, ['without']);
  if (verb < 0 && without >= 0 && namedThing({ tokens: clause.tokens.slice(without + 1), text: '' }))
    verb = without;
  // "... and the dog": a clause with no verb of its own removes what it names, as the clause before did.
  if (verb < 0 && (!afterRemoval || clause.tokens.some((t) => t.pos === 'VERB'))) return null;
  const after = { tokens: clause.tokens.slice(verb + 1), text: clause.text };
  if (verb >= 0 && has(after, QUALITIES)) {
    const special = removalOfQuality(after);
    if (special) return { steps: special };
  }
  const target = namedThing(after);
  if (!target) {
    if (verb < 0) return null; // "and make it pop": not a removal after all
    // "cut out the person" keeps the person: that is a cut-out, the background goes.
    if (
      clause.tokens[verb].lemma === 'cut' &&
      has(after, ['me', 'him', 'her', 'subject', 'product', 'it', 'person'])
    )
      return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
    const special = removalOfQuality(after);
    if (special) return { steps: special, removes: true };
    const phrase = nounPhrase(after);
    return skip(clause, phrase ? CANNOT.find(phrase) : CANNOT.whatToRemove);
  }
  if ('background' in target)
    return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }], removes: true };
  if ('text' in target) return { steps: [{ kind: 'remove-text', target: target.text }], removes: true };
  return {
    steps: [{ kind: 'remove-object', label: target.label, select: selectorIn(clause, target) }],
    removes: true,
  };
}

type Named = { label: string; plural: boolean; at: number } | { text: TextTarget } | { background: true };

/** The first thing named in the words after the verb: a detector's class, a text mark or the background. */
function namedThing(clause: Clause): Named | null {
  const t = clause.tokens;
  for (let i = 0; i < t.length; i++) {
    const pair = i + 1 < t.length ? `${t[i].lemma} ${t[i + 1].lemma}` : '';
    const known = OBJECT_NAMES.get(pair) ?? OBJECT_NAMES.get(t[i].lemma);
    if (L.BACKGROUND.has(t[i].lemma)) {
      // "the people in the background" names people; "the background" alone is the backdrop.
      const person = t.slice(0, i).find((x) => OBJECT_NAMES.get(x.lemma));
      if (!person) return { background: true };
      continue;
    }
    if (!known) continue;
    // "orange" names the fruit only as a thing; "the orange numbers" are a date stamp.
    if ('label' in known && known.label === 'orange' && t[i + 1] && OBJECT_NAMES.get(t[i + 1].lemma))
      continue;
    if ('text' in known) return { text: known.text };
    const plural = (t[i].inflected && t[i].word.endsWith('s')) || PLURALS.has(t[i].word);
    return { label: known.label, plural, at: i };
  }
  return null;
}

const QUALITIES = L.words(
  'noise, noisy, grain, grainy, blur, blurriness, fuzziness, tint, cast, hue, colour, color, saturation',
);

/** "remove the noise", "remove the blur", "get rid of the yellow tint", "remove the pimples". */
function removalOfQuality(clause: Clause): EditStep[] | null {
  if (has(clause, L.NOISE)) return [{ kind: 'denoise', amount: amountIn(clause, 0.3) }];
  if (has(clause, ['blur', 'blurriness', 'blurry', 'fuzziness']))
    return [{ kind: 'sharpen', amount: amountIn(clause, 0.3) }];
  if (has(clause, ['tint', 'cast', 'hue'])) return [{ kind: 'auto-white-balance' }];
  if (has(clause, L.COLOUR) || has(clause, ['saturation'])) return [{ kind: 'grayscale' }];
  if (has(clause, L.SKIN) || has(clause, ['bag', 'eyebag', 'circle', 'wrinkle']))
    return [{ kind: 'enhance-face', smoothSkin: true }];
  return null;
}

/** The thing's words as written, without articles and pronouns: "the big tree" -> "big tree". */
function nounPhrase(clause: Clause): string {
  const kept = clause.tokens.filter(
    (t) =>
      !['DET', 'PRON', 'ADP', 'AUX', 'PART', 'PUNCT', 'CCONJ', 'SCONJ', 'INTJ'].includes(t.pos) &&
      t.lemma !== 'please',
  );
  const noun = kept.findIndex((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || UNDETECTABLE.has(t.lemma));
  if (noun < 0) return '';
  let end = noun;
  while (end + 1 < kept.length && (kept[end + 1].pos === 'NOUN' || kept[end + 1].pos === 'PROPN')) end++;
  return kept
    .slice(Math.max(0, noun - 1), end + 1)
    .filter((t) => t.pos !== 'VERB' && t.pos !== 'ADV')
    .map((t) => t.word)
    .join(' ');
}

/** Which of several: a position, a size, an order, all of them, or whoever is not the subject. */
function selectorIn(clause: Clause, target: { plural: boolean; label: string }): ObjectSelector {
  const words = clause.tokens.map((t) => t.lemma);
  for (let i = 0; i < words.length; i++) {
    const ordinal = L.ORDINALS[clause.tokens[i].word];
    if (ordinal !== undefined) return { which: 'nth', index: ordinal };
  }
  if (words.some((w) => L.ALL.has(w)) || target.plural) {
    if (target.label === 'person' && words.some((w) => L.BACKGROUND_PEOPLE.has(w)))
      return { which: 'background' };
    return { which: 'all' };
  }
  for (const w of words) {
    const position = L.POSITIONS[w as keyof typeof L.POSITIONS];
    if (position) return { which: position };
  }
  if (target.label === 'person' && words.some((w) => L.BACKGROUND_PEOPLE.has(w)))
    return { which: 'background' };
  return { which: 'default' };
}

/** "white background", "blur the background", "replace the background with #00ff00", "bokeh", "portrait mode". */
function readBackground(clause: Clause): ClauseReading | null {
  const mentions = has(clause, L.BACKGROUND);
  const bokeh =
    has(clause, ['bokeh']) || (has(clause, ['portrait']) && has(clause, ['mode', 'effect', 'blur']));
  if (!mentions && !bokeh) return null;
  if (mentions && has(clause, ['behind']) && !has(clause, ['background', 'backdrop'])) return null;
  const backdrop = bokeh ? { kind: 'blur' as const } : backdropIn(clause);
  if (backdrop) return { steps: [{ kind: 'background', backdrop }] };
  if (hasAdjustment(clause)) return skip(clause, CANNOT.partialAdjustment);
  return skip(clause, CANNOT.backgroundScene);
}

function backdropIn(clause: Clause): Backdrop | null {
  if (has(clause, L.BLUR) || has(clause, L.BLURRY) || has(clause, ['bokeh', 'focus', 'defocus']))
    return { kind: 'blur' };
  const colour = colourIn(clause);
  if (colour) return { kind: 'color', color: colour };
  if (has(clause, L.TRANSPARENT) || has(clause, ['no', 'none', 'without', 'remove']))
    return { kind: 'transparent' };
  return null;
}

/** A named colour (two words first: "light blue") or a hex code. */
function colourIn(clause: Clause): string | null {
  const t = clause.tokens;
  for (let i = 0; i < t.length; i++) {
    const hex = /^hex([0-9a-f]{6})$/.exec(t[i].word);
    if (hex) return `#${hex[1]}`;
    const pair = i + 1 < t.length ? `${t[i].word} ${t[i + 1].word}` : '';
    const named = L.COLOURS[pair] ?? L.COLOURS[t[i].word] ?? L.COLOURS[t[i].lemma];
    if (named && !(t[i].lemma === 'grey' && has(clause, ['scale']))) return named;
  }
  return null;
}

/** Tone, colour, detail and geometry: every such word in the clause, in the order written. */
function readAdjustments(clause: Clause): ClauseReading {
  const steps: EditStep[] = [];
  const add = (step: EditStep | null) => {
    if (step && !steps.some((s) => s.kind === step.kind)) steps.push(step);
  };
  const faceWish = faceStep(clause);
  if (faceWish) return { steps: [faceWish] };
  // "bigger without losing detail": what follows "without" is what must not happen
  const without = find(clause, ['without']);
  const end = without >= 0 ? without : clause.tokens.length;
  for (let i = 0; i < end; i++) add(adjustmentAt(clause, i));
  if (steps.length === 0 && has(clause, L.ENHANCE) && !has(clause, ['thanks', 'thank'])) {
    return {
      steps: [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }],
    };
  }
  const straighten = has(clause, ['straighten', 'tilt', 'level', 'horizon', 'crooked', 'wonky']);
  if (steps.length === 0 && straighten) return skip(clause, CANNOT.straighten);
  if (steps.length === 0 && has(clause, L.CROP)) return skip(clause, CANNOT.cropShape);
  return { steps };
}

function faceStep(clause: Clause): EditStep | null {
  const smooth = has(clause, L.SKIN) || has(clause, ['retouch', 'airbrush']);
  const face = has(clause, L.FACE) || smooth;
  if (!face) return null;
  const improve =
    smooth ||
    has(clause, L.ENHANCE) ||
    has(clause, L.SHARP) ||
    has(clause, L.FIX) ||
    has(clause, ['fix', 'clear', 'clearer', 'glow', 'fresh']);
  if (!improve || has(clause, L.BRIGHT) || has(clause, L.DARK) || has(clause, L.BLUR)) return null;
  return { kind: 'enhance-face', smoothSkin: smooth };
}

const before = (clause: Clause, i: number, set: ReadonlySet<string>, span = 3) =>
  clause.tokens.slice(Math.max(0, i - span), i).some((t) => set.has(t.lemma));

/**
 * A complaint describes the photo ("too dark", "it's blurry", "kinda dull") and asks for the opposite; a
 * comparative ("darker") or a verb ("darken") asks for itself.
 */
function isComplaint(clause: Clause, i: number): boolean {
  const t = clause.tokens[i];
  if (t.inflected && /er$/.test(t.word)) return false;
  if (before(clause, i, L.MORE) || has(clause, ['make', 'want', 'need'])) return false;
  return before(clause, i, L.COMPLAINT) || has(clause, ['enough']);
}

/** One word's adjustment, read with its neighbours; null for words that are not adjustments. */
function adjustmentAt(clause: Clause, i: number): EditStep | null {
  const t = clause.tokens[i];
  const w = t.lemma;
  const amount = () => amountIn(clause);
  const less = before(clause, i, L.LESS);
  const notEnough = has(clause, ['not']) && has(clause, ['enough']);
  const flip = (sign: number) => (less ? -sign : sign) * (isComplaint(clause, i) && !notEnough ? -1 : 1);

  if (w === 'light' && !(t.word === 'lighter' || before(clause, i, L.MORE))) return null;
  if (w === 'exposure' && has(clause, L.FIX)) return { kind: 'auto-levels' };
  if (L.BRIGHT.has(w)) return { kind: 'brightness', amount: flip(1) * amount() };
  if (L.DARK.has(w)) return { kind: 'brightness', amount: flip(-1) * amount() };
  if (w === 'underexposed') return { kind: 'brightness', amount: amountIn(clause, 0.3) };
  if (w === 'overexposed') return { kind: 'brightness', amount: -amountIn(clause, 0.3) };
  if (L.CONTRAST.has(w))
    return { kind: 'contrast', amount: (less || has(clause, ['soft', 'flat']) ? -1 : 1) * amount() };
  if (L.FLAT.has(w)) return { kind: 'contrast', amount: amount() };
  if (L.HARSH.has(w)) return { kind: 'contrast', amount: -amount() };
  if (L.GRAYSCALE.has(w) || ((w === 'grey' || w === 'gray') && has(clause, ['make', 'turn', 'convert'])))
    return { kind: 'grayscale' };
  if (L.SEPIA.has(w) || (w === 'old' && has(clause, ['look', 'make', 'style']))) return { kind: 'sepia' };
  if (L.COLOUR.has(w) && has(clause, L.FIX)) return { kind: 'auto-white-balance' };
  if (w === 'colourfix') return { kind: 'auto-white-balance' };
  if (L.VIVID.has(w))
    return { kind: 'saturation', amount: (isComplaint(clause, i) || less ? -1 : 1) * amount() };
  if (['dull', 'faded', 'washed', 'bland'].includes(w)) return { kind: 'saturation', amount: amount() };
  if (L.MUTED.has(w)) return { kind: 'saturation', amount: -amountIn(clause, 0.3) };
  if (L.COLOUR.has(w) && (before(clause, i, L.MORE) || before(clause, i, L.LESS)))
    return { kind: 'saturation', amount: (before(clause, i, L.LESS) ? -1 : 1) * amount() };
  if (L.WARM.has(w)) return { kind: 'warmth', amount: flip(1) * amount() };
  if (L.COOL.has(w) && !before(clause, i, SLANG_COOL)) return { kind: 'warmth', amount: flip(-1) * amount() };
  if (/^(yellow|orange|red)(ish|dish)?$/.test(t.word) && (before(clause, i, TOO) || /ish$/.test(t.word)))
    return { kind: 'warmth', amount: -amount() };
  if (/^(blue|bluish|blueish)$/.test(t.word) && (before(clause, i, TOO) || /ish$/.test(t.word)))
    return { kind: 'warmth', amount: amount() };
  if (
    (L.AUTO.has(w) && has(clause, L.FIX)) ||
    w === 'levels' ||
    (w === 'auto' && has(clause, ['level', 'adjust', 'contrast']))
  )
    return { kind: 'auto-levels' };
  if (L.NOISE.has(w)) return { kind: 'denoise', amount: amountIn(clause, 0.3) };
  if (L.SHARP.has(w) && !(w === 'focus' && has(clause, ['out']) && !isComplaint(clause, i)))
    return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
  if (L.BLURRY.has(w) && (isComplaint(clause, i) || less || has(clause, L.FIX)))
    return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
  if (w === 'focus' && has(clause, ['out']) && isComplaint(clause, i))
    return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
  if (L.BLUR.has(w) || (L.BLURRY.has(w) && has(clause, ['make']))) {
    if (less || has(clause, L.FIX)) return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
    return { kind: 'blur', amount: amount() };
  }
  if (L.FLIP.has(w)) return flipIn(clause);
  if (L.ROTATE.has(w) && !has(clause, L.FLIP)) return rotationIn(clause, w);
  if (
    L.CROP.has(w) ||
    (L.ASPECTS[w] && (has(clause, ['for', 'crop', 'format', 'ratio']) || isPlatform(w))) ||
    ratioAt(clause, i)
  )
    return cropIn(clause);
  if (L.RESIZE.has(w) || L.UPSCALE.has(w)) return sizeIn(clause, w);
  return null;
}

/** "that would be cool" is praise, not a wish for blue. */
const SLANG_COOL = L.words('be, would, so, pretty, very');
const TOO = L.words('too, very, way, overly, look, seem, is, all');
const isPlatform = (w: string) => Boolean(L.ASPECTS[w]?.label);
