/** Interleaved 8-bit RGB region -> model input: float32 NCHW [1, 3, h, w], pixels 0..255. */
export function rgbRegionToNchw(
  data: Uint8Array,
  width: number,
  channels: number,
  region: { x: number; y: number; w: number; h: number },
): Float32Array {
  const plane = region.w * region.h;
  const out = new Float32Array(3 * plane);
  for (let y = 0; y < region.h; y++) {
    const row = ((region.y + y) * width + region.x) * channels;
    for (let x = 0; x < region.w; x++) {
      const s = row + x * channels;
      const d = y * region.w + x;
      out[d] = data[s];
      out[plane + d] = data[s + 1];
      out[2 * plane + d] = data[s + 2];
    }
  }
  return out;
}
