import sharp from 'sharp';
import type { RawImage } from '../../server/src/lib/image/raw-image';
import { seededRandom } from '../../server/src/lib/random';
import { EVERYDAY_PHOTOS } from '../../server/test/support/uploads';

/**
 * The seeded benchmark sets, built from the project's own photos (assets/photos): a watermark set
 * (translucent and opaque marks of many kinds, blended exactly as editors do) and an object set
 * (patches of other photos pasted as objects). Each case has the clean photo as reference and an exact mask.
 */
export interface BenchCase {
  id: string;
  set: 'watermark' | 'object';
  description: string;
  photo: string;
  input: RawImage;
  reference: RawImage;
  /** 1 = area to fill. */
  mask: Uint8Array;
}

const PHOTOS_DIR = new URL('../../assets/photos/', import.meta.url);
const SIDE = 1024;
const PHOTOS = EVERYDAY_PHOTOS;

export async function loadPhoto(name: string, side = SIDE): Promise<RawImage> {
  const { data, info } = await sharp(new URL(name, PHOTOS_DIR).pathname)
    .rotate()
    .removeAlpha()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

interface Layer {
  /** SVG elements drawn in white; their coverage becomes the mark's alpha. */
  svg: string;
  color: [number, number, number];
  opacity: number;
}

interface WatermarkSpec {
  description: string;
  layers: (w: number, h: number, rnd: () => number) => Layer[];
}

const SANS = "font-family='DejaVu Sans'";
const MONO = "font-family='DejaVu Sans Mono'";
const WHITE: [number, number, number] = [255, 255, 255];

const WATERMARKS: WatermarkSpec[] = [
  {
    description: 'large translucent diagonal text, white, bold',
    layers: (w, h) => [
      {
        svg: text(w / 2, h / 2, w / 9, '© PHOTOSTOCK', `${SANS} font-weight='bold'`, -28),
        color: WHITE,
        opacity: 0.45,
      },
    ],
  },
  {
    description: 'large translucent diagonal text, black',
    layers: (w, h) => [
      {
        svg: text(w / 2, h / 2, w / 10, 'PREVIEW ONLY', `${SANS} font-weight='bold'`, 25),
        color: [0, 0, 0],
        opacity: 0.35,
      },
    ],
  },
  {
    description: 'tiled translucent text, white',
    layers: (w, h) => [
      { svg: tiled(w, h, 'SAMPLE', w / 22, `${SANS} font-weight='bold'`), color: WHITE, opacity: 0.3 },
    ],
  },
  {
    description: 'tiled translucent text, thin font',
    layers: (w, h) => [
      { svg: tiled(w, h, 'imagebank', w / 20, `${SANS} font-weight='200'`), color: WHITE, opacity: 0.5 },
    ],
  },
  {
    description: 'small opaque corner logo, white',
    layers: (w, h) => [{ svg: cornerLogo(w, h, 'LENS'), color: WHITE, opacity: 1 }],
  },
  {
    description: 'small opaque corner logo, coloured',
    layers: (w, h) => [
      { svg: `<circle cx='${w - 70}' cy='${h - 60}' r='26'/>`, color: [220, 40, 40], opacity: 1 },
      {
        svg: text(w - 150, h - 52, 22, 'studio', `${SANS} font-weight='bold'`, 0),
        color: [30, 60, 200],
        opacity: 1,
      },
    ],
  },
  {
    description: 'date stamp, orange, opaque',
    layers: (w, h) => [
      {
        svg: text(w - 150, h - 40, 30, "'19 08 14", `${MONO} font-weight='bold'`, 0),
        color: [255, 140, 26],
        opacity: 0.95,
      },
    ],
  },
  {
    description: 'date stamp, thin, yellow',
    layers: (w, h) => [
      { svg: text(170, h - 36, 26, '2021/06/03 17:42', MONO, 0), color: [255, 200, 40], opacity: 0.9 },
    ],
  },
  {
    description: 'coloured translucent logo (disc and ring)',
    layers: (w, h) => [
      {
        svg: `<circle cx='${w * 0.3}' cy='${h * 0.35}' r='${h * 0.12}'/>`,
        color: [30, 90, 220],
        opacity: 0.4,
      },
      {
        svg: `<circle cx='${w * 0.3}' cy='${h * 0.35}' r='${h * 0.17}' fill='none' stroke='white' stroke-width='${h * 0.025}'/>`,
        color: [240, 200, 30],
        opacity: 0.5,
      },
    ],
  },
  {
    description: 'coloured translucent text, red',
    layers: (w, h) => [
      {
        svg: text(w / 2, h * 0.6, w / 12, 'CONFIDENTIAL', `${SANS} font-weight='bold'`, -12),
        color: [210, 30, 30],
        opacity: 0.45,
      },
    ],
  },
  {
    description: 'thin translucent web address',
    layers: (w, h) => [
      {
        svg: text(w / 2, h * 0.85, w / 22, 'www.example-photos.com', `${SANS} font-weight='200'`, 0),
        color: WHITE,
        opacity: 0.6,
      },
    ],
  },
  {
    description: 'bold translucent word, centred',
    layers: (w, h) => [
      {
        svg: text(w / 2, h / 2, w / 7, 'WATERMARK', `${SANS} font-weight='bold'`, 0),
        color: WHITE,
        opacity: 0.5,
      },
    ],
  },
  {
    description: 'stock grid of thin diagonal lines with text',
    layers: (w, h) => [
      { svg: diagonalLines(w, h, 90), color: WHITE, opacity: 0.35 },
      {
        svg: text(w / 2, h / 2, w / 14, 'stockphoto', `${SANS} font-weight='bold'`, 0),
        color: WHITE,
        opacity: 0.45,
      },
    ],
  },
  {
    description: 'small opaque copyright line',
    layers: (w, h) => [
      { svg: text(130, h - 24, 18, '© 2024 J. Doe', SANS, 0, 'start', 14), color: WHITE, opacity: 1 },
    ],
  },
  {
    description: 'translucent dark banner with opaque white text',
    layers: (w, h) => [
      { svg: `<rect x='0' y='${h - 70}' width='${w}' height='54'/>`, color: [0, 0, 0], opacity: 0.45 },
      {
        svg: text(w / 2, h - 34, 30, 'Property of Example Media', `${SANS} font-weight='bold'`, 0),
        color: WHITE,
        opacity: 1,
      },
    ],
  },
  {
    description: 'large translucent logo, two colours, serif',
    layers: (w, h) => [
      {
        svg: text(w / 2, h * 0.45, w / 8, 'Agency', "font-family='DejaVu Serif' font-weight='bold'", -8),
        color: [20, 160, 90],
        opacity: 0.4,
      },
      {
        svg: text(w / 2, h * 0.62, w / 18, 'licensed images', `${SANS}`, -8),
        color: [250, 250, 250],
        opacity: 0.55,
      },
    ],
  },
];

function text(
  x: number,
  y: number,
  size: number,
  body: string,
  font: string,
  rotate: number,
  anchor = 'middle',
  startX?: number,
): string {
  const xx = anchor === 'start' && startX !== undefined ? startX : x;
  return `<text x='${xx}' y='${y}' font-size='${size}' ${font} text-anchor='${anchor}' dominant-baseline='middle' transform='rotate(${rotate} ${x} ${y})'>${body.replace(/&/g, '&amp;')}</text>`;
}

function tiled(w: number, h: number, body: string, size: number, font: string): string {
  const out: string[] = [];
  const stepX = size * body.length * 0.75;
  const stepY = size * 3.2;
  for (let row = 0, y = size; y < h + size; row++, y += stepY) {
    for (let x = (row % 2) * (stepX / 2); x < w + stepX; x += stepX)
      out.push(text(x, y, size, body, font, -30));
  }
  return out.join('');
}

function cornerLogo(w: number, h: number, body: string): string {
  const cx = w - 90;
  const cy = 64;
  return `<circle cx='${cx - 40}' cy='${cy}' r='18' fill='none' stroke='white' stroke-width='5'/>${text(cx + 18, cy + 2, 26, body, `${SANS} font-weight='bold'`, 0)}`;
}

function diagonalLines(w: number, h: number, step: number): string {
  const out: string[] = [];
  for (let k = -h; k < w; k += step)
    out.push(`<line x1='${k}' y1='${h}' x2='${k + h}' y2='0' stroke='white' stroke-width='2'/>`);
  return out.join('');
}

async function renderCoverage(svgBody: string, w: number, h: number): Promise<Uint8Array> {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' fill='white'>${svgBody}</svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

/** Alpha-blends each layer over the photo: out = (1 - a) * in + a * colour, a = coverage * opacity. */
async function watermarkCase(spec: WatermarkSpec, photo: RawImage, rnd: () => number) {
  const { width: w, height: h } = photo;
  const input = photo.data.slice();
  const mask = new Uint8Array(w * h);
  for (const layer of spec.layers(w, h, rnd)) {
    const cover = await renderCoverage(layer.svg, w, h);
    for (let i = 0; i < w * h; i++) {
      if (!cover[i]) continue;
      mask[i] = 1;
      const a = (cover[i] / 255) * layer.opacity;
      for (let k = 0; k < 3; k++)
        input[i * 3 + k] = Math.round((1 - a) * input[i * 3 + k] + a * layer.color[k]);
    }
  }
  return { input: { ...photo, data: input }, mask };
}

/** Pastes a blob-shaped patch of another photo, with a one-pixel soft edge, at a random place. */
function objectCase(photo: RawImage, donor: RawImage, radius: number, rnd: () => number) {
  const { width: w, height: h } = photo;
  const input = photo.data.slice();
  const mask = new Uint8Array(w * h);
  const rx = radius * (0.8 + 0.5 * rnd());
  const ry = radius * (0.8 + 0.5 * rnd());
  const cx = rx + 8 + rnd() * (w - 2 * rx - 16);
  const cy = ry + 8 + rnd() * (h - 2 * ry - 16);
  const sx = rx + rnd() * (donor.width - 2 * rx) - cx;
  const sy = ry + rnd() * (donor.height - 2 * ry) - cy;
  const phase = [rnd() * 6.28, rnd() * 6.28];
  const wobble = [0.12 * rnd(), 0.08 * rnd()];
  for (let y = Math.floor(cy - ry * 1.3); y <= cy + ry * 1.3; y++) {
    for (let x = Math.floor(cx - rx * 1.3); x <= cx + rx * 1.3; x++) {
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const theta = Math.atan2(dy, dx);
      const edge =
        1 + wobble[0] * Math.sin(3 * theta + phase[0]) + wobble[1] * Math.sin(5 * theta + phase[1]);
      const rho = Math.hypot(dx, dy) / edge;
      const a = Math.max(0, Math.min(1, (1 - rho) * Math.min(rx, ry) + 0.5));
      if (a <= 0) continue;
      mask[y * w + x] = 1;
      const ox = Math.round(x + sx);
      const oy = Math.round(y + sy);
      const i = y * w + x;
      const j =
        Math.min(donor.height - 1, Math.max(0, oy)) * donor.width +
        Math.min(donor.width - 1, Math.max(0, ox));
      for (let k = 0; k < 3; k++)
        input[i * 3 + k] = Math.round((1 - a) * input[i * 3 + k] + a * donor.data[j * 3 + k]);
    }
  }
  return { input: { ...photo, data: input }, mask };
}

const OBJECT_SIZES = [0.03, 0.05, 0.07, 0.09, 0.11, 0.13, 0.15, 0.04, 0.08, 0.12, 0.06, 0.1];

export async function buildCases(seed = 2024, only?: 'watermark' | 'object'): Promise<BenchCase[]> {
  const rnd = seededRandom(seed);
  const cache = new Map<string, RawImage>();
  const photo = async (name: string) => {
    if (!cache.has(name)) cache.set(name, await loadPhoto(name));
    return cache.get(name)!;
  };
  const cases: BenchCase[] = [];
  const landscape = PHOTOS.filter((p) => p.endsWith('.jpg') && p[0] === p[0].toUpperCase());
  if (only !== 'object') {
    for (let k = 0; k < WATERMARKS.length; k++) {
      const name = landscape[(k * 5 + 3) % landscape.length];
      const reference = await photo(name);
      const { input, mask } = await watermarkCase(WATERMARKS[k], reference, rnd);
      cases.push({
        id: `wm-${String(k + 1).padStart(2, '0')}`,
        set: 'watermark',
        description: WATERMARKS[k].description,
        photo: name,
        input,
        reference,
        mask,
      });
    }
  }
  if (only !== 'watermark') {
    for (let k = 0; k < OBJECT_SIZES.length; k++) {
      const name = PHOTOS[(k * 7 + 1) % PHOTOS.length];
      const donorName =
        PHOTOS[(k * 3 + 5) % PHOTOS.length] === name
          ? PHOTOS[(k * 3 + 6) % PHOTOS.length]
          : PHOTOS[(k * 3 + 5) % PHOTOS.length];
      const reference = await photo(name);
      const radius = OBJECT_SIZES[k] * Math.min(reference.width, reference.height);
      const { input, mask } = objectCase(reference, await photo(donorName), radius, rnd);
      cases.push({
        id: `obj-${String(k + 1).padStart(2, '0')}`,
        set: 'object',
        description: `${donorName.replace(/\..*/, '')} patch, radius ${Math.round(radius)} px`,
        photo: name,
        input,
        reference,
        mask,
      });
    }
  }
  return cases;
}
