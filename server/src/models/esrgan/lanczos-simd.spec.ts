import { describe, expect, it } from 'vitest';
import { columnPass2, columnPass4, WINDOW_START } from './lanczos-passes';
import { simdPlanes } from './lanczos-simd';

/** Deterministic values over a wide range, negative ones included, as back-projection residuals are. */
function noise(n: number, seed: number, spread: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648 - 0.3) * spread;
  });
}

describe('the SIMD vertical pass', () => {
  it.each([
    [2, 7, 5, 255],
    [4, 13, 9, 255],
    [4, 31, 40, 1e6],
    [2, 120, 64, 3],
  ])(
    'gives what the JavaScript pass gives at %ix, bit for bit (%i x %i source, spread %d)',
    (scale, w, h, spread) => {
      const W = w * scale;
      const weights = Array.from({ length: scale }, (_, p) => Float64Array.from(noise(8, 7 + p, 1)));
      const mid = noise(W * (h + 10), scale * 31 + w, spread);
      const target = noise(W * h * scale, 99, spread);
      const expected = target.slice();
      const pass = scale === 2 ? columnPass2 : columnPass4;
      for (let y = 0; y < h; y++) pass(mid, (y + WINDOW_START + 5) * W, W, weights, expected, y * scale * W);

      const planes = simdPlanes(scale as 2 | 4, weights, W, h, mid.length, target.length);
      planes.mid.set(mid);
      planes.dst.set(target);
      planes.columns(WINDOW_START + 5);
      const got = Buffer.from(planes.dst.buffer, planes.dst.byteOffset, planes.dst.byteLength);
      expect(Buffer.compare(got, Buffer.from(expected.buffer))).toBe(0);
    },
  );
});
