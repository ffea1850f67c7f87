/**
 * "Remove the noise", "get rid of the yellow tint", "remove the pimples": a quality taken away is an
 * adjustment, a cast or a retouch; a blur, blemish or crease in one place is a mark the person shows.
 */
import type { EditStep } from '../edit-plan';
import { amountIn, has, type Clause } from './clauses';
import * as L from './lexicon';
import { underTheEyes } from './face-fixes';

/** Qualities of the photo, or of skin, that a removal verb takes away. */
export const QUALITIES = L.words(
  'noise, noisy, grain, grainy, blur, blurriness, fuzziness, sharpness, brightness, darkness, tint, cast, hue, colour, color, saturation, yellowness, blueness, acne, pimple, blemish, bag, sunshine, sunlight, haze, murk',
);

/** "remove the noise", "remove the blur", "get rid of the yellow tint", "remove the pimples". */
export function removalOfQuality(clause: Clause): EditStep[] | null {
  if (has(clause, L.NOISE)) return [{ kind: 'denoise', amount: amountIn(clause, 0.3) }];
  // ("the grey blur in the bottom left": a smudge in one place, which the person shows)
  const blur = has(clause, ['blur', 'blurriness', 'blurry', 'fuzziness']);
  const placed =
    has(clause, ['corner', 'bottom', 'top', 'edge', 'left', 'right']) && !has(clause, PERSON_PARTS);
  if (blur && placed) return null;
  if (blur) return [{ kind: 'sharpen', amount: amountIn(clause, 0.3) }];
  // "remove the haze from the landscape": a veil over the whole photo, which contrast lifts
  if (has(clause, L.HAZE)) return [{ kind: 'contrast', amount: amountIn(clause) }];
  // "remove the brightness", "remove the darkness": the opposite of what goes
  if (has(clause, ['brightness'])) return [{ kind: 'brightness', amount: -amountIn(clause) }];
  if (has(clause, ['darkness'])) return [{ kind: 'brightness', amount: amountIn(clause) }];
  // "remove the sunshine": light burnt out, to recover
  if (has(clause, ['sunshine', 'sunlight'])) return [{ kind: 'light-recovery', highlights: 0.5, shadows: 0 }];
  // "remove the yellowness": a cast
  if (has(clause, ['yellowness'])) return [{ kind: 'auto-white-balance', cast: 'yellow' }];
  if (has(clause, ['blueness'])) return [{ kind: 'auto-white-balance', cast: 'blue' }];
  // "remove the sharpness": the opposite of the blur taken away
  if (has(clause, ['sharpness'])) return [{ kind: 'blur', amount: amountIn(clause, 0.3) }];
  if (has(clause, ['tint', 'cast', 'hue'])) return [{ kind: 'auto-white-balance' }];
  // "remove some of the colour": less of it, not all
  if (has(clause, L.COLOUR) || has(clause, ['saturation']))
    return has(clause, ['some', 'bit', 'little', 'part'])
      ? [{ kind: 'saturation', amount: -0.3 }]
      : [{ kind: 'grayscale' }];
  // "the blemish at the top of the photo", "the dust spots": a mark on the print, which the person shows
  if (onThePrint(clause)) return null;
  // ("this circle" is a mark to show; "the dark circles under her eyes" are skin)
  const darkCircles = has(clause, ['circle']) && has(clause, ['dark', 'eye', 'eyes', 'under']);
  const eyeBags = has(clause, ['eyebag']) || (has(clause, ['bag']) && has(clause, ['eye', 'eyes', 'under']));
  // ("the wrinkles in my shirt", "creases on the tablecloth": folds in cloth, which the person shows)
  if (has(clause, ['wrinkle', 'crease']) && (has(clause, CLOTHES) || has(clause, CLOTH))) return null;
  if (has(clause, L.SKIN) || has(clause, ['wrinkle']) || eyeBags || darkCircles || underTheEyes(clause))
    return [{ kind: 'enhance-face', smoothSkin: true }];
  return null;
}

/** A spot or blemish placed on the photo itself, or dust, with no face or skin named: no skin to smooth. */
function onThePrint(clause: Clause): boolean {
  if (!has(clause, ['blemish', 'spot', 'dust', 'speck', 'mark', 'stain'])) return false;
  if (has(clause, PERSON_PARTS)) return false;
  // ("the blemishes in this photo": the photo holds them, as it holds a face; "on the photo" is the print, and
  // "the spots in the picture" may be either)
  const tokens = clause.tokens;
  const holder = (i: number) =>
    has(clause, ['blemish']) &&
    (tokens[i - 1]?.lemma === 'in' || (tokens[i - 2]?.lemma === 'in' && tokens[i - 1]?.pos === 'DET'));
  const print = tokens.some(
    (t, i) =>
      ['print', 'scan', 'top', 'corner', 'bottom', 'edge'].includes(t.lemma) ||
      (['photo', 'picture', 'image'].includes(t.lemma) && !holder(i)),
  );
  return has(clause, ['dust', 'speck']) || print;
}

/** Where a blemish is skin: a face, a person's parts. */
const PERSON_PARTS = L.words(
  'face, facial, skin, cheek, cheeks, forehead, nose, chin, neck, arm, arms, her, his, my, him, me, complexion',
);

/** Cloth that creases, besides what people wear. */
const CLOTH = L.words(
  'tablecloth, sheet, sheets, bedsheet, curtain, curtains, backdrop, fabric, cloth, clothes, clothing, blanket, pants, trousers, blouse, tie, gown, sleeve, collar',
);

/** What people wear, by which they are told apart and in which cloth creases. */
export const CLOTHES = L.words(
  'shirt, t-shirt, tshirt, dress, jacket, coat, hat, cap, hoodie, sweater, jumper, suit, top, uniform, glasses, sunglasses, jeans, skirt, scarf, vest, mask',
);
