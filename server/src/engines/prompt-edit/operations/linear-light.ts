/** 8-bit sRGB to linear light and back by tables, and channel gains in linear light: white balance's units. */

/** Channel gains (or a colour) in linear light, as [r, g, b]. */
export type Gains = [number, number, number];

/** Rec. 709 luminance weights of linear red, green and blue. */
export const LUMINANCE = [0.2126, 0.7152, 0.0722] as const;

export const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const ENCODE_STEPS = 4096;
const ENCODE = Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) => {
  const c = i / ENCODE_STEPS;
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
});

/** Linear light 0..1 (clipped) to 8-bit sRGB. */
export const encodeLinear = (c: number) =>
  ENCODE[c <= 0 ? 0 : c >= 1 ? ENCODE_STEPS : Math.round(c * ENCODE_STEPS)];

/** Gains scaled so that a grey of the light they correct keeps its luminance. */
export function withLuminanceKept(gains: Gains): Gains {
  const luminance = LUMINANCE[0] / gains[0] + LUMINANCE[1] / gains[1] + LUMINANCE[2] / gains[2];
  return gains.map((g) => g * luminance) as Gains;
}
