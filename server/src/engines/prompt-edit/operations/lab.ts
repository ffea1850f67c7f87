/**
 * sRGB (D65) to CIE L*a*b* and back, for the face operations: Lab separates lightness from the red-green (a*)
 * and yellow-blue (b*) axes, so "less yellow" or "less red" moves one number and leaves the others alone.
 * L* is 0..100; a* and b* are about -128..127.
 */

const WHITE = [0.95047, 1, 1.08883] as const;

/** 8-bit sRGB to linear light, by table: the decode runs once per pixel of a face. */
const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** Linear light (0..1 in 16384 steps) back to 8-bit sRGB, by table. */
const ENCODE_STEPS = 16384;
const ENCODE = Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) => {
  const c = i / ENCODE_STEPS;
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(255 * v);
});

const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const fInverse = (t: number) => (t > 0.206893 ? t * t * t : (t - 16 / 116) / 7.787);

/** Writes L*, a*, b* of the 8-bit colour into `out` at `at`. */
export function toLab(r: number, g: number, b: number, out: Float32Array, at = 0): void {
  const R = LINEAR[r];
  const G = LINEAR[g];
  const B = LINEAR[b];
  const fx = f((0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / WHITE[0]);
  const fy = f(0.2126729 * R + 0.7151522 * G + 0.072175 * B);
  const fz = f((0.0193339 * R + 0.119192 * G + 0.9503041 * B) / WHITE[2]);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

const encode = (c: number) => ENCODE[c <= 0 ? 0 : c >= 1 ? ENCODE_STEPS : Math.round(c * ENCODE_STEPS)];

/** Writes the 8-bit sRGB colour of L*, a*, b* (clipped to the gamut channel by channel) into `out` at `at`. */
export function fromLab(l: number, a: number, b: number, out: Uint8Array, at = 0): void {
  const fy = (l + 16) / 116;
  const X = WHITE[0] * fInverse(fy + a / 500);
  const Y = fInverse(fy);
  const Z = WHITE[2] * fInverse(fy - b / 200);
  out[at] = encode(3.2404542 * X - 1.5371385 * Y - 0.4985314 * Z);
  out[at + 1] = encode(-0.969266 * X + 1.8760108 * Y + 0.041556 * Z);
  out[at + 2] = encode(0.0556434 * X - 0.2040259 * Y + 1.0572252 * Z);
}
