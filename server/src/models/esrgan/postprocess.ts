/** Model output float32 NCHW [1, 3, h, w] -> interleaved float RGB (unclamped, for refinement). */
export function nchwToInterleaved(data: Float32Array, width: number, height: number): Float32Array {
  const plane = width * height;
  const out = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    out[i * 3] = data[i];
    out[i * 3 + 1] = data[plane + i];
    out[i * 3 + 2] = data[2 * plane + i];
  }
  return out;
}

/** Float pixel to 8 bits: rounded, clamped to 0..255. */
export function toByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}
