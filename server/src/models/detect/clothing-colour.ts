import type { RawImage } from '../../lib/image/raw-image';
import type { Box } from './types';

/**
 * "The guy in green": how much of a person's clothes is of a named colour. The clothes are read where they
 * most often are, the middle of the box from the shoulders to the thighs, and a pixel counts when its hue,
 * saturation and value say that colour (black, white and grey by value and saturation alone).
 */
export function clothingShare(image: RawImage, box: Box, colour: string): number {
  const test = COLOUR_TESTS[colour];
  if (!test) return 0;
  const { data, width, height, channels } = image;
  const x0 = clamp(Math.round(box.x + box.width * 0.2), 0, width - 1);
  const x1 = clamp(Math.round(box.x + box.width * 0.8), x0 + 1, width);
  const y0 = clamp(Math.round(box.y + box.height * 0.25), 0, height - 1);
  const y1 = clamp(Math.round(box.y + box.height * 0.75), y0 + 1, height);
  const step = Math.max(1, Math.round(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  let hits = 0;
  let total = 0;
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) {
      const i = (y * width + x) * channels;
      total++;
      if (test(hsv(data[i], data[i + 1], data[i + 2]))) hits++;
    }
  return total ? hits / total : 0;
}

type Hsv = { h: number; s: number; v: number };
const hueIn = (from: number, to: number) => (c: Hsv) =>
  c.s > 0.28 && c.v > 0.18 && (from < to ? c.h >= from && c.h < to : c.h >= from || c.h < to);

const COLOUR_TESTS: Record<string, (c: Hsv) => boolean> = {
  red: hueIn(340, 12),
  orange: hueIn(12, 40),
  yellow: hueIn(40, 70),
  green: hueIn(70, 165),
  blue: hueIn(190, 255),
  teal: hueIn(165, 190),
  purple: hueIn(255, 300),
  pink: (c) => hueIn(300, 345)(c) || (hueIn(340, 12)(c) && c.v > 0.75 && c.s < 0.55),
  brown: (c) => hueIn(5, 45)(c) && c.v < 0.55,
  black: (c) => c.v < 0.2,
  white: (c) => c.v > 0.8 && c.s < 0.12,
  grey: (c) => c.v >= 0.25 && c.v <= 0.8 && c.s < 0.12,
  gray: (c) => c.v >= 0.25 && c.v <= 0.8 && c.s < 0.12,
};

/** The colour names the selector knows. */
export const CLOTHING_COLOURS = new Set(Object.keys(COLOUR_TESTS));

function hsv(r: number, g: number, b: number): Hsv {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h = (h * 60 + 360) % 360;
  }
  return { h, s: max ? d / max : 0, v: max / 255 };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
