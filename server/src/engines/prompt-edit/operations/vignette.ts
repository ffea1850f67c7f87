/**
 * A vignette: the light falls off towards the photo's corners, as an old lens's does, so the eye stays in the
 * middle. A negative amount takes such a fall-off away ("the corners are too dark"), lifting the corners by the
 * same curve. Worked in linear light, so colours keep their hue as they darken; alpha is left as it is.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import { encodeLinear, LINEAR } from './linear-light';
import { smoothstep } from './masks';

/** Where the fall-off begins and ends, as a share of the way from the centre to a corner. */
const INNER = 0.45;
const OUTER = 1.05;
/** At amount 1 the corners keep this share of their light; the most a corner is lifted is its inverse. */
const DEEPEST = 0.35;

/** A copy of the photo with its corners darkened (amount 0..1) or lightened (amount -1..0). */
export function vignette(image: RawImage, amount: number): RawImage {
  const out = { ...image, data: image.data.slice() };
  const strength = Math.max(-1, Math.min(1, amount));
  if (strength === 0) return out;
  const { width, height, channels, data } = image;
  const colours = Math.min(3, channels);
  const [cx, cy] = [(width - 1) / 2, (height - 1) / 2];
  // The distance is measured on an ellipse of the photo's own shape, so a wide photo's sides fall off as its
  // top and bottom do; 1 is a corner.
  const [rx, ry] = [Math.max(1, cx) * Math.SQRT2, Math.max(1, cy) * Math.SQRT2];
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) / ry;
    for (let x = 0; x < width; x++) {
      const dx = (x - cx) / rx;
      const fall = smoothstep(INNER, OUTER, Math.sqrt(dx * dx + dy * dy));
      if (fall === 0) continue;
      const darkened = 1 - Math.abs(strength) * (1 - DEEPEST) * fall;
      const gain = strength > 0 ? darkened : 1 / darkened;
      const i = (y * width + x) * channels;
      for (let c = 0; c < colours; c++) out.data[i + c] = encodeLinear(LINEAR[data[i + c]] * gain);
    }
  }
  return out;
}
