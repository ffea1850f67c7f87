/**
 * Wishes only a generator could grant: new content or scenes, styles, recolours, changes to bodies, one thing
 * turned or reshaped. Each answer is the reason Chat to Edit gives when it declines.
 */
import {
  avoidedFrom,
  describesHowItLooks,
  find,
  has,
  isPaintTheThing,
  describesTheThing,
  narrated,
  type Clause,
} from './clauses';
import * as L from './lexicon';
import type { Token } from './tokens';
import { hasAdjustment } from './adjustments';
import { hasColourFilter } from './colour-filters';
import { CANNOT } from './reasons';
import { adjustsOneThing, namesAThingToAdd, namesOneThing, NOT_A_THING, qualifiesAThing } from './things';
import { NAMED_SHAPES, shapeOfToken } from './sizes';
import { VOCABULARY } from './vocabulary';
import { changesSkinTone, reshapesABody } from './body-changes';
import { underTheEyes } from './face-fixes';

/** Why a clause cannot be done here, if it asks for content or a style that only a generator could make. */
export function generativeReason(whole: Clause): string | null {
  // "more vibrant without making the people look orange": what must not happen asks for nothing
  const avoided = avoidedFrom(whole);
  const clause = avoided > 0 ? { tokens: whole.tokens.slice(0, avoided), text: whole.text } : whole;
  if (has(clause, ['colorize', 'colourise', 'colorise', 'colourize'])) return CANNOT.colorize;
  if (filmLook(clause)) return CANNOT.style;
  // ("the building looks like it's leaning": how it seems, said in a clause of its own, is no style)
  const like = find(clause, ['like']);
  const seems = like >= 0 && SEEMING_SUBJECTS.has(clause.tokens[like + 1]?.lemma ?? '');
  // ("it looks like an old faded polaroid": how it is now, said as a complaint, asks for no style)
  const describes = describesHowItLooks(clause);
  const lookLike = has(clause, ['like', 'style']) && has(clause, ['look', 'style']) && !seems && !describes;
  // "make the colours look like the real thing", "look like a good camera took it": true to life is a repair
  // "remove the Disney logo", "remove the painting": a style's name on a thing that goes is no style
  // ("the glass over the painting": a painting in the scene, named as a thing, is no style)
  const styleAt = find(clause, L.STYLE_WORDS);
  const aThing =
    ['the', 'this', 'that', ...L.POSSESSIVES].includes(clause.tokens[styleAt - 1]?.lemma ?? '') &&
    !['filter', 'effect', 'style', 'look', 'version'].includes(clause.tokens[styleAt + 1]?.lemma ?? '');
  const style = aThing ? -1 : styleAt;
  const removesIt = style >= 0 && find(clause, L.REMOVE) >= 0 && find(clause, L.REMOVE) < style;
  if ((style >= 0 && !removesIt) || (lookLike && !has(clause, L.TRUE_TO_LIFE) && !lookIsTheAim(clause)))
    // ("make it look like an old photo": the old look is a sepia tone)
    return has(clause, L.GRAYSCALE) || has(clause, L.SEPIA) || oldPhoto(clause) ? null : CANNOT.style;
  if (isRecolour(clause)) return CANNOT.recolour;
  if (reshapesABody(clause) || changesSkinTone(clause)) return CANNOT.body;
  // "edit text on sign", "change the font": new writing; "edit out the text", "edit the words out" erase it
  const erases =
    clause.tokens.some((t) => L.REMOVE.has(t.lemma) && !['edit', 'photoshop'].includes(t.lemma)) ||
    editsOut(clause);
  if (has(clause, ['edit', 'change', 'alter', 'fix']) && has(clause, NEW_WRITING) && !erases)
    return CANNOT.generate;
  // "straighten up the blanket": a thing moved, not the photo levelled
  if (straightensAThing(clause)) return CANNOT.generate;
  // "flip the man": one person turned round, not the photo
  if (turnsAThing(clause, L.FLIP, FLIPPED) || turnsAThing(clause, TURNING, ROTATED)) return CANNOT.generate;
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
  if (becomesAnotherTime(clause)) return CANNOT.generate;
  // "zoom out", "show more of the room": more scene than the photo holds, which only a generator could paint
  const zoom = find(clause, ['zoom']);
  if (zoom >= 0 && clause.tokens[zoom + 1]?.lemma === 'out') return CANNOT.generate;
  // "paint out the wires", "move the tree out of the way": out of the photo, which is a removal
  const taker = find(clause, L.REMOVE_WITH_OUT);
  if (taker >= 0 && find(clause, ['out'], taker) >= 0 && !has(clause, ['into', 'onto'])) return null;
  const verb = clause.tokens.findIndex(
    (t, i) =>
      L.GENERATE.has(t.lemma) &&
      !narrated(clause, i, { passive: true }) &&
      !describesTheThing(clause.tokens, i) &&
      !isPaintTheThing(clause.tokens[i - 1], t, clause.tokens[i + 1]) &&
      // ("Attached is the original": said the other way round, what was done)
      !(t.inflected && ['is', 'are', 'was', 'were'].includes(clause.tokens[i + 1]?.word ?? '')),
  );
  // "add a dramatic sunset", "add a bright moon": the describing words tell of the thing to add, not the photo
  // (a backdrop, "add a white background", is read with the background's own words)
  if (
    verb >= 0 &&
    clause.tokens[verb].lemma === 'add' &&
    !clause.tokens.slice(0, verb).some((t) => t.pos === 'VERB') &&
    !has(clause, L.BACKGROUND) &&
    !has(clause, ['vignette']) &&
    addsADescribedThing(clause.tokens.slice(verb + 1))
  )
    return CANNOT.generate;
  const knownEdit =
    has(clause, L.BACKGROUND) ||
    has(clause, L.GRAYSCALE) ||
    has(clause, L.SEPIA) ||
    has(clause, L.ROTATE) ||
    // "flip it to create a mirror image"; "replace the painting with a mirror" is no flip
    clause.tokens.some((t) => t.lemma === 'flip' || (L.FLIP.has(t.lemma) && t.pos === 'VERB')) ||
    has(clause, L.CROP) ||
    has(clause, ['orientation', 'size', 'resolution', 'brightness', 'contrast', 'saturation', 'exposure']) ||
    // "change it to 16:9", "change it to 4x6 for printing": a shape or size named
    clause.tokens.some(
      (t, i) => shapeOfToken(t.word) !== null && ['to', 'into'].includes(clause.tokens[i - 1]?.lemma ?? ''),
    ) ||
    // "change the width to 1200": the photo's measure, given in pixels
    (has(clause, ['width', 'height']) && clause.tokens.some((t) => t.type === 'number')) ||
    // "change the lighting", "change the white balance": the light and colour of the whole photo
    has(clause, ['lighting', 'colourfix', 'temperature', 'balance', 'vibrance', 'levels']) ||
    // "add auto levels", "apply an auto tone": a tool's automatic correction
    has(clause, ['auto', 'automatic', 'vignette']) ||
    // "add natural colouring": the photo's own colour set right ("a natural looking beard" is a thing)
    clause.tokens.some((t, i) => L.NATURAL.has(t.lemma) && !qualifiesAThing(clause, i)) ||
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
    // "add more contrast", "give it some pop": a generator verb with an amount of an adjustment ("add some
    // graffiti" names a thing to add)
    const amount = find(clause, ['more', 'extra', 'some', 'bit']);
    if (
      (lemma === 'add' || lemma === 'give') &&
      amount >= 0 &&
      !has(clause, L.SCENE_CHANGES) &&
      !namesAThingToAdd(clause.tokens[amount + 1])
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
    // ("make this low-res logo into a high-res one": more pixels)
    [L.GRAYSCALE, L.SEPIA, L.CROP, L.BACKGROUND, PRINTS, RESOLUTIONS].some((set) => has(clause, set)) ||
    hasAdjustment(clause) ||
    // "turn it into a desktop wallpaper", "make it into a profile picture": a named use is a crop
    clause.tokens.some(
      (t, i) => NAMED_SHAPES[t.lemma] ?? NAMED_SHAPES[`${t.lemma} ${clause.tokens[i + 1]?.lemma}`],
    );
  // "photoshop the people into a scenic view": put into another scene
  const intoVerbs = ['turn', 'make', 'convert', 'transform', 'change', 'edit', ...PUTTING];
  if (has(clause, ['into']) && has(clause, intoVerbs) && !intoEdit) return CANNOT.generate;
  // "make me look younger", "make him smile": changes to a person, which only a generator could make
  const person = has(clause, PERSON_WORDS);
  // "remove my younger self" removes a person; "make me look younger" changes one
  const removes = has(clause, L.REMOVE);
  // ("I have a pimple on my nose": a blemish told of, which a retouch takes away)
  // ("I need the shadow under my eyes gone": dark circles, which the retouch lightens)
  const blemish =
    has(clause, ['pimple', 'acne', 'zit', 'blemish', 'scar', 'bruise', 'scratch']) || underTheEyes(clause);
  // ("the only one we have of him smiling": what someone is doing in the photo, told)
  const change = clause.tokens.some(
    (t, i) =>
      L.BODY_CHANGES.has(t.lemma) &&
      !(/ing$/.test(t.word) && PERSON_WORDS.has(clause.tokens[i - 1]?.lemma ?? '')),
  );
  if (person && change && !hasAdjustment(clause) && !removes && !blemish) return CANNOT.body;
  if (person && has(clause, ['old']) && has(clause, ['look', 'make'])) return CANNOT.body;
  return null;
}

export function opensWithNewMarks(clause: Clause): boolean {
  const opening = clause.tokens.find((t) => !COURTESY_OPENERS.has(t.lemma));
  return opening?.lemma === 'overlay' || (opening?.lemma === 'write' && opening.pos === 'VERB');
}

const NEW_WRITING = L.words('text, font, wording, lettering, word, words, caption, letters, writing');

/** "an old photo", "an old photograph": a look of its own, the sepia of old prints. */
const oldPhoto = (clause: Clause) =>
  clause.tokens.some((t, i) => t.lemma === 'old' && L.PHOTO.has(clause.tokens[i + 1]?.lemma ?? ''));

/** "straighten the blanket": a verb of levelling said of a thing, not of the photo or its lines. */
function straightensAThing(clause: Clause): boolean {
  // ("make the hairstyle straight": the verb is "make")
  const levelled = find(clause, ['straighten', 'level']);
  const verb = levelled < 0 && has(clause, ['straight']) ? find(clause, ['make', 'get']) : levelled;
  if (verb < 0) return false;
  // ("straighten the horizon in a landscape photo": what is straightened ends where a place begins)
  const after = clause.tokens.slice(verb + 1);
  // ("straighten for scanned documents": what it is for is no object)
  const place = after.findIndex(
    (t, i) => (i > 0 && t.pos === 'ADP' && t.lemma !== 'up' && t.lemma !== 'out') || t.lemma === 'for',
  );
  // ("straighten my crooked scans": whose it is and how it leans name no other thing)
  const object = (place < 0 ? after : after.slice(0, place)).filter(
    (t) => !LEVELLED.has(t.lemma) && !L.POSSESSIVES.has(t.lemma) && !L.TILT.has(t.lemma),
  );
  return namesOneThing(object.filter((t) => !L.BACKGROUND.has(t.lemma)));
}

/**
 * "make it winter", "turn it into night time", "change the season to autumn": another season, time of day or
 * weather, which only a generator could paint ("it was taken at night, make it brighter" asks for light).
 */
function becomesAnotherTime(clause: Clause): boolean {
  // (a new background is a scene of its own, with its own answer)
  if (!has(clause, ['make', 'turn', 'change', 'transform', 'convert']) || has(clause, L.BACKGROUND))
    return false;
  return clause.tokens.some((t, i) => {
    if (!OTHER_TIMES.has(t.lemma)) return false;
    let before = i - 1;
    while (['a', 'an', 'the'].includes(clause.tokens[before]?.lemma ?? '')) before--;
    return ['it', 'this', 'into', 'to', ...L.PHOTO].includes(clause.tokens[before]?.lemma ?? '');
  });
}

const OTHER_TIMES = L.words(
  'winter, summer, autumn, night, nighttime, midnight, evening, underwater, snowy, rainy, stormy, wintery, wintry',
);

/** "flip the man", "rotate the car": one thing turned round, not the photo. */
function turnsAThing(clause: Clause, verbs: ReadonlySet<string>, photoWords: ReadonlySet<string>): boolean {
  // (the tagger reads a leading "flip" as an adjective at times)
  const verb = clause.tokens.findIndex((t, i) => verbs.has(t.lemma) && (t.pos === 'VERB' || i === 0));
  if (verb < 0) return false;
  const next = clause.tokens[verb + 1];
  const object = next?.lemma === 'the' ? clause.tokens[verb + 2] : next;
  return Boolean(
    object && (object.pos === 'NOUN' || object.pos === 'PROPN') && !photoWords.has(object.lemma),
  );
}

const TURNING = L.words('rotate, spin');
/** The photo as a whole, by name or by pointing at it. */
const THE_WHOLE_PHOTO = new Set([...L.PHOTO, ...L.words('whole, entire, it, this')]);
/** What rotating rotates: the photo, by degrees or a way round. */
const ROTATED = new Set([
  ...THE_WHOLE_PHOTO,
  ...L.words(
    'degree, degrees, way, direction, orientation, clockwise, anticlockwise, counterclockwise, left, right, view, frame, canvas',
  ),
]);

/** What flipping flips: the photo, or its sides and axes. */
const FLIPPED = new Set([
  ...THE_WHOLE_PHOTO,
  ...L.words('horizontal, horizontally, vertical, vertically, side, sideways, way, direction, orientation'),
]);

/** What levelling a photo straightens: the photo or a scan of a page, its horizon and lines, buildings. */
const LEVELLED = L.words(
  'photo, picture, image, pic, shot, scan, document, page, print, horizon, line, lines, building, buildings, wall, walls, tower, house, sea, ocean, water, lake, it, this, these, those, up, out, the, a',
);

/** Words of a photo's resolution, which it may be turned into ("a big monster" is no resolution). */
const RESOLUTIONS = L.words('highres, resolution, res, hd, fourk, eightk, upscale, upscaled, upres');

/** The subject of a clause after "looks like": "it's leaning", "someone cut it", "they are floating". */
const SEEMING_SUBJECTS = L.words('it, he, she, they, we, i, you, someone, somebody, there');

/** Words a request may open with before its verb: "please write ...", "pls overlay ...". */
const COURTESY_OPENERS = L.words('please, pls, plz, can, could, you, someone, somebody, na, just, also');

/**
 * "Edit out" or "photoshop out" said as one verb: "edit out the text", or with the thing between, "edit the
 * words out" (the clause ends on "out" after a noun; "so it stands out" is another verb's).
 */
function editsOut(clause: Clause): boolean {
  const t = clause.tokens.filter((x) => x.pos !== 'PUNCT');
  const endsOnThing = t.at(-1)?.word === 'out' && ['NOUN', 'PROPN', 'PRON'].includes(t.at(-2)?.pos ?? '');
  return t.some(
    (x, i) => ['edit', 'photoshop'].includes(x.lemma) && (t[i + 1]?.word === 'out' || endsOnThing),
  );
}

/** What a photo is made into by printing it bigger: "make it into a poster". */
const PRINTS = L.words('poster, canvas, print');

/**
 * "lighten it so it looks like a clear day", "darken it so that it looks like night": an adjustment asked for,
 * and the look it should give said after "so"; the adjustment is the wish.
 */
function lookIsTheAim(clause: Clause): boolean {
  const so = find(clause, ['so']);
  const look = find(clause, ['look']);
  return so > 0 && look > so && hasAdjustment({ ...clause, tokens: clause.tokens.slice(0, so) });
}

const PERSON_WORDS = L.words(
  'me, him, her, them, us, myself, himself, herself, he, she, i, my, his, person, people, man, woman, guy, girl, boy, kid, face',
);

/** Putting photos together: only a generator could make the seams. */
const COMPOSITE = L.words('combine, merge, composite, superimpose, paste, photoshopped, splice, morph');

/** Verbs that put one photo's content into another. */
export const PUTTING = L.words('put, place, paste, add, insert, move, photoshop, drop, stick');

/** "put it into another picture", "add the man to a picture of the president": a second photo to paste into. */
function intoAnotherPhoto(clause: Clause): boolean {
  if (!has(clause, PUTTING)) return false;
  const t = clause.tokens;
  return t.some(
    (x, i) =>
      L.PHOTO.has(x.lemma) &&
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
  // ("make the car redder": a comparative names its colour by its lemma)
  const named = (t: Token) => Boolean(L.COLOURS[t.word] ?? (t.inflected && L.COLOURS[t.lemma]));
  // ("make the whites whiter", "the white shirt whiter": the photo's whites, and a white thing made a brighter
  // white, name no new colour)
  const whiter = clause.tokens.some((t) => t.word === 'whiter');
  const colours = clause.tokens.filter(
    (t) => named(t) && !NO_NEW_COLOUR.has(t.word) && !(whiter && t.word === 'white'),
  );
  const target = has(clause, ['to', 'into', 'colour', 'color']) || colours.length > 0;
  const thing = clause.tokens.some(
    (t) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN') &&
      !L.COLOUR.has(t.lemma) &&
      !PHOTO_WORDS.has(t.lemma) &&
      !named(t),
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

const NO_NEW_COLOUR = L.words('neutral, whites, whiter');

/** Verbs of a new colour said without naming the colour: "change coin color". */
const CHANGING = L.words('change, alter');

const PHOTO_WORDS = L.words('photo, picture, image, pic, shot, it, everything, whole, thing, hue, filter');
/** The photo's colour as a whole, which the colour repairs change. */
const TONE_NOUNS = L.words(
  'temperature, balance, grade, grading, saturation, vibrance, level, levels, filter, hue, cast',
);

/** "as if taken on film", "give it a film look": a film stock's look, which is a style. */
function filmLook(clause: Clause): boolean {
  const t = clause.tokens;
  return t.some((x, i) => {
    if (!FILM.has(x.lemma) || has(clause, L.REMOVE)) return false;
    // ("it was shot on film and is grainy" tells how it was made; "make it look like it was taken on film" asks)
    const onFilm =
      t[i - 1]?.lemma === 'on' &&
      ['take', 'shoot', 'shot'].includes(t[i - 2]?.lemma ?? '') &&
      has(clause, ['look', 'like', 'as']);
    return onFilm || ['look', 'style', 'effect', 'feel', 'vibe'].includes(t[i + 1]?.lemma ?? '');
  });
}

const FILM = L.words('film, analog, analogue');

/** "the background", or "the area around the girl": everything but her is the background. */
export function namesBackground(clause: Clause): boolean {
  return has(clause, L.BACKGROUND) || areaAroundSomeone(clause);
}

/** "the area around the girl", "everything behind her": all that lies round or behind a person. */
export function areaAroundSomeone(clause: Clause): boolean {
  return clause.tokens.some(
    (t, i) => AROUND_AREAS.has(t.lemma) && ['around', 'behind'].includes(clause.tokens[i + 1]?.lemma ?? ''),
  );
}

const AROUND_AREAS = L.words('area, space, everything, part, region');

/** "a dramatic sunset", "two bright red balloons": the words after "add" name a thing, with words describing it. */
function addsADescribedThing(after: readonly Token[]): boolean {
  let i = 0;
  while (after[i]?.pos === 'DET' || after[i]?.type === 'number') i++;
  const describing = i;
  // ("add more drama", "add a slight blur": an amount of an effect, not a thing described)
  while (after[i]?.pos === 'ADJ' && !L.MORE.has(after[i].lemma) && !L.SMALL.has(after[i].lemma)) i++;
  const thing = after[i];
  // ("add high definition": a word of the edits; "a different type of background": the kind of something)
  const anEdit = thing && VOCABULARY.has(thing.lemma) && !L.SCENE_CHANGES.has(thing.lemma);
  return i > describing && !anEdit && after[i + 1]?.lemma !== 'of' && namesAThingToAdd(thing);
}
