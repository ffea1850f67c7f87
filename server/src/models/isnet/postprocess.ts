/** ISNet's alpha (0..1 floats, sigmoid output) as 8-bit alpha, rounded and clamped. */
export function alphaToBytes(alpha: Float32Array): Uint8Array {
  const out = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) {
    const v = alpha[i] * 255 + 0.5;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  return out;
}
