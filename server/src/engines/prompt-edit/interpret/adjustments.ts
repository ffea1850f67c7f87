import type { EditStep } from '../edit-plan';
import { amountIn, asksFor, describesHowItLooks, find, has, type Clause } from './clauses';
import * as L from './lexicon';
import { cropIn, flipIn, rotationIn, shapeAt, sizeIn } from './geometry-words';
import { NAMED_SHAPES } from './sizes';
import { skip, type ClauseReading } from './reading';
import { CANNOT } from './reasons';
import { namesOneThing, PHOTO_NOUNS, qualifiesAThing } from './things';
import { CAST, castChange, colourFilterAt, HUE_NOUNS } from './colour-filters';

export function hasAdjustment(clause: Clause): boolean {
  return (
    [L.BRIGHT, L.DARK, L.CONTRAST, L.HAZE, L.VIVID, L.MUTED, L.WARM, L.COOL, L.SHARP, L.BLUR, L.NOISE].some(
      (set) => has(clause, set),
    ) || keyLook(clause) !== null
  );
}

/** Tone, colour, detail and geometry: every such word in the clause, in the order written. */
export function readAdjustments(whole: Clause): ClauseReading {
  // ("more contrast but keep the skin natural": what is kept is no change)
  const except = find(whole, ['except']);
  const kept = except > 0 && ['keep', 'leave'].includes(whole.tokens[except + 1]?.lemma ?? '');
  const clause = kept ? { ...whole, tokens: whole.tokens.slice(0, except) } : whole;
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
  // "make it high key": bright and soft, as a studio lights it; "low key": dark and hard
  const keyed = keyLook(clause);
  if (keyed) {
    const sign = keyed === 'high' ? 1 : -1;
    add({ kind: 'brightness', amount: sign * amountIn(clause, 0.3) });
    add({ kind: 'contrast', amount: -sign * amountIn(clause, 0.2) });
  }
  // "it looks washed out": faded colour and grey blacks, so contrast comes back with the colour ("the colours
  // are washed out" is the colour alone)
  const colour = steps.find((s) => s.kind === 'saturation');
  const washed = find(clause, ['washed']);
  const ofThePhoto = !has(clause, ['colour', 'color']);
  if (
    colour?.kind === 'saturation' &&
    colour.amount > 0 &&
    ofThePhoto &&
    clause.tokens[washed + 1]?.lemma === 'out'
  )
    add({ kind: 'contrast', amount: colour.amount });
  // "make it portrait orientation" asks for a shape, "rotate it to portrait orientation" or "change the
  // orientation" for a turn: one, not both
  const turn = steps.findIndex((s) => s.kind === 'rotate');
  const shape = steps.findIndex((s) => s.kind === 'crop');
  if (turn >= 0 && shape >= 0 && has(clause, ['orientation']))
    steps.splice(has(clause, ['rotate', 'turn', 'spin', 'change', 'switch']) ? shape : turn, 1);
  // "adjust the colour temperature to make it warmer": the direction said is the change, not a neutral balance
  const neutral = steps.findIndex((s) => s.kind === 'auto-white-balance' && !s.cast);
  if (neutral >= 0 && steps.some((s) => s.kind === 'warmth')) steps.splice(neutral, 1);
  // "crop the picture", "crop it tighter": no shape named, so the crop keeps the photo's and closes in around
  // the subject, as "zoom in" does; the preview says so, and a shape said after it replaces it. ("Crop the image,
  // whoever does it best gets $20": the crop, not a general touch-up for "best".)
  if (steps.length === 0 && has(clause, CROP_VERBS)) return { steps: [{ kind: 'crop' }] };
  const praise =
    has(clause, PRAISE) && has(clause, ['make', 'look']) && !has(clause, ['would', 'will', "'d"]);
  // ("my best friend took this": a word of betterment that tells a thing apart asks for none, nor does the
  // best of a contest, "whoever does it best")
  const betterment = clause.tokens.some(
    (t, i) =>
      L.ENHANCE.has(t.lemma) &&
      !qualifiesAThing(clause, i) &&
      !(t.lemma === 'best' && clause.tokens[i - 1]?.lemma === 'it'),
  );
  // "make it look like it was taken with a professional camera": the photo as a good camera would take it
  const likeAGoodCamera = has(clause, ['look']) && has(clause, ['like']) && has(clause, L.TRUE_TO_LIFE);
  if (steps.length === 0 && (betterment || praise || likeAGoodCamera) && !has(clause, ['thanks', 'thank'])) {
    return { steps: [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }], general: true };
  }
  // "make it look natural", "add natural colouring": the photo's own light and colour, balanced
  // ("the natural light" tells a light apart)
  const natural = clause.tokens.some((t, i) => L.NATURAL.has(t.lemma) && !qualifiesAThing(clause, i));
  if (steps.length === 0 && natural)
    return { steps: [{ kind: 'auto-levels' }, { kind: 'auto-white-balance' }], general: true };
  // "an arm sticking into the frame": the frame as a place in the photo asks for no crop
  const framing = clause.tokens.some(
    (t, i) => L.CROP.has(t.lemma) && !(t.lemma === 'frame' && IN_THE.has(clause.tokens[i - 1]?.lemma ?? '')),
  );
  if (steps.length > 0 || !framing) return { steps };
  return skip(clause, CANNOT.cropShape);
}

function faceStep(clause: Clause): EditStep | null {
  // "make me look less tired", "I look so tired": tiredness shows under the eyes, which is skin to retouch
  // ("make me look more awake", "fresher", "more rested": the same, said the other way)
  const tired =
    has(clause, ['tired', 'exhausted', 'sleepy', 'awake', 'rested', 'refreshed']) &&
    has(clause, ['look', 'seem']);
  if (tired) return { kind: 'enhance-face', smoothSkin: true };
  // "my eye bags are so dark", "my under eyes look dark": skin under the eyes to retouch, not a darker photo
  const eyes = has(clause, ['eye', 'eyes']);
  const underTheEyes = has(clause, ['eyebag']) || (eyes && has(clause, ['bag', 'under']));
  if (underTheEyes && has(clause, L.DARK) && !asksFor(clause))
    return { kind: 'enhance-face', smoothSkin: true };
  const smooth = has(clause, L.SKIN) || has(clause, ['retouch', 'airbrush']);
  const face = has(clause, L.FACE) || smooth;
  if (!face) return null;
  const improve =
    smooth ||
    has(clause, L.ENHANCE) ||
    has(clause, L.SHARP) ||
    has(clause, L.FIX) ||
    has(clause, ['fix', 'clear', 'clearer', 'glow', 'fresh']);
  // ("soften her skin": skin softened is skin smoothed)
  if (
    !improve ||
    has(clause, L.BRIGHT) ||
    has(clause, L.DARK) ||
    (has(clause, L.BLUR) && !has(clause, ['skin', 'complexion']))
  )
    return null;
  return { kind: 'enhance-face', smoothSkin: smooth };
}

/** Verbs that tell how the photo is. */
const STATE_VERBS = L.words('be, look, seem, appear');

const before = (clause: Clause, i: number, set: ReadonlySet<string>, span = 3) =>
  clause.tokens.slice(Math.max(0, i - span), i).some((t) => set.has(t.lemma));

/**
 * A complaint describes the photo ("too dark", "it's blurry", "kinda dull") and asks for the opposite; a
 * comparative ("darker") or a verb ("darken") asks for itself.
 */
function isComplaint(clause: Clause, i: number): boolean {
  const t = clause.tokens[i];
  // ("turn the brightness up": a direction asked for)
  if (['up', 'down'].includes(clause.tokens[i + 1]?.lemma ?? '')) return false;
  // ("it's darker than I remember", "my face is darker than my body": a state compared tells what is wrong)
  const compared = clause.tokens[i + 1]?.lemma === 'than' && before(clause, i, STATE_VERBS, 2);
  if (compared && !has(clause, ['make', 'want', 'need', 'turn'])) return true;
  if (t.inflected && /er$/.test(t.word)) return false;
  if (before(clause, i, L.MORE) || has(clause, ['make', 'want', 'need'])) return false;
  return before(clause, i, L.COMPLAINT) || has(clause, ['enough']);
}

/** One word's adjustment, read with its neighbours; null for words that are not adjustments. */
function adjustmentAt(clause: Clause, i: number): EditStep | null {
  const t = clause.tokens[i];
  const w = t.lemma;
  const amount = () => amountIn(clause);
  // "deepen the shadows", "deeper blacks", "crush the blacks": more contrast
  if (DEEPER.has(t.word) && has(clause, ['shadow', 'black', 'blacks']))
    return { kind: 'contrast', amount: amount() };
  // "dim the contrast", "soften the colours": the verb lowers the quantity it names, and is no change itself
  if (LOWERING.has(w) && QUANTITIES.has(nextWord(clause, i))) return null;
  // ("soften the light", "make the lighting softer": harsh light made gentler, which is less contrast)
  if ((w === 'soften' || w === 'soft') && has(clause, ['light', 'lighting']))
    return { kind: 'contrast', amount: -amount() };
  // ("take the blur out", "get the yellow out of it": what is taken out is had less of)
  // ("adjust the tone to be warmer": "tone" asks for less only with its "down")
  const less =
    before(clause, i, has(clause, ['down']) ? L.LESS : LESS_BUT_TONE) ||
    before(clause, i, LOWERING) ||
    takenOut(clause, i) ||
    (t.pos === 'NOUN' && !L.LESS.has(w) && clause.tokens[i + 1]?.lemma === 'down');
  const notEnough = has(clause, ['not']) && has(clause, ['enough']);
  // ("so it's less dark": less of what is complained of is said once, not twice)
  const flip = (sign: number) =>
    (less ? -sign : sign) * (isComplaint(clause, i) && !notEnough && !less ? -1 : 1);

  // "change the light to yellow": a warmer or cooler light
  // ("color the blue lights to red": lamps of a colour, recoloured)
  const lamps = L.COLOURS[clause.tokens[i - 1]?.word ?? ''] !== undefined;
  if ((w === 'light' || w === 'lighting') && clause.tokens[i + 1]?.lemma === 'to' && !lamps) {
    const hue = clause.tokens[i + 2]?.lemma ?? '';
    if (L.WARM_HUES.has(hue) || L.COOL_HUES.has(hue))
      return { kind: 'warmth', amount: (L.WARM_HUES.has(hue) ? 1 : -1) * amount() };
  }
  if (w === 'light' && !(t.word === 'lighter' || before(clause, i, L.MORE))) return null;
  // "add a light saber", "a green light symbol": a thing named after the light
  const named = clause.tokens[i + 1];
  if (w === 'light' && named?.pos === 'NOUN' && !PHOTO_NOUNS.has(named.lemma)) return null;
  if (w === 'exposure' && has(clause, L.FIX)) return { kind: 'auto-levels' };
  // "change the lighting on the photo", "adjust the lighting": the light set right
  if (w === 'lighting' && has(clause, LIGHT_CHANGES)) return { kind: 'auto-levels' };
  // "decrease the temperature": cooler
  if (w === 'temperature' && (less || before(clause, i, L.MORE)))
    return { kind: 'warmth', amount: (less ? -1 : 1) * amount() };
  // "a dark line across the photo", "the bright lamp": a word that tells a thing apart asks for no change
  const ofAThing = describesAThing(clause, i);
  if (L.BRIGHT.has(w) && !ofAThing) return { kind: 'brightness', amount: flip(1) * amount() };
  if (L.DARK.has(w) && !ofAThing) return { kind: 'brightness', amount: flip(-1) * amount() };
  if (w === 'underexposed') return { kind: 'brightness', amount: amountIn(clause, 0.3) };
  if (w === 'overexposed') return { kind: 'brightness', amount: -amountIn(clause, 0.3) };
  if (L.CONTRAST.has(w)) {
    const lower = less || has(clause, ['soft', 'flat']) || tooMuch(clause, i);
    return { kind: 'contrast', amount: (lower ? -1 : 1) * amount() };
  }
  // "it's hazy", "the photo is murky", "dehaze it": a veil over the photo, which contrast lifts
  if (L.HAZE.has(w)) return { kind: 'contrast', amount: amount() };
  if (L.FLAT.has(w)) return { kind: 'contrast', amount: amount() };
  if (L.HARSH.has(w)) return { kind: 'contrast', amount: -amount() };
  if (L.GRAYSCALE.has(w) || ((w === 'grey' || w === 'gray') && has(clause, ['make', 'turn', 'convert'])))
    return { kind: 'grayscale' };
  // ("it looks like an old faded polaroid" tells what is wrong)
  const oldLook = w === 'old' && has(clause, ['look', 'make', 'style']) && !describesHowItLooks(clause);
  if (L.SEPIA.has(w) || oldLook) return { kind: 'sepia' };
  if (L.COLOUR.has(w) && has(clause, L.FIX)) return { kind: 'auto-white-balance' };
  // "change the cast from yellow to blue": the whole photo's cast, to the hue named last, or to neutral
  if (CAST.has(w) && has(clause, ['change', 'alter', 'shift'])) return castChange(clause, i);
  if (w === 'colourfix') return { kind: 'auto-white-balance' };
  // ("add colorful flowers": new things of a colour)
  const newThing =
    ['add', 'insert', 'draw'].includes(clause.tokens[i - 1]?.lemma ?? '') &&
    clause.tokens[i + 1]?.pos === 'NOUN' &&
    !L.COLOUR.has(clause.tokens[i + 1].lemma);
  if (L.VIVID.has(w) && !newThing)
    return { kind: 'saturation', amount: (isComplaint(clause, i) || less ? -1 : 1) * amount() };
  // ("make it look faded and old": a faded look asked for; "it looks faded" is a complaint)
  const fadeAsked = has(clause, ['make', 'give', 'want']) && !less && !has(clause, ['not', 'no']);
  if (['dull', 'faded', 'washed', 'bland'].includes(w))
    return { kind: 'saturation', amount: (fadeAsked ? -1 : 1) * amount() };
  if (L.MUTED.has(w)) return { kind: 'saturation', amount: -amountIn(clause, 0.3) };
  if (L.COLOUR.has(w) && (before(clause, i, L.MORE) || less))
    return { kind: 'saturation', amount: (less ? -1 : 1) * amount() };
  const filter = colourFilterAt(clause, i);
  if (filter) return filter;
  // "it was really sunny", "it was a cold day": the day told, not the photo's colour
  if ((L.WARM.has(w) || L.COOL.has(w)) && toldOfTheDay(clause, i)) return null;
  if (L.WARM.has(w)) return { kind: 'warmth', amount: flip(1) * amount() };
  // "that would be cool" is praise; "it's too cold" is a complaint about the light
  const slang = w === 'cool' && before(clause, i, SLANG_COOL) && !before(clause, i, TOO_MUCH);
  if (L.COOL.has(w) && !slang) return { kind: 'warmth', amount: flip(-1) * amount() };
  // "add more yellowness to the whole image", "more blue", "yellower": warmer or cooler
  // ("and the water bluer", "add red hearts": the colour of one thing, which is no filter)
  const more = before(clause, i, L.MORE) || (t.inflected && /er$/.test(t.word));
  const ofOneThing = namesOneThing(
    clause.tokens
      .slice(0, i + 2)
      .filter((x, j) => j !== i && !L.MORE.has(x.lemma) && !L.COLOURS[x.lemma] && !HUE_NOUNS.has(x.lemma)),
  );
  if (more && !ofOneThing && (L.WARM_HUES.has(w) || L.COOL_HUES.has(w)))
    return { kind: 'warmth', amount: (L.WARM_HUES.has(w) ? 1 : -1) * amount() };
  if (/^(yellow|orange|red)(ish|dish)?$/.test(t.word) && (before(clause, i, TOO) || /ish$/.test(t.word)))
    return { kind: 'warmth', amount: -amount() };
  if (/^(blue|bluish|blueish)$/.test(t.word) && (before(clause, i, TOO) || /ish$/.test(t.word)))
    return { kind: 'warmth', amount: amount() };
  if (
    (L.AUTO.has(w) && has(clause, L.FIX)) ||
    w === 'levels' ||
    (w === 'auto' && has(clause, ['level', 'adjust', 'adjustment', 'contrast']))
  )
    return { kind: 'auto-levels' };
  // ("add a grainy filter", "make his face look pixelated" ask for grain, which is no repair)
  const asksForLook = asksFor(clause) && has(clause, ['look', 'appear']);
  const addsGrain =
    (has(clause, ['add', 'apply', 'give']) ||
      asksForLook ||
      (has(clause, ['make']) && t.word === 'grainy')) &&
    !has(clause, L.REMOVE) &&
    !has(clause, ['not', 'no', 'fix']) &&
    !less;
  if (L.NOISE.has(w) && !addsGrain) return { kind: 'denoise', amount: amountIn(clause, 0.3) };
  // "less focused", "less sharp": softer
  if (L.SHARP.has(w) && less && !has(clause, L.FIX)) return { kind: 'blur', amount: amount() };
  // ("so it looks like a clear day": the day is clear)
  const sharpThing = qualifiesAThing(clause, i);
  if (L.SHARP.has(w) && !sharpThing && !(w === 'focus' && has(clause, ['out']) && !isComplaint(clause, i)))
    return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
  if (L.BLURRY.has(w) && (isComplaint(clause, i) || less || has(clause, L.FIX)))
    return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
  if (w === 'focus' && has(clause, ['out']) && isComplaint(clause, i))
    return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
  if (L.BLUR.has(w) || (L.BLURRY.has(w) && has(clause, ['make']))) {
    // ("sharpen blurry faces in group photos": "blurry" before a thing tells what is wrong with it)
    const blurryThing = w === 'blurry' && clause.tokens[i + 1]?.pos === 'NOUN' && !has(clause, ASKING);
    if (less || has(clause, L.FIX) || blurInThePhoto(clause, i) || blurryThing)
      return { kind: 'sharpen', amount: amountIn(clause, 0.3) };
    return { kind: 'blur', amount: amount() };
  }
  // "taken with an old flip phone": a kind of phone, not a wish to flip
  // ("the reflection in a mirror": a mirror in the scene; "a mirror image" is a flip)
  const aMirror =
    w === 'mirror' &&
    ['a', 'an', 'the', 'this', 'that'].includes(clause.tokens[i - 1]?.lemma ?? '') &&
    !['image', 'effect', 'version', 'copy'].includes(clause.tokens[i + 1]?.lemma ?? '');
  if (L.FLIP.has(w) && clause.tokens[i + 1]?.lemma !== 'phone' && !aMirror) return flipIn(clause);
  if (L.ROTATE.has(w) && !has(clause, L.FLIP)) return rotationIn(clause, w);
  // "resize to 1920x1080": the size belongs to the resize
  if (shapeAt(clause, i)?.pixels && has(clause, L.RESIZE) && !has(clause, L.CROP)) return null;
  // "for Instagram", "as my profile picture": a named use, one word or two
  const use = NAMED_SHAPES[w] ?? NAMED_SHAPES[`${w} ${clause.tokens[i + 1]?.lemma}`];
  if (
    L.CROP.has(w) ||
    (use && (has(clause, ['for', 'crop', 'format', 'ratio', 'make', 'as', 'to']) || isPlatform(w))) ||
    shapeAt(clause, i)
  )
    return cropIn(clause);
  if ((L.RESIZE.has(w) || L.UPSCALE.has(w)) && !ofAThing) return sizeIn(clause, w);
  return null;
}

const LIGHT_CHANGES = L.words('change, adjust, edit, improve, better, correct, balance');

/** Words that say there is too much of something: "too much contrast", "overly contrasty". */
const TOO_MUCH = L.words('too, overly, excessive, excessively, over');

/** "too much contrast", "the contrast is too strong", "it's contrasty": a complaint of excess, asking for less. */
function tooMuch(clause: Clause, i: number): boolean {
  if (before(clause, i, L.MORE) && !before(clause, i, TOO_MUCH)) return false;
  if (before(clause, i, TOO_MUCH)) return true;
  const after = clause.tokens.slice(i + 1, i + 5);
  if (after.some((t) => TOO_MUCH.has(t.lemma)) && after.some((t) => STRONG.has(t.lemma))) return true;
  return clause.tokens[i].word === 'contrasty' && !has(clause, ['make', 'more', 'want', 'need']);
}

/** Whether the word at i sits between a verb of taking and its "out", "off" or "away": "take the blur out". */
function takenOut(clause: Clause, i: number): boolean {
  const taker = clause.tokens.findIndex((t, j) => j < i && L.REMOVE_WITH_OUT.has(t.lemma));
  return taker >= 0 && find(clause, ['out', 'off', 'away'], i + 1) > i;
}

const STRONG = L.words('high, strong, much, harsh, heavy, intense');

const LESS_BUT_TONE = new Set([...L.LESS].filter((w) => w !== 'tone'));

/** Said of shadows and blacks made darker ("deepen" is read as "increase"). */
const DEEPER = L.words('deepen, deeper, deep, crush');

/** Verbs of darkening or blurring that lower a quantity named after them: "dim the contrast". */
const LOWERING = L.words('dim, soften');
const QUANTITIES = L.words('contrast, colour, color, saturation, vibrance, vibrancy, tone, highlight');
/** The lemma of the word after token i and its article, if any. */
const nextWord = (clause: Clause, i: number) => {
  const next = clause.tokens[i + 1];
  return (next?.pos === 'DET' ? clause.tokens[i + 2] : next)?.lemma ?? '';
};

/** Words that ask for what follows them, as a blur: "add a blur", "make it blurry". */
const ASKING = L.words('add, apply, give, want, need, make, more, background');

/**
 * "there's motion blur on his face", "the photo has blur from camera shake": blur already in the photo, named
 * after "there is", "has" or "motion" with nothing asking for more of it, is a fault to sharpen away. (The
 * tagger often reads this "blur" as a verb, so the word before it decides.)
 */
function blurInThePhoto(clause: Clause, i: number): boolean {
  if (has(clause, ASKING)) return false;
  const previous = clause.tokens[i - 1]?.lemma ?? '';
  return BLUR_NAMED_AFTER.has(previous) || has(clause, ['shake', 'shaky', 'shook', 'moving', 'moved']);
}

const BLUR_NAMED_AFTER = L.words('motion, camera, be, have, of, some, any, this, that, the');

/** Verbs of cropping itself, as against the words of a shape ("ratio", "format", "frame"). */
const CROP_VERBS = L.words('crop, recrop, trim, reframe, tighten, tighter, shorten');

const IN_THE = L.words('the, this, into, of, in, out');

/** A word that tells a thing apart, in a clause with no verb of its own to change it. */
function describesAThing(clause: Clause, i: number): boolean {
  return (
    qualifiesAThing(clause, i) &&
    !clause.tokens.some((x) => x.pos === 'VERB' && !['be', 'have'].includes(x.lemma))
  );
}

/** "make it perfect to post", "make it look good": a wish for a better photo, not praise of one. */
const PRAISE = L.words(
  'perfect, good, great, nice, beautiful, stunning, amazing, awesome, gorgeous, pretty, lovely, presentable',
);

/** "that would be cool" is praise, not a wish for blue. */
const SLANG_COOL = L.words('be, would, so, pretty, very');
/** "high key", "a low-key look": the lighting style named, if any. */
function keyLook(clause: Clause): 'high' | 'low' | null {
  const key = find(clause, ['key']);
  const keyed = clause.tokens[clause.tokens[key - 1]?.word === '-' ? key - 2 : key - 1]?.lemma;
  return key > 0 && (keyed === 'high' || keyed === 'low') ? keyed : null;
}

/** The word at i tells the weather of a day gone by: "it was sunny", "it was a really cold day". */
function toldOfTheDay(clause: Clause, i: number): boolean {
  const be = clause.tokens.findIndex((t, j) => j < i && ['was', 'were'].includes(t.word));
  if (be < 1 || i - be > 3 || !THE_DAY.has(clause.tokens[be - 1].lemma)) return false;
  return !has(clause, ['make', 'want', 'need', 'too']);
}

const THE_DAY = L.words('it, day, weather, morning, afternoon, evening');

/** Words before a hue that tell of a cast the photo has: "too yellow", "it looks yellow", "they come out blue". */
const TOO = L.words('too, very, way, overly, look, seem, is, all, out');
const isPlatform = (w: string) => Boolean(NAMED_SHAPES[w]?.label);
