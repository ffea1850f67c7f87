import type { Backdrop, EditStep } from '../edit-plan';
import { find, has, type Clause } from './clauses';
import { writtenText, type Token } from './tokens';
import * as L from './lexicon';
import { hasAdjustment, readAdjustments } from './adjustments';
import { DENIED, NOTHING, skip, type ClauseReading, type Context } from './reading';
import { readFix } from './fixes';
import { readRemoval } from './removals';
import { CANNOT } from './reasons';
import {
  areaAroundSomeone,
  generativeReason,
  namesBackground,
  opensWithNewMarks,
  PUTTING,
} from './generative';
import { changesSkinTone } from './body-changes';
import { namesOneThing } from './things';
import { NAMED_SHAPES } from './sizes';
import { edgesToCut } from './crop-edges';
import { shapeAt } from './geometry-words';
import {
  aboutThePost,
  asksOfTheFile,
  cutByTheFrame,
  isApology,
  isNegated,
  likesWhatIsThere,
} from './asks-nothing';

export type { ClauseReading, Context } from './reading';

export function readClause(clause: Clause, context: Context): ClauseReading {
  const reading = readWish(clause, context);
  // "crop out the bottom third": a crop that names the photo's sides cuts those, and closes in on nothing
  // ("crop to the left half" is no resize to half)
  const cropping = has(clause, L.CUTTING);
  const replaced = (s: EditStep) =>
    (s.kind === 'crop' && !s.aspect && !s.size) || (s.kind === 'resize' && s.factor && cropping);
  // ("crop out the bottom third and 25 % off the right": a side said after a crop by the sides is cut too)
  const furtherSide = context.lastStep?.kind === 'crop' && context.lastStep.edges && !reading.steps.length;
  const edges = reading.steps.some(replaced) || furtherSide ? edgesToCut(clause) : null;
  if (!edges) return reading;
  const at = Math.max(0, reading.steps.findIndex(replaced));
  const steps = reading.steps.filter((s) => !replaced(s));
  steps.splice(at, 0, { kind: 'crop', edges });
  return { ...reading, steps };
}

function readWish(clause: Clause, { afterRemoval, lastStep, mentioned }: Context): ClauseReading {
  // "remove the background, then add a white one": a colour for the background just removed
  if (lastStep?.kind === 'background' && !has(clause, L.BACKGROUND)) {
    const colour = colourIn(clause);
    // ("add a red toned filter" after it is a filter over the photo, no backdrop)
    const filter = has(clause, ['filter', 'tint', 'tone', 'toned', 'overlay']);
    if (colour && !filter && has(clause, ['add', 'make', 'use', 'put', 'one', 'with', 'fill', 'replace']))
      return { steps: [{ kind: 'background', backdrop: { kind: 'color', color: colour } }] };
    // "the background is too busy, maybe blur it a little", "... can you remove it": the background is "it"
    const it = has(clause, ['it', 'that', 'this']);
    // ("blur the background and make it soft": soft is blurred)
    const blurred = has(clause, L.BLUR) || has(clause, L.BLURRY);
    if (it && blurred) return { steps: [{ kind: 'background', backdrop: { kind: 'blur' } }] };
    // ("... and replace with transparent": the cut-out, said again)
    if ((it && has(clause, L.REMOVE)) || has(clause, ['transparent', 'transparency']))
      return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
  }
  // ("the shadows are too harsh, soften them", "too much contrast, can you soften it": the light just named)
  if (LIGHT_STEPS.has(lastStep?.kind ?? '') && softensIt(clause)) return NOTHING;
  if (isNegated(clause)) return DENIED;
  if (isApology(clause) || aboutThePost(clause) || likesWhatIsThere(clause)) return NOTHING;
  if (cutByTheFrame(clause)) return DENIED;
  // ("This is for my LinkedIn": a use told beside other wishes asks for those; alone, for a headshot)
  if (isHeadshot(clause)) return { steps: headshotSteps(clause), general: tellsItsUse(clause) };
  if (asksOfTheFile(clause)) return skip(clause, CANNOT.file);
  // "overlay a red heart shape", "write 'together strong' across the top": new marks on the photo, whatever
  // colours or faces they name
  if (opensWithNewMarks(clause)) return skip(clause, CANNOT.generate);
  // "fix the perspective", "purple fringing": the lens's faults, not a tilt to level or a cast to balance
  // ("fringing" has the lemma of a hair's fringe)
  const lensFault = has(clause, LENS_FAULTS) || clause.tokens.some((t) => t.word === 'fringing');
  if (lensFault && !has(clause, L.TILT)) return skip(clause, CANNOT.optics);
  // A repair of a face part comes first: "whiten her teeth" names a body part, yet changes no one
  const repair = readFix(clause);
  const fix = repair && [...repair, ...alsoSaid(clause)];
  // ("turn her skin purple" names the cast a repair would take away, and asks for it)
  if (fix && changesSkinTone(clause)) return skip(clause, CANNOT.body);
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
  // ("make the sky less hazy": haze lies over the whole photo, which contrast lifts)
  if (aboutSky && !has(clause, L.REMOVE) && !recovers && !has(clause, L.HAZE))
    return skip(clause, CANNOT.sky);
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
 * "More crisp and vibrant", "more vibrant and crisp": a repair read in a clause ends its reading, so the
 * adjectives joined to it by "and" are read on their own, each the adjustment it asks for.
 */
function alsoSaid(clause: Clause): EditStep[] {
  const t = clause.tokens;
  const joined = t.flatMap((token, i) =>
    token.lemma === 'and' && t[i - 1]?.pos === 'ADJ' && t[i + 1]?.pos === 'ADJ' ? [t[i - 1], t[i + 1]] : [],
  );
  return joined.flatMap((adjective) => readAdjustments({ tokens: [adjective], text: adjective.word }).steps);
}

/**
 * A post whose clauses named nothing: read as one clause, so that a wish split across clauses still counts
 * ("the colours, can you fix them"), then a request to fix or improve the photo as a whole.
 */
export function readWhole(clause: Clause): EditStep[] {
  const whole = { ...clause, tokens: clause.tokens.filter((t) => t.type !== 'punctuation') };
  const reading = readAdjustments(whole);
  const repair = has(whole, REPAIR) && !editsOneThing(clause);
  // ("it looks like an old photo, can you fix it": the old look is what is wrong, not a look asked for)
  const oldLookToFix = repair && reading.steps.every((s) => s.kind === 'sepia');
  if (reading.steps.length && !oldLookToFix) return reading.steps;
  return repair ? [{ kind: 'auto-levels' }, { kind: 'clarify' }] : [];
}

/**
 * "Photoshop the image of the child on the steps", "edit the water blue": an edit of things the grammar could not
 * read, not a request to mend the photo ("can someone edit this photo?").
 */
function editsOneThing(clause: Clause): boolean {
  const verb = find(clause, ['edit', 'photoshop']);
  if (verb < 0) return false;
  // "photoshop in barney", "edit him onto a cowboy": something put in
  if (['in', 'into', 'onto'].includes(clause.tokens[verb + 1]?.lemma ?? '')) return true;
  const stop = clause.tokens.findIndex((t, i) => i > verb && t.type === 'punctuation');
  return namesOneThing(clause.tokens.slice(verb + 1, stop < 0 ? undefined : stop));
}

/** Asking for the photo to be mended, as a whole. */
const REPAIR = L.words('fix, repair, restore, improve, enhance, edit, photoshop, retouch, touchup, better');

/** The headshot, then the size in pixels said with it ("600x600 for a passport application"), if any. */
function headshotSteps(clause: Clause): EditStep[] {
  const size = clause.tokens.map((_, i) => shapeAt(clause, i)).find((shape) => shape?.pixels);
  return size
    ? [{ kind: 'headshot' }, { kind: 'resize', width: size.width, height: size.height }]
    : [{ kind: 'headshot' }];
}

/** "This is for my LinkedIn", "it's for a passport": what the photo is for, told. */
function tellsItsUse(clause: Clause): boolean {
  const [it, be, forWhat] = clause.tokens;
  return ['it', 'this', 'that'].includes(it?.lemma ?? '') && be?.lemma === 'be' && forWhat?.lemma === 'for';
}

function isHeadshot(clause: Clause): boolean {
  if (has(clause, ['headshot', 'linkedin', 'passport', 'corporate', 'cv', 'resume'])) return true;
  return (
    has(clause, ['professional', 'business']) &&
    has(clause, ['photo', 'picture', 'portrait', 'pic', 'headshot', 'profile', 'image'])
  );
}

/** "make the poster blank": what is on the thing goes, so the person shows the thing. */
function blanked(clause: Clause): ClauseReading | null {
  const make = find(clause, ['make']);
  const blank = find(clause, ['blank', 'empty']);
  if (make < 0 || blank < make) return null;
  const thing = clause.tokens.slice(make + 1, blank);
  if (!namesOneThing(thing)) return null;
  const named = thing.filter((t) => !['the', 'a', 'an', 'this', 'that'].includes(t.word));
  return { steps: [{ kind: 'remove-marked', thing: writtenText(named) }], removes: true };
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
    has(clause, ['png', 'cutout', 'transparent', 'isolate', 'extract']) &&
    !has(clause, ['save', 'file', 'format']);
  if (!mentions && cutout) return { steps: [{ kind: 'background', backdrop: { kind: 'transparent' } }] };
  if (!mentions && !bokeh) return null;
  // "as my desktop background": a wallpaper's size, not the photo's background
  if (clause.tokens.some((t, i) => NAMED_SHAPES[`${t.lemma} ${clause.tokens[i + 1]?.lemma}`])) return null;
  // "add a picture of greenery behind the couple": a new scene; "the guy behind me" is a place
  // ("blur everything behind her": all that lies behind her is the background)
  const behindSomeone = has(clause, ['behind']) && !areaAroundSomeone(clause);
  if (mentions && behindSomeone && !has(clause, ['background', 'backdrop']))
    return has(clause, PUTTING) && sceneNamedBehind(clause) ? skip(clause, CANNOT.backgroundScene) : null;
  // "make the background black and white": the subject keeps its colour, the rest turns grey
  if (
    mentions &&
    !bokeh &&
    (has(clause, L.GRAYSCALE) || (has(clause, ['grey', 'gray']) && has(clause, ['scale'])))
  )
    return { steps: [{ kind: 'selective-colour', keep: { subject: true } }] };
  // "the background is too busy", "make it less cluttered": a busy background softened, the subject kept sharp
  // ("change the background to a busy street" asks for the scene)
  const complaint = has(clause, ['be', 'less', 'too', 'so', 'very', 'reduce', 'fix']);
  // ("give me a cleaner background", "I want a clean background": the same wish said as the aim)
  const tidier = clause.tokens.some((t, i) => TIDY.has(t.lemma) && clause.tokens[i + 1]?.lemma !== 'up');
  if (mentions && ((has(clause, CLUTTERED) && complaint) || tidier) && !has(clause, L.REMOVE))
    return { steps: [{ kind: 'background', backdrop: { kind: 'blur' } }] };
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

const TIDY = L.words('clean, cleaner, tidy, tidier, neat, neater, uncluttered');

/** What a background is said to be when it takes the eye from the subject. */
const CLUTTERED = L.words('busy, cluttered, clutter, messy, distracting, distract, chaotic, crowded');

function backdropIn(said: Clause): Backdrop | null {
  // ("transparent instead of white", "a plain one rather than the blur": what it replaces is no backdrop)
  const replaced = find(said, ['instead', 'rather']);
  const clause = replaced > 0 ? { tokens: said.tokens.slice(0, replaced), text: said.text } : said;
  // ("sharpen the focus of the background" sharpens)
  if (has(clause, ['sharpen', 'sharp', 'sharper'])) return null;
  // ("a soft grey", "a smooth white": the word says how the colour looks, not that it is blurred)
  const blurred = clause.tokens.some(
    (t, i) =>
      (L.BLUR.has(t.lemma) || L.BLURRY.has(t.lemma) || BLURRED.has(t.lemma)) &&
      !(COLOUR_LOOKS.has(t.lemma) && L.COLOURS[clause.tokens[i + 1]?.word ?? '']),
  );
  if (blurred) return { kind: 'blur' };
  const colour = colourIn(clause);
  if (colour) return { kind: 'color', color: colour };
  // ("background removal for product photos": the removal is said as a noun)
  if (has(clause, L.TRANSPARENT) || has(clause, ['no', 'none', 'without', 'remove', 'removal', 'remover']))
    return { kind: 'transparent' };
  return null;
}

const LIGHT_STEPS = new Set(['contrast', 'light-recovery']);

/** "soften it", "can you soften them": a softening of what was just named. */
function softensIt(clause: Clause): boolean {
  const soften = find(clause, ['soften']);
  return soften >= 0 && ['it', 'them', 'that', 'this'].includes(clause.tokens[soften + 1]?.lemma ?? '');
}

const BLURRED = L.words('bokeh, focus, defocus, smooth');
const COLOUR_LOOKS = L.words('soft, smooth');

/** Verbs that name the colour they make: "whiten the background". */
const COLOUR_VERBS: Record<string, string> = { whiten: 'white', blacken: 'black' };

/** A named colour (two words first: "light blue"), a hex code, or a verb that names one. */
function colourIn(clause: Clause): string | null {
  const t = clause.tokens;
  for (let i = 0; i < t.length; i++) {
    const made = COLOUR_VERBS[t[i].lemma];
    if (made) return L.COLOURS[made];
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
  'enhance-face',
  'clear-eye-whites',
  'brighten-eyes',
  'whiten-teeth',
  'reduce-redness',
  'remove-marked',
  'auto-white-balance',
  'selective-colour',
  'clarify',
]);

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

const LENS_FAULTS = L.words('perspective, keystone, distortion, fisheye, aberration');
