import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RawImage } from '../../server/src/lib/image/raw-image';
import { seededRandom } from '../../server/src/lib/random';
import { connectedComponents, dilate, expandBox } from '../../server/src/lib/image/bitmap';
import { loadPhoto } from '../inpaint/cases';
import { ADDED_MARKS, MARKS, type MarkKind, type MarkSpec } from './marks';

/**
 * The watermark benchmark set: real photos from assets/photos with the marks people upload drawn over them
 * (see marks.ts), each with the clean photo, the mark's true mask and a mask painted loosely as a person
 * paints it; plus clean photos with no mark. Two parts with separate photos and seeds: `tuning`, for
 * choosing settings, and `heldout`, kept out of that loop and reported apart.
 */
export type Part = 'tuning' | 'heldout';

export interface WatermarkCase {
  /** `t-01`..., `h-01`...; clean photos `t-clean-1`... */
  id: string;
  /** `wide`: a photo from a folder outside the repository (buildWideSet). */
  part: Part | 'wide';
  kind: MarkKind | 'clean';
  description: string;
  photo: string;
  /** The marked photo (JPEG-decoded for the kinds saved as JPEG). */
  input: RawImage;
  /** The photo before the mark. */
  reference: RawImage;
  /** 1 where the mark's opacity is at least TRUE_ALPHA: what detection should find. All 0 on clean photos. */
  trueMask: Uint8Array;
  /** The true mask grown loosely, a few to a few tens of pixels, or a rectangle around small text. */
  looseMask: Uint8Array;
}

/** A mark pixel counts from 2 % opacity; fainter tails of shadows and glows change no colour by more than 5 levels. */
export const TRUE_ALPHA = 0.02;

interface PartPhotos {
  seed: number;
  photos: string[];
  busy: string[];
  faces: { photo: string; x: number; y: number }[];
  clean: string[];
  /** Kinds drawn once more in this part, after the rest (ids follow on, the earlier cases stay as they were). */
  extra?: MarkKind[];
  /** Kinds of ADDED_MARKS drawn after those, with the option `added`. */
  added?: MarkKind[];
}

const PARTS: Record<Part, PartPhotos> = {
  tuning: {
    seed: 101,
    photos: ['Aqua.jpg', 'Dune.jpg', 'Garden.jpg', 'LadyBird.jpg', 'Storm.jpg', 'Wood.jpg', 'coffee.png'],
    busy: ['Wood.jpg', 'Garden.jpg'],
    faces: [
      { photo: 'astronaut.png', x: 0.47, y: 0.24 },
      { photo: 'face-grace-hopper-navy-portrait.jpg', x: 0.45, y: 0.33 },
    ],
    clean: ['Aqua.jpg', 'Storm.jpg', 'astronaut.png', 'coffee.png'],
    // More of the kinds a single-colour inversion gets wrong, so settings are chosen on more than two of each.
    extra: [
      'gradient logo',
      'date stamp',
      'overlapping shapes',
      'gradient logo',
      'date stamp',
      'overlapping shapes',
    ],
    added: ['corner text on detail', 'corner text on detail'],
  },
  heldout: {
    seed: 202,
    photos: [
      'Blinds.jpg',
      'FreshFlower.jpg',
      'GreenMeadow.jpg',
      'RainDrops.jpg',
      'TwoWings.jpg',
      'YellowFlower.jpg',
      'rocket.jpg',
    ],
    busy: ['GreenMeadow.jpg', 'RainDrops.jpg'],
    faces: [{ photo: 'face-old-man-sepia-moustache.jpg', x: 0.47, y: 0.4 }],
    clean: ['Blinds.jpg', 'TwoWings.jpg', 'chelsea.png', 'face-old-man-sepia-moustache.jpg'],
    added: ['corner text on detail', 'corner text on detail'],
  },
};

/** The kinds that broke the single-colour inversion come twice in each part. */
const TWICE: MarkKind[] = ['gradient logo', 'multi-colour logo', 'overlapping shapes'];

export interface SetOptions {
  parts?: Part[];
  /** Include the clean photos (for detection's false alarms); default true. */
  clean?: boolean;
  /** Longer side of the photos; default 1024. */
  side?: number;
  /** Also the cases of ADDED_MARKS (the removal's worst kinds on other sets), after all others; default false. */
  added?: boolean;
}

/** Builds the set, deterministic for the same options: every call returns the same pixels. */
export async function buildWatermarkSet(options: SetOptions = {}): Promise<WatermarkCase[]> {
  const { parts = ['tuning', 'heldout'], clean = true, side = 1024, added = false } = options;
  const photos = new Map<string, RawImage>();
  const photo = async (name: string) => {
    if (!photos.has(name)) photos.set(name, await loadPhoto(name, side));
    return photos.get(name)!;
  };
  const cases: WatermarkCase[] = [];
  for (const part of parts) {
    const p = PARTS[part];
    const rnd = seededRandom(p.seed);
    const extra = (p.extra ?? []).map((kind) => MARKS.find((m) => m.kind === kind)!);
    const later = added ? (p.added ?? []).map((kind) => ADDED_MARKS.find((m) => m.kind === kind)!) : [];
    const specs = [...MARKS, ...MARKS.filter((m) => TWICE.includes(m.kind)), ...extra, ...later];
    let n = 0;
    for (const spec of specs) {
      const face = spec.place === 'face' ? p.faces[n % p.faces.length] : null;
      const name =
        face?.photo ??
        (spec.place === 'busy' ? p.busy[n % p.busy.length] : p.photos[Math.floor(rnd() * p.photos.length)]);
      const reference = await photo(name);
      const { width: w, height: h } = reference;
      const at = face
        ? { x: face.x * w, y: face.y * h }
        : spec.place === 'busy'
          ? busiestPoint(reference)
          : { x: w * (0.4 + 0.2 * rnd()), y: h * (0.3 + 0.4 * rnd()) };
      const drawing = spec.draw(w, h, rnd, at);
      const { input, trueMask } = await drawMark(reference, drawing.svg, spec.jpegQuality);
      n++;
      cases.push({
        id: `${part[0]}-${String(n).padStart(2, '0')}`,
        part,
        kind: spec.kind,
        description: drawing.description,
        photo: name,
        input,
        reference,
        trueMask,
        looseMask: paintLoosely(trueMask, w, h, spec, rnd),
      });
    }
    if (!clean) continue;
    for (const [k, name] of p.clean.entries()) {
      const reference = await photo(name);
      cases.push({
        id: `${part[0]}-clean-${k + 1}`,
        part,
        kind: 'clean',
        description: 'no mark',
        photo: name,
        input: reference,
        reference,
        trueMask: new Uint8Array(reference.width * reference.height),
        looseMask: new Uint8Array(reference.width * reference.height),
      });
    }
  }
  return cases;
}

export interface WideOptions {
  /** Longer side of the photos; default 1024. */
  side?: number;
  /** Include the photos unmarked too; default true. */
  clean?: boolean;
  /** How many of the folder's photos; default 31. */
  photos?: number;
}

/** The kinds drawn on a folder's photos: all but the one placed on a portrait's face. */
const WIDE_KINDS = MARKS.filter((m) => m.place !== 'face');
const WIDE_SEED = 303;

/**
 * The set's marks on photos outside the repository (a Debian package's photos, say), for a wider look than its
 * 14 photos: `photos` of the folder's photographs (photoFiles), evenly spaced in name order, each marked twice
 * with two kinds (every kind but the face one, in turn; saved, placed and painted as in the set), and, with
 * `clean`, each unmarked. Part `wide`, ids `w-01`..., `w-clean-1`...; deterministic for the same folder.
 */
export async function buildWideSet(dir: string, options: WideOptions = {}): Promise<WatermarkCase[]> {
  const { side = 1024, clean = true, photos: count = 31 } = options;
  const all = await photoFiles(dir);
  const files = Array.from(
    { length: Math.min(count, all.length) },
    (_, k) => all[Math.floor(((k + 0.5) * all.length) / Math.min(count, all.length))],
  );
  const rnd = seededRandom(WIDE_SEED);
  const cases: WatermarkCase[] = [];
  for (let round = 0; round < 2; round++) {
    for (const [k, file] of files.entries()) {
      const reference = await loadPhoto(file, side);
      const spec = WIDE_KINDS[(k + 5 * round) % WIDE_KINDS.length];
      const { width: w, height: h } = reference;
      const at =
        spec.place === 'busy'
          ? busiestPoint(reference)
          : { x: w * (0.4 + 0.2 * rnd()), y: h * (0.3 + 0.4 * rnd()) };
      const drawing = spec.draw(w, h, rnd, at);
      const { input, trueMask } = await drawMark(reference, drawing.svg, spec.jpegQuality);
      cases.push({
        id: `w-${String(cases.length + 1).padStart(2, '0')}`,
        part: 'wide',
        kind: spec.kind,
        description: drawing.description,
        photo: path.relative(dir, file),
        input,
        reference,
        trueMask,
        looseMask: paintLoosely(trueMask, w, h, spec, rnd),
      });
    }
  }
  if (clean)
    for (const [k, file] of files.entries()) {
      const reference = await loadPhoto(file, side);
      const empty = new Uint8Array(reference.width * reference.height);
      cases.push({
        id: `w-clean-${k + 1}`,
        part: 'wide',
        kind: 'clean',
        description: 'no mark',
        photo: path.relative(dir, file),
        input: reference,
        reference,
        trueMask: empty,
        looseMask: empty,
      });
    }
  return cases;
}

/** A folder as a report names it: its last four parts (a package's own path, not where it was unpacked). */
export const wideName = (dir: string) => dir.split('/').filter(Boolean).slice(-4).join('/');

/**
 * The photographs under a folder, in name order: JPEG, PNG and WebP files of at least 300 px on the short
 * side whose 128 px thumbnail has at least 400 colours at 5 bits a channel, which leaves out drawings,
 * charts and test patterns (the rule of scripts/watermark-detect/list-photos.py).
 */
async function photoFiles(dir: string): Promise<string[]> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .map((f) => path.join(dir, f))
    .sort();
  const photos: string[] = [];
  for (const file of files) {
    const meta = await sharp(file).metadata();
    if (Math.min(meta.width ?? 0, meta.height ?? 0) < 300) continue;
    const thumb = await sharp(file)
      .resize(128, 128, { fit: 'inside' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer();
    const colours = new Set<number>();
    for (let i = 0; i + 2 < thumb.length; i += 3)
      colours.add(((thumb[i] >> 3) << 10) | ((thumb[i + 1] >> 3) << 5) | (thumb[i + 2] >> 3));
    if (colours.size >= 400) photos.push(file);
  }
  return photos;
}

/** Alpha-composites the drawing over the photo as editors do: out = (1 - a) * photo + a * colour. */
export async function drawMark(photo: RawImage, body: string, jpegQuality?: number) {
  const { width: w, height: h } = photo;
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}'>${body}</svg>`;
  const rgba = new Uint8Array(await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer());
  const data = photo.data.slice();
  const trueMask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const a = rgba[i * 4 + 3] / 255;
    if (!a) continue;
    if (a >= TRUE_ALPHA) trueMask[i] = 1;
    for (let k = 0; k < 3; k++) data[i * 3 + k] = Math.round((1 - a) * data[i * 3 + k] + a * rgba[i * 4 + k]);
  }
  let input: RawImage = { ...photo, data };
  if (jpegQuality) {
    const jpeg = await sharp(Buffer.from(data), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: jpegQuality })
      .toBuffer();
    input = { ...photo, data: new Uint8Array(await sharp(jpeg).raw().toBuffer()) };
  }
  return { input, trueMask };
}

/**
 * A mask as a person paints it. Band: the mark grown by a few pixels everywhere and, in irregular patches,
 * by up to a few tens (strokes that wander). Box: a rectangle around each word or logo, with a margin.
 */
function paintLoosely(mark: Uint8Array, w: number, h: number, spec: MarkSpec, rnd: () => number): Uint8Array {
  if (spec.paint === 'box') return paintBoxes(mark, w, h, rnd);
  const fine = spec.kind === 'tiled';
  const near = dilate(mark, w, h, fine ? 2 + rnd() * 2 : 3 + rnd() * 5);
  const far = dilate(mark, w, h, fine ? 6 + rnd() * 6 : 12 + rnd() * 18);
  const wander = blobs(w, h, 40, rnd);
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = near[i] || (far[i] && wander[i]) ? 1 : 0;
  return out;
}

/** A rectangle around each word or logo of the mark (its parts 24 px apart or closer), with a 4-20 px margin. */
export function paintBoxes(mark: Uint8Array, w: number, h: number, rnd: () => number): Uint8Array {
  const words = connectedComponents(dilate(mark, w, h, 12), w, h);
  const out = new Uint8Array(w * h);
  for (const box of words.boxes) {
    // The boxes are of the mark grown by 12 px; the margin left around the mark is 4-20 px.
    const margin = 4 + rnd() * 16;
    const b = expandBox(box, Math.round(margin - 12), w, h);
    for (let y = b.y0; y < b.y1; y++) out.fill(1, y * w + b.x0, y * w + b.x1);
  }
  return out;
}

/** About half the photo covered by smooth blobs of roughly `scale` pixels (bilinear value noise). */
function blobs(w: number, h: number, scale: number, rnd: () => number): Uint8Array {
  const gw = Math.ceil(w / scale) + 2;
  const gh = Math.ceil(h / scale) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => rnd());
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const gy = y / scale;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    for (let x = 0; x < w; x++) {
      const gx = x / scale;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      const v =
        (grid[y0 * gw + x0] * (1 - fx) + grid[y0 * gw + x0 + 1] * fx) * (1 - fy) +
        (grid[(y0 + 1) * gw + x0] * (1 - fx) + grid[(y0 + 1) * gw + x0 + 1] * fx) * fy;
      out[y * w + x] = v > 0.5 ? 1 : 0;
    }
  }
  return out;
}

/** The centre of the most detailed window of the photo (a quarter of its size), away from the edges. */
function busiestPoint(photo: RawImage): { x: number; y: number } {
  const { width: w, height: h, data } = photo;
  const cell = 32;
  const cw = Math.floor(w / cell);
  const ch = Math.floor(h / cell);
  const energy = new Float32Array(cw * ch);
  for (let y = 0; y < ch * cell - 1; y++)
    for (let x = 0; x < cw * cell - 1; x++) {
      const i = (y * w + x) * 3;
      const g = Math.abs(data[i + 3] - data[i]) + Math.abs(data[i + w * 3] - data[i]);
      energy[Math.floor(y / cell) * cw + Math.floor(x / cell)] += g;
    }
  const win = Math.max(1, Math.floor(Math.min(cw, ch) / 2));
  let best = { x: w / 2, y: h / 2 };
  let bestEnergy = -1;
  for (let cy = 0; cy + win <= ch; cy++)
    for (let cx = 0; cx + win <= cw; cx++) {
      let e = 0;
      for (let y = cy; y < cy + win; y++) for (let x = cx; x < cx + win; x++) e += energy[y * cw + x];
      if (e > bestEnergy) {
        bestEnergy = e;
        // Kept near the middle across, where a word fits whole.
        best = { x: Math.min(0.6 * w, Math.max(0.4 * w, (cx + win / 2) * cell)), y: (cy + win / 2) * cell };
      }
    }
  return best;
}
