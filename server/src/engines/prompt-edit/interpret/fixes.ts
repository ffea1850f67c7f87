import type { ColourCast, EditStep, KeepRegion } from '../edit-plan';
import { asksFor, avoidedFrom, find, has, isPast, type Clause } from './clauses';
import * as L from './lexicon';
import { hasColourFilter } from './colour-filters';
import { cropIn } from './geometry-words';
import { namedThing } from './named-thing';
import { namesOneThing, qualifiesAThing } from './things';
import { writtenText } from './tokens';
import { lightRecovery, vignette } from './light-fixes';
import { privacyBlur } from './privacy';
import { EYES, eyes, redness, teeth } from './face-fixes';

/**
 * Wishes said as a problem with a part of the photo, each answered by a repair of its own: red eyes, yellow
 * teeth, sunburn, a colour cast, blown highlights or faces in shadow, a blurry or low-quality photo, a tilted
 * horizon, an off-centre subject, and "black and white except her eyes". They are read before the general
 * adjustments, which would take "red", "yellow" or "white" for a change of the whole photo.
 */
export function readFix(clause: Clause): EditStep[] | null {
  // "add pink blush to her cheeks", "add red above her eyes": make-up painted on, not a fault to repair
  if (paintsOn(clause)) return null;
  return (
    selectiveColour(clause) ??
    eyes(clause) ??
    teeth(clause) ??
    redness(clause) ??
    colourCast(clause) ??
    tintedWhites(clause) ??
    vignette(clause) ??
    privacyBlur(clause) ??
    lightRecovery(clause) ??
    clarity(clause) ??
    level(clause) ??
    centre(clause) ??
    strayHairs(clause) ??
    dullWhites(clause) ??
    greySkin(clause)
  );
}

/**
 * "make the snow whiter", "my white dress looks grey": white things shown grey are the photo's whites set too
 * low, which levels mend (not black and white, not a recolouring).
 */
function dullWhites(clause: Clause): EditStep[] | null {
  // ("the whites in my product photos look grey": the photo's whites themselves)
  // ("make the white shirt whiter": a thing said to be white)
  const white = clause.tokens.some((t) => t.word === 'whites' || (t.word === 'white' && t.pos === 'ADJ'));
  if (!has(clause, WHITE_THINGS) && !white) return null;
  const whiter = clause.tokens.some((t) => t.word === 'whiter');
  const dull =
    has(clause, ['grey', 'gray', 'greyish', 'grayish', 'dull', 'dingy']) &&
    has(clause, ['look', 'be', 'seem']);
  return whiter || dull ? [{ kind: 'auto-levels' }] : null;
}

/** "The whites look yellow": a cast the photo's whites show, taken out of the whole photo. */
function tintedWhites(clause: Clause): EditStep[] | null {
  const cast = clause.tokens.map((t) => CAST_WORDS[t.word]).find(Boolean);
  const whites = clause.tokens.some((t) => t.word === 'whites');
  return cast && whites && has(clause, ['look', 'be', 'seem'])
    ? [{ kind: 'auto-white-balance', cast }]
    : null;
}

/** "my skin looks grey", "her face is ashen": skin drained of its colour, which a balance of the light gives back. */
function greySkin(clause: Clause): EditStep[] | null {
  const grey = has(clause, ['grey', 'gray', 'greyish', 'grayish', 'ashen', 'sallow', 'sickly', 'lifeless']);
  const skin = has(clause, ['skin', 'face', 'faces', 'complexion']);
  return grey && skin && has(clause, ['look', 'be', 'seem']) ? [{ kind: 'auto-white-balance' }] : null;
}

const WHITE_THINGS = L.words('snow, dress, gown, veil, cloud, clouds, paper, page, whites');

/** Adding a colour to a face ("add blush", "put some red on her lips") paints on; it repairs nothing. */
function paintsOn(clause: Clause): boolean {
  if (has(clause, ['remove', 'less', 'fix', 'reduce', 'rid'])) return false;
  if (has(clause, MAKEUP)) return true;
  // ("the flash gave her red eyes" tells what went wrong: a past verb asks for nothing)
  const adds = clause.tokens.some((t) => ['add', 'put', 'apply', 'give'].includes(t.lemma) && !isPast(t));
  if (
    has(clause, ['redeye']) ||
    clause.tokens.some((t, i) => t.lemma === 'red' && EYES.has(clause.tokens[i + 1]?.lemma ?? ''))
  )
    return false;
  const colour = clause.tokens.some((t) => CAST_WORDS[t.word] || L.COLOURS[t.word]);
  return adds && colour && (has(clause, L.SKIN_PARTS) || has(clause, EYES) || has(clause, ['lip', 'lips']));
}

const MAKEUP = L.words('blush, blusher, rouge, lipstick, eyeshadow, makeup, make-up, mascara, eyeliner');

const BROWS = L.words('eyebrow, eyebrows, brow, brows, flyaway, flyaways, frizz, frizzy');

/** "tidy the eyebrows", "fix the flyaways": stray hairs the person paints, then the fill takes them away. */
function strayHairs(clause: Clause): EditStep[] | null {
  if (
    !has(clause, BROWS) ||
    !has(clause, ['tidy', 'clean', 'fix', 'neaten', 'groom', 'shape', 'tame', 'stray'])
  )
    return null;
  return [{ kind: 'remove-marked', thing: 'the stray hairs' }];
}

const CAST_WORDS: Record<string, ColourCast> = {
  yellow: 'yellow',
  yellowish: 'yellow',
  yellowy: 'yellow',
  orange: 'yellow',
  brown: 'yellow',
  brownish: 'yellow',
  jaundiced: 'yellow',
  blue: 'blue',
  bluish: 'blue',
  blueish: 'blue',
  green: 'green',
  greenish: 'green',
  fluorescent: 'green',
  purple: 'magenta',
  purplish: 'magenta',
  magenta: 'magenta',
  violet: 'magenta',
  pink: 'magenta',
  pinkish: 'magenta',
  red: 'red',
  reddish: 'red',
};
/** Words that make a colour a cast over the photo or the skin, not a colour of a thing. */
const CAST_CONTEXT = L.words(
  'tint, tinge, cast, hue, tone, glow, skin, face, complexion, lighting, light, filter, colour, color, remove, rid, fix, correct, less, reduce, decrease, lower, level, levels, lose, neutral, look, looks, seem',
);

function colourCast(clause: Clause): EditStep[] | null {
  // "color the wheels orange": a colour for a thing, said with "color" as the verb
  const [first, second] = clause.tokens;
  if (
    ['color', 'colour'].includes(first?.lemma ?? '') &&
    second &&
    !L.FIX.has(second.lemma) &&
    second.lemma !== 'cast'
  )
    return null;
  // "put a red tint over it", "a blue filter": a tint asked for, not one to lose
  if (hasColourFilter(clause) && !has(clause, ['remove', 'rid', 'fix', 'less', 'reduce', 'correct']))
    return null;
  const at = clause.tokens.findIndex((t) => CAST_WORDS[t.word] ?? CAST_WORDS[t.lemma]);
  if (at < 0) return null;
  const cast = CAST_WORDS[clause.tokens[at].word] ?? CAST_WORDS[clause.tokens[at].lemma];
  // "the lamps made everyone orange": what the light did, a cast over the people it fell on
  const madeIt =
    clause.tokens.some((t) => t.word === 'made') &&
    has(clause, ['light', 'lighting', 'lamp', 'flash', 'bulb']);
  // "the yellow fabric": a colour of a thing; "the yellow tint" is a cast
  const next = clause.tokens[at + 1];
  if (next && (next.pos === 'NOUN' || next.pos === 'PROPN') && !CAST_CONTEXT.has(next.lemma)) return null;
  // "the guy in green": the colour tells a thing apart
  // ("can someone make it less yellow": who is asked is no thing in the photo, so look after the verb)
  const verb = clause.tokens.findLastIndex((t, i) => i < at && t.pos === 'VERB');
  const before = clause.tokens.slice(verb + 1, at);
  // ("the background is too yellow", "make the background less blue": a backdrop to neutralise, not to paint;
  // the cast is corrected over the whole photo, as the light of the background is)
  const lessOfIt = ['less', 'too', 'overly'].includes(clause.tokens[at - 1]?.lemma ?? '');
  const named = namedThing({ tokens: before, text: '' });
  const backdropCast = lessOfIt && named !== null && 'background' in named;
  if (named && !madeIt && !backdropCast) return null;
  // "make the flowers less yellow": the colour of one thing, not a cast over the photo
  if (verb >= 0 && namesOneThing(before)) return null;
  // "the glare outlined in yellow": the colour of the person's own marking
  if (clause.tokens[at - 1]?.lemma === 'in' && MARKING.has(clause.tokens[at - 2]?.lemma ?? '')) return null;
  // "turn the blue into yellow", "change orange to mint green": one colour for another is a recolour
  if (colourSwap(clause)) return null;
  // "change the pink color into the space and stars": a colour made into a scene
  const into = find(clause, ['into', 'to'], at);
  if (into > at && clause.tokens.slice(into + 1).some((t) => t.pos === 'NOUN' && !CAST_CONTEXT.has(t.lemma)))
    return null;
  const fluorescent = clause.tokens[at].lemma === 'fluorescent';
  // "the orange numbers", "the red car": a colour of a thing, not a cast
  if (namedThing({ tokens: clause.tokens.slice(at + 1), text: '' })) return null;
  // "make the background blue", "a red dress": a colour of a thing or a backdrop, not a cast
  // green and magenta have no warmth to change, so "it looks greenish", "everything is purple" is a cast; a
  // light that "made everyone orange" tells what went wrong
  const tintOnly = (cast === 'green' || cast === 'magenta') && has(clause, ['look', 'seem', 'be', 'come']);
  if (has(clause, L.BACKGROUND) && !backdropCast) return null;
  if (backdropCast) return [{ kind: 'auto-white-balance', cast }];
  // ("get the yellow out", "take the orange out": the colour is to go, as "remove the yellow" says)
  const takenOut =
    clause.tokens[at + 1]?.lemma === 'out' && ['get', 'take'].includes(clause.tokens[at - 2]?.lemma ?? '');
  if (!fluorescent && !tintOnly && !madeIt && !takenOut && !has(clause, CAST_CONTEXT)) return null;
  const asks = asksFor(clause, ['more', 'add', 'increase', 'boost']);
  if (!fluorescent && asks && !has(clause, ['less', 'remove', 'rid', 'fix'])) return null;
  // "the whole thing looks yellow" without skin or a cast named stays a warmth change, read elsewhere
  if (!fluorescent && !has(clause, NAMED_CAST) && !has(clause, L.LESS) && !tintOnly && !madeIt && !takenOut)
    return null;
  return [{ kind: 'auto-white-balance', cast }];
}

/** Verbs of marking a spot on the photo for the editor: "outlined in yellow", "circled in red". */
const MARKING = L.words('outline, circle, mark, highlight, box, draw, indicate, show, point, underline');

/**
 * A colour after "to" or "into" ("turn it into a yellow hue", "change orange to mint green"): a new colour
 * asked for, not a cast to lose. "A filter with blue and green" names no colour to go.
 */
function colourSwap(clause: Clause): boolean {
  // "replace blue with red": the new colour follows "with"
  const replaces = has(clause, ['replace', 'swap', 'substitute']);
  const into = find(clause, replaces ? ['to', 'into', 'with'] : ['to', 'into']);
  if (into < 0) return false;
  return clause.tokens
    .slice(into + 1)
    .some((t) => (CAST_WORDS[t.word] || L.COLOURS[t.word]) && t.word !== 'neutral');
}

/** Words that say a colour is a cast: where it is, or that it should go. */
const NAMED_CAST = L.words(
  'skin, face, complexion, colour, color, tint, tinge, cast, glow, remove, rid, fix, correct, lighting, filter, hue, level, levels, decrease, reduce, less',
);

const CLARITY = L.words(
  'clear, clearer, clarity, unblur, deblur, blurriness, blurryness, crisp, crisper, pixelated, pixelation, pixely, quality, hd, resolution, restore, restoration, low-res, lowres',
);

function clarity(whole: Clause): EditStep[] | null {
  // ("enlarge it without it looking pixelated": what must not happen asks for nothing)
  const avoided = avoidedFrom(whole);
  const clause = avoided > 0 ? { ...whole, tokens: whole.tokens.slice(0, avoided) } : whole;
  // ("so it looks like a clear day": the day is clear, and the photo is not asked to be)
  if (!clause.tokens.some((t, i) => CLARITY.has(t.lemma) && !qualifiesAThing(clause, i))) return null;
  // "make his face look pixelated": pixelation asked for, an effect and no repair
  const pixelated = has(clause, ['pixelated', 'pixelation', 'pixely']) && has(clause, ['look', 'appear']);
  if (pixelated && asksFor(clause) && !has(clause, ['less', 'not', 'no', 'fix'])) return null;
  // "higher resolution", "4k", "bigger": a bigger photo, read by the sizes
  if (
    has(clause, ['resolution', 'hd', 'res']) &&
    !has(clause, ['bad', 'low', 'poor', 'blurry', 'fix', 'clear'])
  )
    return null;
  // "clear the background", "clear up the clutter" remove things; "clear up the image" is clarity
  const clearsAThing =
    has(clause, ['background']) ||
    clause.tokens.some((t, i) => i > find(clause, ['up']) && t.pos === 'NOUN' && !L.PHOTO.has(t.lemma));
  if (
    has(clause, ['clear']) &&
    has(clause, ['background', 'up']) &&
    !has(clause, ['make', 'more']) &&
    clearsAThing
  )
    return null;
  if (has(clause, ['quality']) && has(clause, L.UPSCALE) && !has(clause, ['bad', 'low', 'poor'])) return null;
  if (has(clause, ['restore', 'restoration'])) return [{ kind: 'auto-levels' }, { kind: 'clarify' }];
  return [{ kind: 'clarify' }];
}

function level(clause: Clause): EditStep[] | null {
  const levelVerb = clause.tokens.some(
    (t, i) => t.lemma === 'level' && (t.pos === 'VERB' || i === 0) && clause.tokens[i + 1]?.lemma !== 'of',
  );
  // ("the bicycle leaning against the wall": how a thing stands, not how the photo does)
  const tilt = clause.tokens.some(
    (t, i) => L.TILT.has(t.lemma) && !(t.word === 'leaning' && clause.tokens[i - 1]?.pos === 'NOUN'),
  );
  if (!levelVerb && !tilt) return null;
  // "straighten her hair", "straight teeth": a change to a person
  if (has(clause, ['hair', 'teeth', 'tooth', 'nose', 'smile', 'posture', 'back'])) return null;
  if (has(clause, ['straight']) && !has(clause, ['make', 'not', 'isn', "n't", 'horizon', 'line']))
    return null;
  return [{ kind: 'straighten' }];
}

/** "Zoom in on the plant", "crop so it only shows his head", "crop in closer": a crop around the subject. */
const ZOOM = L.words('zoom, closer, tighter, close-up, closeup');

function centre(clause: Clause): EditStep[] | null {
  const cropping = has(clause, ['crop', 'zoom', 'frame', 'reframe']);
  const around = has(clause, ZOOM) || has(clause, ['around', 'only', 'just', 'show', 'focus']);
  if (cropping && around && !cropIn(clause)) return [{ kind: 'crop' }];
  const at = find(clause, ['centre', 'center', 'middle']);
  if (at < 0) return null;
  // "centre me", "put me in the middle", "centre and crop"
  const verb = at === 0 || clause.tokens[at].pos === 'VERB';
  const placing =
    has(clause, ['put', 'move', 'place']) && has(clause, ['me', 'him', 'her', 'them', 'subject', 'us']);
  return verb || placing ? [{ kind: 'crop' }] : null;
}

const EXCEPT = L.words('except, apart, besides, excluding, exclude, only, keep, leave, save, but, instead');

/** "black and white except her eyes", "make it grey but keep the red", "everything monochrome except me". */
function selectiveColour(clause: Clause): EditStep[] | null {
  // ("desaturate everything except the red umbrella": all colour taken out but the thing's)
  const greyWords = ['grey', 'gray', 'desaturate', 'decolorize', 'decolourise'];
  const grey = find(clause, L.GRAYSCALE) >= 0 ? find(clause, L.GRAYSCALE) : find(clause, greyWords);
  const except = find(clause, EXCEPT);
  if (grey < 0 || except < 0) return null;
  const rest: Clause = { tokens: clause.tokens.slice(except + 1), text: clause.text };
  const keep = rest.tokens.length
    ? (keepRegion(rest) ?? markedRegion(rest))
    : keepRegion({ tokens: clause.tokens.slice(0, grey), text: '' });
  return keep ? [{ kind: 'selective-colour', keep }] : null;
}

const HUES = L.words('red, orange, yellow, green, blue, purple, pink');

function keepRegion(clause: Clause): KeepRegion | null {
  if (has(clause, EYES)) return { part: 'eyes' };
  if (has(clause, ['lip', 'lips', 'lipstick', 'mouth'])) return { part: 'lips' };
  const thing = namedThing(clause);
  if (thing && 'label' in thing) return { label: thing.label, select: { which: 'default' } };
  if (has(clause, ['me', 'him', 'her', 'them', 'us', 'subject']))
    return { label: 'person', select: { which: 'default' } };
  const hue = clause.tokens.find((t) => HUES.has(t.lemma));
  return hue ? { hue: hue.lemma } : null;
}

/** "except the flowers": a thing no detector knows, named after the exception, which the person shows. */
function markedRegion(clause: Clause): KeepRegion | null {
  const first = clause.tokens.findIndex((t) => !LEADING_WORDS.has(t.lemma));
  const last = clause.tokens.findLastIndex((t) => t.pos === 'NOUN');
  if (first < 0 || last < first) return null;
  const name = clause.tokens.slice(first, last + 1);
  const aThing = name.every(
    (t) =>
      NAME_PARTS.has(t.pos) && !L.PHOTO.has(t.lemma) && !L.GRAYSCALE.has(t.lemma) && !L.COLOUR.has(t.lemma),
  );
  return aThing ? { marked: writtenText(name) } : null;
}

const NAME_PARTS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON', 'ADP', 'CCONJ', 'PART']);

/** Words before a thing's name that are not part of it: "for the flowers", "the colour of the flowers". */
const LEADING_WORDS = L.words(
  'keep, leave, only, just, for, the, a, an, this, that, these, those, of, colour, color, colours, colors',
);
