import type { Backdrop, EditStep } from '../edit-plan';
import { find, has, narrated, type Clause } from './clauses';
import type { Token } from './tokens';
import * as L from './lexicon';
import { hasAdjustment, hasColourFilter, readAdjustments } from './adjustments';
import { NOTHING, skip, type ClauseReading, type Context } from './reading';
import { readFix } from './fixes';
import { couldNot, readRemoval } from './removals';
import { namedThing } from './named-thing';
import { CANNOT } from './reasons';
import { adjustsOneThing, namesOneThing, NOT_A_THING } from './things';
import { NAMED_SHAPES } from './sizes';

export type { ClauseReading, Context } from './reading';

export function readClause(clause: Clause, { afterRemoval, lastStep, mentioned }: Context): ClauseReading {
  // "remove the background, then add a white one": a colour for the background just removed
  if (lastStep?.kind === 'background' && !has(clause, L.BACKGROUND)) {
    const colour = colourIn(clause);
    if (colour && has(clause, ['add', 'make', 'use', 'put', 'one', 'with', 'fill', 'replace']))
      return { steps: [{ kind: 'background', backdrop: { kind: 'color', color: colour } }] };
  }
  if (isNegated(clause) || isApology(clause) || has(clause, TO_MODERATORS)) return NOTHING;
  if (isHeadshot(clause)) return { steps: [{ kind: 'headshot' }] };
  // "overlay a red heart shape", "write 'together strong' across the top": new marks on the photo, whatever
  // colours or faces they name
  if (opensWithNewMarks(clause)) return skip(clause, CANNOT.generate);
  // A repair of a face part comes first: "whiten her teeth" names a body part, yet changes no one
  const fix = readFix(clause);
  if (fix?.some((step) => FACE_FIXES.has(step.kind))) {
    // "restore this photo or colourize it": the restoration runs, the colour is named as out of reach
    const colourise = generativeReason(clause) === CANNOT.colorize;
    return colourise
      ? { steps: fix, skipped: { text: clause.text, reason: CANNOT.colorize } }
      : { steps: fix };
  }
  // "the sky is blown out": light to recover over the whole photo, which is no change of the sky alone
  const recovers = fix?.some((step) => step.kind === 'light-recovery');
  // ("there's a wire across the sky" names the wire: the sky is only where it is)
  const firstThing = clause.tokens.find(
    (t) => t.pos === 'NOUN' && !['photo', 'picture', 'image'].includes(t.lemma),
  );
  const aboutSky = has(clause, ['sky']) && (firstThing?.lemma ?? 'sky') === 'sky';
  if (aboutSky && !has(clause, L.REMOVE) && !recovers) return skip(clause, CANNOT.sky);
  const generative = generativeReason(clause);
  // "darken the window": the light of the brightest part is the highlights to recover, not one thing's light
  if (generative && !(recovers && generative === CANNOT.oneThing)) return skip(clause, generative);
  if (fix) return { steps: fix };
  const removal = readRemoval(clause, afterRemoval, mentioned) ?? blanked(clause);
  if (removal) return removal;
  const background = readBackground(clause);
  if (background) return background;
  return readAdjustments(clause);
}

/**
 * A post whose clauses named nothing: read as one clause, so that a wish split across clauses still counts
 * ("the colours, can you fix them"), then a request to fix or improve the photo as a whole.
 */
export function readWhole(clause: Clause): EditStep[] {
  const whole = { ...clause, tokens: clause.tokens.filter((t) => t.type !== 'punctuation') };
  const reading = readAdjustments(whole);
  if (reading.steps.length) return reading.steps;
  return has(whole, REPAIR) ? [{ kind: 'auto-levels' }, { kind: 'clarify' }] : [];
}

/** Asking for the photo to be mended, as a whole. */
const REPAIR = L.words('fix, repair, restore, improve, enhance, edit, photoshop, retouch, touch, better');

/** "Mods please remove if not allowed": words to the forum's moderators are about the post, not the photo. */
const TO_MODERATORS = L.words('mod, mods, moderator, admin');

/** "Sorry for the bad quality": an apology tells of the photo; it asks nothing by itself. */
function isApology(clause: Clause): boolean {
  return ['sorry', 'apology', 'apologize', 'apologise'].includes(clause.tokens[0]?.lemma ?? '');
}

/** "don't crop it", "no filters": a wish not to do something is no step at all. */
function isNegated(clause: Clause): boolean {
  const i = find(clause, L.NEGATION);
  if (i < 0 || i > 2) return false;
  // "I can't get rid of this cast": what the person could not do is the wish
  if (couldNot(clause, i)) return false;
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
  const lookLike = has(clause, ['like', 'style']) && has(clause, ['look', 'style']);
  // "make the colours look like the real thing", "look like a good camera took it": true to life is a repair
  // "remove the Disney logo", "remove the painting": a style's name on a thing that goes is no style
  const style = find(clause, L.STYLE_WORDS);
  const removesIt = style >= 0 && find(clause, L.REMOVE) >= 0 && find(clause, L.REMOVE) < style;
  if ((style >= 0 && !removesIt) || (lookLike && !has(clause, TRUE_TO_LIFE)))
    return has(clause, L.GRAYSCALE) || has(clause, L.SEPIA) ? null : CANNOT.style;
  if (isRecolour(clause)) return CANNOT.recolour;
  if (reshapesABody(clause)) return CANNOT.body;
  // "edit text on sign", "change the font": new writing
  const erases = clause.tokens.some((t) => L.REMOVE.has(t.lemma) && !['edit', 'photoshop'].includes(t.lemma));
  if (has(clause, ['edit', 'change', 'alter', 'fix']) && has(clause, NEW_WRITING) && !erases)
    return CANNOT.generate;
  // "straighten up the blanket": a thing moved, not the photo levelled
  if (straightensAThing(clause)) return CANNOT.generate;
  // "flip the man": one person turned round, not the photo
  if (flipsAThing(clause) || rotatesAThing(clause)) return CANNOT.generate;
  // "show him on a frozen lake", "show me holding a trophy": a new scene around a person
  const show = find(clause, ['show', 'depict']);
  if (show >= 0 && PERSON_WORDS.has(clause.tokens[show + 1]?.lemma ?? '') && clause.tokens[show + 2])
    return CANNOT.generate;
  if (
    has(clause, COMPOSITE) ||
    (has(clause, ['onto']) && has(clause, ['photoshop', 'put', 'paste', 'place', 'edit', 'stick'])) ||
    intoAnotherPhoto(clause)
  )
    return CANNOT.generate;
  if (adjustsOneThing(clause)) return CANNOT.oneThing;
  // "zoom out", "show more of the room": more scene than the photo holds, which only a generator could paint
  const zoom = find(clause, ['zoom']);
  if (zoom >= 0 && clause.tokens[zoom + 1]?.lemma === 'out') return CANNOT.generate;
  // "paint out the wires", "move the tree out of the way": out of the photo, which is a removal
  const taker = find(clause, L.REMOVE_WITH_OUT);
  if (taker >= 0 && find(clause, ['out'], taker) >= 0 && !has(clause, ['into', 'onto'])) return null;
  const verb = clause.tokens.findIndex(
    (t, i) => L.GENERATE.has(t.lemma) && !narrated(clause, i, { passive: true }),
  );
  const knownEdit =
    has(clause, L.BACKGROUND) ||
    has(clause, L.GRAYSCALE) ||
    has(clause, L.SEPIA) ||
    has(clause, L.ROTATE) ||
    // "flip it to create a mirror image"; "replace the painting with a mirror" is no flip
    clause.tokens.some((t) => t.lemma === 'flip' || (L.FLIP.has(t.lemma) && t.pos === 'VERB')) ||
    has(clause, L.CROP) ||
    has(clause, ['orientation', 'size', 'resolution', 'brightness', 'contrast', 'saturation', 'exposure']) ||
    // "change the lighting", "change the white balance": the light and colour of the whole photo
    has(clause, ['lighting', 'colourfix', 'temperature', 'balance', 'vibrance', 'levels']) ||
    has(clause, ['bokeh']) ||
    // "move me to the middle": centring is a crop
    has(clause, ['centre', 'center', 'middle']) ||
    // "change the photo from portrait to landscape" ("add the c as the first letter" is no paper size)
    clause.tokens.some(
      (t, i) => NAMED_SHAPES[t.lemma] && ['to', 'into'].includes(clause.tokens[i - 1]?.lemma ?? ''),
    ) ||
    hasAdjustment(clause) ||
    hasColourFilter(clause);
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
    [L.GRAYSCALE, L.SEPIA, L.CROP, L.BACKGROUND, PRINTS].some((set) => has(clause, set)) ||
    hasAdjustment(clause) ||
    // "turn it into a desktop wallpaper", "make it into a profile picture": a named use is a crop
    clause.tokens.some(
      (t, i) => NAMED_SHAPES[t.lemma] ?? NAMED_SHAPES[`${t.lemma} ${clause.tokens[i + 1]?.lemma}`],
    );
  // "photoshop the people into a scenic view": put into another scene
  const intoVerbs = ['turn', 'make', 'convert', 'transform', 'change', ...PUTTING];
  if (has(clause, ['into']) && has(clause, intoVerbs) && !intoEdit) return CANNOT.generate;
  // "make me look younger", "make him smile": changes to a person, which only a generator could make
  const person = has(clause, PERSON_WORDS);
  // "remove my younger self" removes a person; "make me look younger" changes one
  const removes = has(clause, L.REMOVE);
  if (person && has(clause, L.BODY_CHANGES) && !hasAdjustment(clause) && !removes) return CANNOT.body;
  if (person && has(clause, ['old']) && has(clause, ['look', 'make'])) return CANNOT.body;
  return null;
}

function opensWithNewMarks(clause: Clause): boolean {
  const opening = clause.tokens.find((t) => !COURTESY_OPENERS.has(t.lemma));
  return opening?.lemma === 'overlay' || (opening?.lemma === 'write' && opening.pos === 'VERB');
}

const NEW_WRITING = L.words('text, font, wording, lettering, word, words, caption, letters, writing');

/** "straighten the blanket": a verb of levelling said of a thing, not of the photo or its lines. */
function straightensAThing(clause: Clause): boolean {
  const verb = find(clause, ['straighten', 'level']);
  if (verb < 0) return false;
  const object = clause.tokens.slice(verb + 1).filter((t) => !LEVELLED.has(t.lemma));
  return namesOneThing(object.filter((t) => !L.BACKGROUND.has(t.lemma)));
}

function flipsAThing(clause: Clause): boolean {
  // (the tagger reads a leading "flip" as an adjective at times)
  const flip = clause.tokens.findIndex((t, i) => L.FLIP.has(t.lemma) && (t.pos === 'VERB' || i === 0));
  if (flip < 0) return false;
  const object = clause.tokens[flip + 1]?.lemma === 'the' ? clause.tokens[flip + 2] : clause.tokens[flip + 1];
  return Boolean(object && (object.pos === 'NOUN' || object.pos === 'PROPN') && !FLIPPED.has(object.lemma));
}

/** "rotate the car", "turn the dog around": one thing turned, not the photo. */
function rotatesAThing(clause: Clause): boolean {
  const turn = clause.tokens.findIndex((t, i) => TURNING.has(t.lemma) && (t.pos === 'VERB' || i === 0));
  if (turn < 0) return false;
  const next = clause.tokens[turn + 1];
  const object = next?.lemma === 'the' ? clause.tokens[turn + 2] : next;
  return Boolean(object && (object.pos === 'NOUN' || object.pos === 'PROPN') && !ROTATED.has(object.lemma));
}

const TURNING = L.words('rotate, spin');
/** What rotating rotates: the photo, by degrees or a way round. */
const ROTATED = L.words(
  'photo, picture, image, pic, shot, photograph, whole, entire, it, this, degree, degrees, way, direction, orientation, clockwise, anticlockwise, counterclockwise, left, right, view, frame, canvas',
);

/** What flipping flips: the photo, or its sides and axes. */
const FLIPPED = L.words(
  'photo, picture, image, pic, shot, photograph, whole, entire, it, this, horizontal, horizontally, vertical, vertically, side, sideways, way, direction, orientation',
);

/** What levelling a photo straightens: the photo, its horizon and lines, buildings. */
const LEVELLED = L.words(
  'photo, picture, image, pic, shot, horizon, line, lines, building, buildings, wall, walls, tower, house, sea, ocean, water, lake, it, this, up, out, the, a',
);

/** Words a request may open with before its verb: "please write ...", "pls overlay ...". */
const COURTESY_OPENERS = L.words('please, pls, plz, can, could, you, someone, somebody, na, just, also');

/** A part of a body, whose size or pose only a generator could change. */
const BODY_PARTS = L.words(
  'stomach, belly, neck, bra, breast, breasts, boob, boobs, chest, arm, arms, leg, legs, head, nose, waist, hip, hips, butt, thigh, thighs, muscle, muscles, bicep, biceps, shoulder, shoulders, jaw, chin, lip, lips, ear, ears, foot, feet, hand, hands, finger, fingers',
);
const RESHAPING = L.words(
  'big, bigger, small, smaller, wide, wider, widen, narrow, narrower, long, longer, short, shorter, stretch, shrink, enlarge, thin, thinner, slim, slimmer, fat, fatter, large, larger, tiny, huge, modify, alter, distort, reshape',
);
const POSING = L.words('turn, rotate, tilt, raise, lower, lift, move, bend');

/**
 * "stomach should be bigger", "stretch neck", "widen her bra size", "turn the dog's head to the side", "darken
 * skin tone": a body's size, pose or colour changed, which only a generator could make.
 */
function reshapesABody(clause: Clause): boolean {
  const part = find(clause, BODY_PARTS);
  const aboutThePhoto = has(clause, ['photo', 'picture', 'image', 'frame']) || hasAdjustment(clause);
  if (part >= 0 && !has(clause, L.REMOVE) && !aboutThePhoto) {
    // (wink reads "widen" as "increase", so the written word counts too)
    if (clause.tokens.some((t) => RESHAPING.has(t.lemma) || RESHAPING.has(t.word))) return true;
    // the pose verb before the part: "turn his head", not "the head turned away, crop it"
    const pose = find(clause, POSING);
    if (pose >= 0 && pose < part) return true;
  }
  // "make eyes glowing": a glow asked for, which no fix gives
  const make = clause.tokens.some((t) => t.lemma === 'make' && t.word !== 'made');
  if (make && has(clause, ['eye', 'eyes']) && has(clause, ['glow', 'glowing'])) return true;
  // "darken skin tone", "make her skin lighter": a new skin colour; "fix her skin tone" is a cast
  const skin = has(clause, ['skin']) && has(clause, ['tone', 'colour', 'color', 'complexion']);
  const shade = has(clause, ['darken', 'lighten', 'dark', 'light', 'tan', 'pale', 'fair']);
  return skin && shade && !has(clause, L.FIX) && !has(clause, L.REMOVE);
}

/** What a photo is made into by printing it bigger: "make it into a poster". */
const PRINTS = L.words('poster, canvas, print');

/** A look that is the photo's own, done right: no style to paint in. */
const TRUE_TO_LIFE = L.words(
  'real, reality, life, natural, realistic, true, accurate, camera, dslr, professional, pro, studio, lens',
);

const PERSON_WORDS = L.words(
  'me, him, her, them, us, myself, himself, herself, he, she, i, my, his, person, people, man, woman, guy, girl, boy, kid, face',
);

/** "make the poster blank": what is on the thing goes, so the person shows the thing. */
function blanked(clause: Clause): ClauseReading | null {
  const make = find(clause, ['make']);
  const blank = find(clause, ['blank', 'empty']);
  if (make < 0 || blank < make) return null;
  const thing = clause.tokens.slice(make + 1, blank);
  if (!namesOneThing(thing)) return null;
  const words = thing.map((t) => t.word).filter((w) => !['the', 'a', 'an', 'this', 'that'].includes(w));
  return { steps: [{ kind: 'remove-marked', thing: words.join(' ') }], removes: true };
}

/** "white background", "blur the background", "replace the background with #00ff00", "bokeh", "portrait mode". */
function readBackground(clause: Clause): ClauseReading | null {
  const mentions = namesBackground(clause);
  // "blur everything around the girl": the background, blurred
  const allAround =
    has(clause, L.BLUR) && has(clause, ['everything', 'rest']) && has(clause, ['around', 'except', 'but']);
  const bokeh =
    allAround ||
    has(clause, ['bokeh']) ||
    (has(clause, ['portrait']) && has(clause, ['mode', 'effect', 'blur']));
  // "make a PNG of the head", "I need a cut-out"
  const cutout =
    has(clause, ['png', 'cutout', 'transparent', 'isolate']) && !has(clause, ['save', 'file', 'format']);
  if (!mentions && cutout) return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
  if (!mentions && !bokeh) return null;
  // "as my desktop background": a wallpaper's size, not the photo's background
  if (clause.tokens.some((t, i) => NAMED_SHAPES[`${t.lemma} ${clause.tokens[i + 1]?.lemma}`])) return null;
  // "add a picture of greenery behind the couple": a new scene; "the guy behind me" is a place
  if (mentions && has(clause, ['behind']) && !has(clause, ['background', 'backdrop']))
    return has(clause, PUTTING) && sceneNamedBehind(clause) ? skip(clause, CANNOT.backgroundScene) : null;
  // "make the background black and white": the subject keeps its colour, the rest turns grey
  if (
    mentions &&
    !bokeh &&
    (has(clause, L.GRAYSCALE) || (has(clause, ['grey', 'gray']) && has(clause, ['scale'])))
  )
    return { steps: [{ kind: 'selective-colour', keep: { subject: true } }] };
  const backdrop = bokeh ? { kind: 'blur' as const } : backdropIn(clause);
  if (backdrop) return { steps: [{ kind: 'background', backdrop }] };
  // "lighten the background": the whole photo's light is what can be changed here
  if (hasAdjustment(clause)) return readAdjustments(clause);
  // "change the background" with nothing new named: the cut-out, ready for a colour or a blur
  if (
    has(clause, ['change', 'replace', 'swap', 'different', 'new']) &&
    !has(clause, L.SCENE_CHANGES) &&
    !sceneNamed(clause)
  )
    return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
  // "the background is messy": a remark about it with no verb of change, context for the wish that follows
  // ("cluttered", "distracting": the tagger reads these as verbs, and they describe)
  const be = find(clause, ['be']);
  const describing = (t: Token) =>
    ['ADJ', 'ADV', 'PART', 'PUNCT'].includes(t.pos) || (t.pos === 'VERB' && /(ed|ing)$/.test(t.word));
  const remark =
    be >= 0 &&
    clause.tokens.slice(be + 1).every(describing) &&
    !clause.tokens.slice(0, be).some((t) => t.pos === 'VERB') &&
    !has(clause, L.GENERATE);
  if (remark) return NOTHING;
  return skip(clause, CANNOT.backgroundScene);
}

function backdropIn(clause: Clause): Backdrop | null {
  // ("sharpen the focus of the background" sharpens)
  if (has(clause, ['sharpen', 'sharp', 'sharper'])) return null;
  if (has(clause, L.BLUR) || has(clause, L.BLURRY) || has(clause, ['bokeh', 'focus', 'defocus', 'smooth']))
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

/** Repairs read before the generative wishes, whose words ("her eyes", "a young man") they share. */
const FACE_FIXES = new Set([
  'red-eye',
  'whiten-teeth',
  'reduce-redness',
  'remove-marked',
  'auto-white-balance',
  'selective-colour',
  'clarify',
]);

/** Putting photos together: only a generator could make the seams. */
const COMPOSITE = L.words('combine, merge, composite, superimpose, paste, photoshopped, splice, morph');

/** Verbs that put one photo's content into another. */
const PUTTING = L.words('put, place, paste, add, insert, move, photoshop, drop, stick');
const PHOTO_NOUNS = L.words('photo, picture, image, pic, shot, photograph');

/** "put it into another picture", "add the man to a picture of the president": a second photo to paste into. */
function intoAnotherPhoto(clause: Clause): boolean {
  if (!has(clause, PUTTING)) return false;
  const t = clause.tokens;
  return t.some(
    (x, i) =>
      PHOTO_NOUNS.has(x.lemma) &&
      (t[i - 1]?.lemma === 'another' ||
        t[i - 1]?.lemma === 'new' ||
        (['a', 'an'].includes(t[i - 1]?.lemma ?? '') && t[i + 1]?.lemma === 'of')),
  );
}

/** "change the blue cloth to green", "make the car red": a new colour for a thing. */
function isRecolour(clause: Clause): boolean {
  const verbs = ['change', 'turn', 'make', 'paint', 'recolour', 'recolor', 'dye', 'replace', 'swap'];
  // "color the wheels orange": "color" leading the request is its verb
  const colourVerb = ['color', 'colour'].includes(clause.tokens[0]?.lemma ?? '');
  if (!has(clause, verbs) && !colourVerb) return false;
  if (namesBackground(clause) || has(clause, L.GRAYSCALE)) return false;
  const colours = clause.tokens.filter((t) => L.COLOURS[t.word] && t.word !== 'neutral');
  const target = has(clause, ['to', 'into', 'colour', 'color']) || colours.length > 0;
  const thing = clause.tokens.some(
    (t) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN') &&
      !L.COLOUR.has(t.lemma) &&
      !PHOTO_WORDS.has(t.lemma) &&
      !L.COLOURS[t.word],
  );
  // "change orange color to a mint green color": one colour for another
  const swap = colours.length >= 2 && has(clause, ['to', 'into', 'with']);
  // "change coin color", "get the colour scheme of this logo changed": the colour of a thing, none named
  const ofAThing =
    has(clause, CHANGING) &&
    has(clause, ['colour', 'color']) &&
    clause.tokens.some(
      (x) =>
        x.pos === 'NOUN' &&
        !CHANGING.has(x.lemma) && // wink tags a leading "change" a noun at times
        !NOT_A_THING.has(x.lemma) &&
        !L.COLOUR.has(x.lemma) &&
        !TONE_NOUNS.has(x.lemma),
    );
  return (
    (swap || (colours.length > 0 && target && thing) || ofAThing) &&
    !has(clause, ['cast', 'tint', 'skin', 'lighting', 'light', 'tone'])
  );
}

/** Verbs of a new colour said without naming the colour: "change coin color". */
const CHANGING = L.words('change, alter');

const PHOTO_WORDS = L.words('photo, picture, image, pic, shot, it, everything, whole, thing, hue, filter');
/** The photo's colour as a whole, which the colour repairs change. */
const TONE_NOUNS = L.words(
  'temperature, balance, grade, grading, saturation, vibrance, level, levels, filter, hue, cast',
);

/** "the background", or "the area around the girl": everything but her is the background. */
function namesBackground(clause: Clause): boolean {
  if (has(clause, L.BACKGROUND)) return true;
  return clause.tokens.some((t, i) => AROUND_AREAS.has(t.lemma) && clause.tokens[i + 1]?.lemma === 'around');
}

const AROUND_AREAS = L.words('area, space, everything, part, region');

/** "put a forest behind them": a thing named before "behind", between the verb and it. */
function sceneNamedBehind(clause: Clause): boolean {
  const verb = find(clause, PUTTING);
  const behind = find(clause, ['behind']);
  return clause.tokens
    .slice(verb + 1, behind)
    .some((t) => t.pos === 'NOUN' && !L.COLOURS[t.word] && !L.COLOUR.has(t.lemma));
}

/** "change the background to a beach": a scene (any noun but a colour) follows "to" or "with". */
function sceneNamed(clause: Clause): boolean {
  const to = find(clause, ['to', 'with', 'into', 'for'], Math.max(0, find(clause, L.BACKGROUND)));
  // (colours, blur and transparency were read before: any other word named is a scene, though the tagger
  // takes "to grass", "to swirl" for verbs)
  const scene = (t: Token) =>
    ['NOUN', 'PROPN', 'VERB'].includes(t.pos) && !L.COLOURS[t.word] && !NOT_A_SCENE.has(t.lemma);
  if (to >= 0 && clause.tokens.slice(to + 1).some(scene)) return true;
  // "add a world background", "insert mountain backdrop": the scene named before the word
  const before = clause.tokens[find(clause, L.BACKGROUND) - 1];
  return has(clause, PUTTING) && before?.pos === 'NOUN' && !L.COLOURS[before.word];
}

/** Words after "change the background to" that name no scene: "to make it pop", "to match". */
const NOT_A_SCENE = L.words(
  'be, make, look, match, fit, have, get, show, look, something, anything, one, colour, color, shade, tone, solid, plain',
);
