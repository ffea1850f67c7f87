/**
 * The learned-fill benchmark's set: what people remove from photos, pasted or drawn into the project's real
 * photographs (assets/photos, licences in its README) at 1024 px, each with the clean photo as reference
 * and the exact mask. Kinds: people, cars, signs, wires, poles, small blemishes, large regions, and the
 * inpainting benchmark's 12 pasted patches (the team's object set). Tuning and held-out parts are split by
 * whole kind, so no choice is tuned on a kind of object it is judged on.
 */
import sharp from 'sharp';
import type { RawImage } from '../../server/src/lib/image/raw-image';
import { seededRandom } from '../../server/src/lib/random';
import { EVERYDAY_PHOTOS } from '../../server/test/support/uploads';
import { buildCases, loadPhoto } from '../inpaint/cases';

export type Kind =
  'people' | 'cars' | 'signs' | 'wires' | 'poles' | 'blemishes' | 'large regions' | 'pasted patches';

/** Tuned on these kinds; every other kind is held out. */
export const TUNING_KINDS: readonly Kind[] = ['people', 'wires', 'blemishes', 'large regions'];

export interface LearnedCase {
  id: string;
  kind: Kind;
  part: 'tuning' | 'held-out';
  photo: string;
  input: RawImage;
  reference: RawImage;
  mask: Uint8Array;
}

const PEOPLE_DONORS = [
  'face-didgeridoo-player-body-paint.jpg',
  'face-grace-hopper-navy-portrait.jpg',
  'face-man-yawning-glasses-beard.jpg',
  'face-old-man-sepia-moustache.jpg',
  'astronaut.png',
];
const SCENES = EVERYDAY_PHOTOS.filter((p) => !p.startsWith('face-') && p !== 'astronaut.png');
const PER_KIND = 6;

type Rnd = () => number;
/** An SVG drawing of the object (white on transparent) and, for drawn objects, its colour. */
interface Shape {
  svg: string;
  /** Solid colour; absent: the pixels come from a donor photo. */
  color?: [number, number, number];
  donor?: string;
  /** Vertical shading of drawn objects (0 = flat). */
  shade?: number;
}

const between = (rnd: Rnd, a: number, b: number) => a + (b - a) * rnd();

const SHAPES: Record<Exclude<Kind, 'pasted patches'>, (w: number, h: number, rnd: Rnd) => Shape[]> = {
  people: (w, h, rnd) => {
    const height = between(rnd, 0.35, 0.55) * h;
    const x = between(rnd, 0.15, 0.85) * w;
    const foot = between(rnd, 0.8, 1) * h;
    const s = height / 8;
    const head = `<circle cx='${x}' cy='${foot - height + s * 0.6}' r='${s * 0.6}'/>`;
    const body = `<path d='M ${x - 1.2 * s} ${foot - height + 1.4 * s} L ${x + 1.2 * s} ${foot - height + 1.4 * s} L ${x + 1.5 * s} ${foot - 4 * s} L ${x + 0.8 * s} ${foot} L ${x + 0.15 * s} ${foot} L ${x} ${foot - 3.6 * s} L ${x - 0.15 * s} ${foot} L ${x - 0.8 * s} ${foot} L ${x - 1.5 * s} ${foot - 4 * s} Z'/>`;
    return [{ svg: head + body, donor: PEOPLE_DONORS[Math.floor(rnd() * PEOPLE_DONORS.length)] }];
  },
  cars: (w, h, rnd) => {
    const cw = between(rnd, 0.25, 0.4) * w;
    const ch = cw * 0.42;
    const x = between(rnd, 0.02, 0.98 - cw / w) * w;
    const y = between(rnd, 0.55, 0.97) * h - ch;
    const body = `<rect x='${x}' y='${y + ch * 0.35}' width='${cw}' height='${ch * 0.5}' rx='${ch * 0.12}'/>`;
    const cabin = `<path d='M ${x + cw * 0.2} ${y + ch * 0.38} L ${x + cw * 0.32} ${y} L ${x + cw * 0.7} ${y} L ${x + cw * 0.82} ${y + ch * 0.38} Z'/>`;
    const wheels = [0.22, 0.78]
      .map((f) => `<circle cx='${x + cw * f}' cy='${y + ch * 0.85}' r='${ch * 0.16}'/>`)
      .join('');
    return [{ svg: body + cabin + wheels, donor: SCENES[Math.floor(rnd() * SCENES.length)] }];
  },
  signs: (w, h, rnd) => {
    const x = between(rnd, 0.1, 0.9) * w;
    const top = between(rnd, 0.25, 0.5) * h;
    const pole = `<rect x='${x - 4}' y='${top}' width='8' height='${h - top}'/>`;
    const r = between(rnd, 0.04, 0.07) * w;
    const panel =
      rnd() < 0.5
        ? `<circle cx='${x}' cy='${top}' r='${r}'/>`
        : `<rect x='${x - r * 1.3}' y='${top - r}' width='${r * 2.6}' height='${r * 1.6}'/>`;
    const colors: [number, number, number][] = [
      [200, 30, 30],
      [20, 70, 170],
      [240, 240, 235],
      [20, 130, 60],
    ];
    return [
      { svg: pole, color: [120, 120, 125], shade: 0.1 },
      { svg: panel, color: colors[Math.floor(rnd() * colors.length)] },
    ];
  },
  wires: (w, h, rnd) => {
    const n = 1 + Math.floor(rnd() * 3);
    const y = between(rnd, 0.1, 0.5) * h;
    const sag = between(rnd, 0.03, 0.1) * h;
    const width = between(rnd, 2.5, 5);
    const paths = Array.from({ length: n }, (_, k) => {
      const dy = k * between(rnd, 12, 30);
      return `<path d='M 0 ${y + dy} Q ${w / 2} ${y + dy + 2 * sag} ${w} ${y + dy - sag * 0.3}' fill='none' stroke='white' stroke-width='${width}'/>`;
    });
    return [{ svg: paths.join(''), color: [35, 35, 38] }];
  },
  poles: (w, h, rnd) => {
    const x = between(rnd, 0.1, 0.9) * w;
    const width = between(rnd, 12, 26);
    const top = between(rnd, -0.1, 0.3) * h;
    const lean = between(rnd, -0.03, 0.03) * h;
    const svg = `<path d='M ${x - width / 2} ${top} L ${x + width / 2} ${top} L ${x + width / 2 + lean} ${h} L ${x - width / 2 + lean} ${h} Z'/>`;
    return [{ svg, color: [95, 80, 65], shade: 0.25 }];
  },
  blemishes: (w, h, rnd) => {
    const n = 5 + Math.floor(rnd() * 5);
    const spots = Array.from({ length: n }, () => {
      const r = between(rnd, 3, 12);
      return `<ellipse cx='${between(rnd, 0.05, 0.95) * w}' cy='${between(rnd, 0.05, 0.95) * h}' rx='${r}' ry='${r * between(rnd, 0.7, 1.2)}'/>`;
    });
    const dark = rnd() < 0.6;
    return [{ svg: spots.join(''), color: dark ? [40, 35, 30] : [235, 230, 220] }];
  },
  'large regions': (w, h, rnd) => {
    const r = between(rnd, 0.22, 0.3) * Math.min(w, h);
    const cx = between(rnd, r, w - r);
    const cy = between(rnd, r, h - r);
    const points = Array.from({ length: 9 }, (_, k) => {
      const a = (k / 9) * 2 * Math.PI;
      const rr = r * between(rnd, 0.75, 1.15);
      return `${cx + rr * Math.cos(a)},${cy + rr * Math.sin(a) * 0.8}`;
    });
    return [
      { svg: `<polygon points='${points.join(' ')}'/>`, donor: SCENES[Math.floor(rnd() * SCENES.length)] },
    ];
  },
};

async function coverage(svg: string, w: number, h: number): Promise<Uint8Array> {
  const doc = `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' fill='white'>${svg}</svg>`;
  const { data } = await sharp(Buffer.from(doc)).ensureAlpha().extractChannel(3).raw().toBuffer({
    resolveWithObject: true,
  });
  return new Uint8Array(data);
}

/** Paints each shape over the photo (donor pixels or a shaded colour) with its anti-aliased edge. */
async function drawCase(photo: RawImage, shapes: Shape[], donors: (name: string) => Promise<RawImage>) {
  const { width: w, height: h } = photo;
  const input = photo.data.slice();
  const mask = new Uint8Array(w * h);
  for (const shape of shapes) {
    const cover = await coverage(shape.svg, w, h);
    const donor = shape.donor ? await donors(shape.donor) : null;
    const dx = donor ? Math.floor((donor.width - Math.min(w, donor.width)) / 2) : 0;
    const dy = donor ? Math.floor((donor.height - Math.min(h, donor.height)) / 2) : 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (!cover[i]) continue;
        mask[i] = 1;
        const a = cover[i] / 255;
        for (let k = 0; k < 3; k++) {
          let v: number;
          if (donor) {
            const sx = Math.min(
              donor.width - 1,
              dx + (Math.round((x * donor.width) / w / 1.5) % donor.width),
            );
            const sy = Math.min(
              donor.height - 1,
              dy + (Math.round((y * donor.height) / h / 1.5) % donor.height),
            );
            v = donor.data[(sy * donor.width + sx) * 3 + k];
          } else {
            const c = shape.color ?? [128, 128, 128];
            v = c[k] * (1 - (shape.shade ?? 0) * (0.5 - y / h));
          }
          input[i * 3 + k] = Math.round((1 - a) * input[i * 3 + k] + a * Math.max(0, Math.min(255, v)));
        }
      }
  }
  return { input: { ...photo, data: input }, mask };
}

export async function buildLearnedCases(seed = 56): Promise<LearnedCase[]> {
  const rnd = seededRandom(seed);
  const cache = new Map<string, RawImage>();
  const photo = async (name: string) => {
    if (!cache.has(name)) cache.set(name, await loadPhoto(name));
    return cache.get(name)!;
  };
  const cases: LearnedCase[] = [];
  const kinds = Object.keys(SHAPES) as Exclude<Kind, 'pasted patches'>[];
  for (const [k, kind] of kinds.entries()) {
    for (let n = 0; n < PER_KIND; n++) {
      const name = SCENES[(k * 5 + n * 3) % SCENES.length];
      const reference = await photo(name);
      const { input, mask } = await drawCase(
        reference,
        SHAPES[kind](reference.width, reference.height, rnd),
        photo,
      );
      cases.push({
        id: `${kind.replace(' ', '-')}-${n + 1}`,
        kind,
        part: TUNING_KINDS.includes(kind) ? 'tuning' : 'held-out',
        photo: name,
        input,
        reference,
        mask,
      });
    }
  }
  for (const c of await buildCases(2024, 'object'))
    cases.push({ ...c, kind: 'pasted patches', part: 'held-out' });
  return cases;
}
