/** ISNet's fixed input side: the model takes a 1024x1024 square whatever the photo's aspect. */
export const ISNET_SIZE = 1024;

/**
 * Interleaved 8-bit RGB (HWC) to the planar float tensor ISNet expects (CHW), `(px - 128) / 256`,
 * the normalisation IMG.LY trained and ships the weights with.
 */
export function rgbToIsnetTensor(rgb: Uint8Array, width: number, height: number): Float32Array {
  const plane = width * height;
  if (rgb.length !== plane * 3) throw new Error(`expected ${plane * 3} RGB bytes, got ${rgb.length}`);
  const out = new Float32Array(plane * 3);
  for (let i = 0, j = 0; i < plane; i++, j += 3) {
    out[i] = (rgb[j] - 128) / 256;
    out[i + plane] = (rgb[j + 1] - 128) / 256;
    out[i + 2 * plane] = (rgb[j + 2] - 128) / 256;
  }
  return out;
}
