/**
 * Changes to how a person looks, which only a generator could make: a body's size or pose, and a skin turned
 * another shade (as against the photo's light or cast on it, which the repairs fix).
 */
import { asksFor, find, has, type Clause } from './clauses';
import * as L from './lexicon';
import { hasAdjustment } from './adjustments';

/** Words of a skin's shade asked for. */
const SHADES = L.words(
  'light, lighten, lighter, dark, darken, darker, pale, paler, fair, fairer, tan, tanned',
);
/** Words that tell of a fault of the photo on the skin, which the repairs undo. */
const SKIN_FAULTS = L.words(
  'too, so, very, enough, shadow, sunburn, red, redness, yellow, orange, cast, tint, glare, shine, shiny, oily',
);

/**
 * "make his skin darker", "lighten her complexion": a person's skin turned another shade, which changes how they
 * look; "her skin is too dark", "the shadow on her skin" tell of the photo's light, which the repairs fix.
 */
export function changesSkinTone(clause: Clause): boolean {
  const shaded = has(clause, SHADES) && asksFor(clause, ['lighten', 'darken', 'color', 'colour', 'turn']);
  // "change the skin tone of the girl" (a tone set right, "to look natural", is a repair)
  const retoned =
    has(clause, ['tone', 'colour', 'color']) &&
    has(clause, ['change', 'alter', 'switch']) &&
    !has(clause, ['natural', 'normal', 'realistic']);
  // "turn her skin purple", "make his skin green" ("less purple", "back to normal" undo a cast)
  const coloured =
    clause.tokens.some((t) => L.COLOURS[t.word] !== undefined) &&
    asksFor(clause, ['turn', 'color', 'colour', 'paint']) &&
    !has(clause, UNDOES_A_CAST);
  return has(clause, ['skin', 'complexion']) && (shaded || retoned || coloured) && !has(clause, SKIN_FAULTS);
}

const UNDOES_A_CAST = L.words('less, not, no, normal, natural, fix, remove, reduce, correct, back');

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
export function reshapesABody(clause: Clause): boolean {
  // "get rid of my double chin": a jaw reshaped, not a thing taken out of the photo
  if (clause.tokens.some((t, i) => t.lemma === 'double' && clause.tokens[i + 1]?.lemma === 'chin'))
    return true;
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
  const make = asksFor(clause);
  if (make && has(clause, ['eye', 'eyes']) && has(clause, ['glow', 'glowing'])) return true;
  // "darken skin tone", "make her skin lighter": a new skin colour; "fix her skin tone" is a cast
  const skin = has(clause, ['skin']) && has(clause, ['tone', 'colour', 'color', 'complexion']);
  const shade = has(clause, ['darken', 'lighten', 'dark', 'light', 'tan', 'pale', 'fair']);
  return skin && shade && !has(clause, L.FIX) && !has(clause, L.REMOVE);
}
