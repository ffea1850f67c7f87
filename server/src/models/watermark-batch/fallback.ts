import type { RawImage } from '../../lib/image/raw-image';
import { toFloat, toRaw } from '../inpaint/float-image';
import { chooseRecoveredOrFill } from '../inpaint/never-worse';
import { harmonicFill } from '../inpaint/poisson';
import { teleaInpaint } from '../inpaint/telea';

/**
 * One photo's inversion held to the photo's own fill, by the check removal photo by photo passes
 * (models/inpaint/never-worse.ts): the mark's area filled by diffusion from around it (Telea, relaxed to the
 * membrane) is an estimate of the photo that never saw the mark, and region by region (48 px squares) it is taken
 * where the inverted pixels moved away from it or look less like the photo around them than it does (a fringe
 * along the outline where the batch's opacity is off on this photo). The inpainting engine's removal of a
 * leftover ghost against the same fill was tried too and cost 1.8 dB on the colour logo (docs/lab).
 */
export function heldToFill(
  marked: RawImage,
  inverted: RawImage,
  alpha: Float32Array,
): { image: RawImage; regionsFilled: number } {
  const { width: w, height: h, channels: c } = marked;
  const mask = new Uint8Array(w * h);
  let any = false;
  for (let i = 0; i < mask.length; i++)
    if (alpha[i] > 0) {
      mask[i] = 1;
      any = true;
    }
  if (!any || c < 3) return { image: inverted, regionsFilled: 0 };
  const before = toFloat(marked);
  const filled = toFloat(marked);
  teleaInpaint(filled, mask, 5);
  harmonicFill(filled.data, mask, w, h, c);
  const recovered = toFloat(inverted);
  const choice = chooseRecoveredOrFill(recovered, filled, before.data, mask, alpha);
  if (!choice.regionsFilled) return { image: inverted, regionsFilled: 0 };
  for (let i = 0; i < mask.length; i++) {
    const f = choice.fillWeight[i];
    if (f <= 0) continue;
    for (let k = 0; k < c; k++) {
      const o = i * c + k;
      recovered.data[o] = f * filled.data[o] + (1 - f) * recovered.data[o];
    }
  }
  return { image: toRaw(recovered), regionsFilled: choice.regionsFilled };
}
