/**
 * Repairs of a face's parts, said as what is wrong with them: red or glowing eyes, dim eyes, bloodshot whites,
 * tired eyes and the shadows under them; yellow teeth; sunburn and redness of the skin.
 */
import type { EditStep } from '../edit-plan';
import { amountIn, asksFor, has, type Clause } from './clauses';
import * as L from './lexicon';

export const EYES = L.words('eye, eyes, pupil, pupils, eyeball');
const EYE_FAULTS = L.words(
  'red, redeye, glow, glowing, flash, demon, demonic, devil, laser, possessed, reflection, creepy, weird, fix, correct, repair, white, shine, shiny, glare',
);
/** Words that ask for a fault in the eyes to be undone. */
const UNDOING = L.words(
  'fix, remove, rid, correct, less, no, not, normal, repair, away, gone, disappear, natural, black, dark, darker',
);
/** Changes to the eyes that only a generator could make. */
const EYE_CHANGES = L.words(
  'open, close, closed, blink, colour, color, blue, green, brown, big, bigger, small, wink, look',
);

/** Words that ask for eyes with more light and life: "brighten her eyes", "make the eyes pop". */
const EYE_LIFT = L.words(
  'brighten, bright, brighter, lighten, lighter, pop, sparkle, sparkly, sparkling, vivid, vibrant, striking, enhance, intensify, brilliant',
);
/** Words that take a light out of eyes: "take out the brightness in the cat's eyes" is a glow to fix. */
const DIMMING = L.words('take, remove, less, reduce, dim, darken, rid, tone, fix, too');

export function eyes(clause: Clause): EditStep[] | null {
  if (!has(clause, EYES) && !has(clause, ['redeye'])) return null;
  // ("the focus missed the eyes", "her eyes are blurry": the focus, which sharpening helps)
  if (has(clause, ['focus', 'unfocused', 'blurry', 'blur', 'sharp', 'sharpen'])) return null;
  // "brighten his eyes", "enhance the blue of her eyes": lifted; "make her eyes blue" changes them
  const lift =
    clause.tokens.some((t) => EYE_LIFT.has(t.lemma) || t.lemma === 'brightness') && !has(clause, ['under']);
  if (
    lift &&
    !has(clause, ['change', 'turn', 'red', 'redeye', 'glow', 'glowing', 'flash', 'white', 'whites'])
  )
    return has(clause, DIMMING)
      ? [{ kind: 'red-eye' }]
      : [{ kind: 'brighten-eyes', amount: amountIn(clause, 0.6) }];
  // ("make my eyes look less tired": tiredness shows in the skin under them, which is retouched, as the
  // shadows and bags under them are)
  if (has(clause, ['tired', 'exhausted', 'sleepy', 'puffy']) || underTheEyes(clause))
    return [{ kind: 'enhance-face', smoothSkin: true }];
  if (has(clause, EYE_CHANGES) && !has(clause, ['red', 'redeye', 'glow', 'glowing'])) return null;
  // "make his eyes glow", "give her glowing eyes", "make its eyes red": a glow or a red asked for, which is no
  // fault to fix ("make the red eyes go away", "make them black again" fix one)
  // ("the flash gave him red eyes" tells what went wrong)
  const asksForGlow = asksFor(clause, ['add', 'give']) && !has(clause, UNDOING);
  if (asksForGlow && has(clause, ['glow', 'glowing', 'laser', 'demon', 'demonic', 'red'])) return null;
  // "the whites of my eyes are red", "fix my bloodshot eyes": veins and a flush in the whites, not the pupils
  const whites = clause.tokens.some((t, i) => t.lemma === 'white' && clause.tokens[i + 1]?.lemma === 'of');
  if ((whites || has(clause, L.BLOODSHOT)) && !has(clause, ['flash']))
    return [{ kind: 'clear-eye-whites', amount: amountIn(clause, 1) }];
  return has(clause, EYE_FAULTS) || has(clause, ['redeye']) ? [{ kind: 'red-eye' }] : null;
}

const TEETH = L.words('teeth, tooth, smile');
const TEETH_FAULTS = L.words(
  'white, whiter, whiten, whitening, yellow, stain, stained, brighten, bright, brighter, clean, discolour, discolor, discoloured',
);

export function teeth(clause: Clause): EditStep[] | null {
  // ("make my teeth look better": whiter is what can be done for them)
  const better = has(clause, ['teeth', 'tooth']) && has(clause, ['better', 'nicer']);
  if (!has(clause, TEETH) || (!has(clause, TEETH_FAULTS) && !better)) return null;
  return [{ kind: 'whiten-teeth', amount: amountIn(clause, 0.5) }];
}

const REDNESS = L.words(
  'sunburn, sunburnt, sunburned, redness, flush, flushed, blotchy, rosacea, irritation, rash',
);

export function redness(clause: Clause): EditStep[] | null {
  const red = has(clause, REDNESS) || (has(clause, ['red', 'pink', 'reddish']) && has(clause, L.SKIN_PARTS));
  if (!red || has(clause, EYES)) return null;
  return [{ kind: 'reduce-redness', amount: amountIn(clause, 0.5) }];
}

/** "the shadows under my eyes", "the dark circles under her eyes", "bags under his eyes": skin, retouched. */
/** What is wrong under the eyes, or what lifts it: "the bags", "dark circles", "brighten under her eyes". */
const UNDER_EYE_FIXES = L.words('shadow, circle, bag, dark, brighten, lighten, brighter, lighter');

export function underTheEyes(clause: Clause): boolean {
  return has(clause, ['under']) && has(clause, ['eye']) && has(clause, UNDER_EYE_FIXES);
}
