/** One run of MI-GAN on a window of any size, through the model's 512-px square. */
import { teleaInpaint } from '../inpaint/telea';
import { MIGAN_SIDE, type SquareFiller } from './migan.model';
import { resample, resampleHole } from './window';

/**
 * One run of the model on a whole window, resampled to its square and back: the window's RGB with the hole
 * taken from the model (the known pixels are the window's own).
 */
export async function fillSquare(
  rgb: Float32Array,
  hole: Uint8Array,
  ww: number,
  wh: number,
  model: SquareFiller,
): Promise<Float32Array> {
  const side = MIGAN_SIDE;
  const input = resample(rgb, ww, wh, 3, side, side);
  const sent = resampleHole(hole, ww, wh, side, side);
  // The generator never sees the hole's pixels, but the pipeline blends its answer with them over about 3 px
  // inside the hole's edge (a 3x3 max pool and a 5x5 blur of the known mask): a diffusion fill there, not
  // the object being removed, keeps its colours out of that rim. Widening the hole instead cost the model
  // the photo right beside the hole, which it needs most (docs/lab/inpaint.md).
  teleaInpaint({ data: input, width: side, height: side, channels: 3 }, sent, 5);
  const bytes = new Uint8Array(input.length);
  for (let i = 0; i < input.length; i++) bytes[i] = Math.round(input[i]);
  const answer = await model.fill(bytes, sent);
  const back = resample(answer, side, side, 3, ww, wh);
  const out = rgb.slice();
  for (let i = 0; i < hole.length; i++)
    if (hole[i]) for (let k = 0; k < 3; k++) out[i * 3 + k] = back[i * 3 + k];
  return out;
}
