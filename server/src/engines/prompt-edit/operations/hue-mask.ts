/**
 * "Keep the red": the pixels whose hue is near a named colour and which are coloured enough to be seen as
 * that colour, cleaned by a small opening (specks of noise go) and closing (a highlight or a shadowed fold
 * inside a red thing stays with it), then softened at the edges.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import { boxMean } from '../../../models/guided-filter/guided-filter';
import { dilateSquare, erodeSquare, poolMean, smoothstep, upsample } from './masks';

/** Hue ranges in degrees (HSV), centre and half-width; a pixel fades out over 10 degrees past the range. */
const HUES = {
  red: { centre: 0, half: 14 },
  orange: { centre: 28, half: 12 },
  yellow: { centre: 54, half: 14 },
  green: { centre: 118, half: 48 },
  blue: { centre: 222, half: 38 },
  purple: { centre: 276, half: 16 },
  pink: { centre: 318, half: 24 },
} as const;

export type HueName = keyof typeof HUES;

/** Other words people use for these colours. */
const SYNONYMS: Record<string, HueName> = {
  crimson: 'red',
  scarlet: 'red',
  amber: 'orange',
  gold: 'yellow',
  golden: 'yellow',
  violet: 'purple',
  lilac: 'purple',
  magenta: 'pink',
  navy: 'blue',
  turquoise: 'blue',
  teal: 'blue',
  cyan: 'blue',
};

/** The colour a person named, as one of the hues; null when it is none of them ("beige", "the colour of rust"). */
export function hueOf(name: string): HueName | null {
  const word = name.trim().toLowerCase().replace(/s$/, '');
  if (word in HUES) return word as HueName;
  return SYNONYMS[word] ?? null;
}

/** The cleaning works on a copy of the mask of at most about this many pixels (blocks of f x f pixels). */
const WORK_PIXELS = 600_000;

/** 0..1 per pixel: how much it is of the named hue, cleaned and softened; null for a name that is no hue. */
export function keepHue(image: RawImage, hueName: string): Float32Array | null {
  const hue = hueOf(hueName);
  if (!hue) return null;
  const { width, height } = image;
  // Specks and gaps are judged at a scale, not per pixel, so the cleaning works on a smaller copy: a block is
  // of the hue when most of its pixels are. Its soft edge comes from scaling it back up.
  const f = Math.max(1, Math.ceil(Math.sqrt((width * height) / WORK_PIXELS)));
  const [w, h] = [Math.ceil(width / f), Math.ceil(height / f)];
  const pooled = poolMean(hueMembership(image, hue), width, height, f);
  let mask: Uint8Array = new Uint8Array(pooled.length);
  for (let q = 0; q < mask.length; q++) mask[q] = pooled[q] >= 0.5 ? 1 : 0;
  const side = Math.max(w, h);
  const open = Math.max(1, Math.round(side / 600));
  const close = Math.max(1, Math.round(side / 300));
  mask = dilateSquare(erodeSquare(mask, w, h, open), w, h, open);
  mask = erodeSquare(dilateSquare(mask, w, h, close), w, h, close);
  const soft = boxMean(new Float32Array(mask), w, h, 1);
  return f === 1 ? soft : upsample(soft, w, h, f, width, height);
}

/** Per hue, whether each colour at 6 bits a channel is of it (256 KB each, made when first asked for). */
const TABLES = new Map<HueName, Uint8Array>();

function tableOf(hue: HueName): Uint8Array {
  let table = TABLES.get(hue);
  if (table) return table;
  table = new Uint8Array(64 * 64 * 64);
  for (let r = 0, k = 0; r < 64; r++)
    for (let g = 0; g < 64; g++)
      for (let b = 0; b < 64; b++, k++) table[k] = isOfHue(r * 4 + 2, g * 4 + 2, b * 4 + 2, hue);
  TABLES.set(hue, table);
  return table;
}

/** 1 where the pixel is of the hue, by its colour's table. */
function hueMembership(image: RawImage, hue: HueName): Uint8Array {
  const table = tableOf(hue);
  const { data, channels } = image;
  const out = new Uint8Array(image.width * image.height);
  for (let p = 0, i = 0; p < out.length; p++, i += channels)
    out[p] = table[((data[i] >> 2) << 12) | ((data[i + 1] >> 2) << 6) | (data[i + 2] >> 2)];
  return out;
}

/**
 * Whether a colour is of the hue: near it, saturated (over about a quarter) and not near black, where hue means
 * little. Pink is also a light, soft red; red is then only a strong one.
 */
function isOfHue(r: number, g: number, b: number, hue: HueName): 0 | 1 {
  const hi = Math.max(r, g, b);
  const lo = Math.min(r, g, b);
  if (hi < 30 || hi - lo < 20) return 0;
  const saturation = (hi - lo) / hi;
  const h = hueDegrees(r, g, b, hi, lo);
  const { centre, half } = HUES[hue];
  let fit = (1 - smoothstep(half, half + 10, angle(h, centre))) * smoothstep(0.2, 0.32, saturation);
  if (hue === 'red' || hue === 'pink') {
    const pinkish =
      (1 - smoothstep(HUES.red.half, HUES.red.half + 10, angle(h, 0))) *
      (1 - smoothstep(0.4, 0.55, saturation)) *
      smoothstep(0.7, 0.8, hi / 255);
    fit = hue === 'red' ? fit * (1 - pinkish) : Math.max(fit, pinkish);
  }
  return fit > 0.5 ? 1 : 0;
}

/** Degrees between two hues, 0..180. */
const angle = (h: number, centre: number) => Math.abs(((h - centre + 540) % 360) - 180);

function hueDegrees(r: number, g: number, b: number, hi: number, lo: number): number {
  const d = hi - lo;
  if (hi === r) return (60 * ((g - b) / d) + 360) % 360;
  if (hi === g) return 60 * ((b - r) / d) + 120;
  return 60 * ((r - g) / d) + 240;
}
