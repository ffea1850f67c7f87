import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents, dilate } from '../../lib/image/bitmap';
import { loadOpenCv, type Cv } from './opencv';
import type { Box } from './types';

/**
 * GrabCut runs on the crop scaled to this long side: its cost grows with pixels, its outline barely. With
 * several boxes ("remove all the people") the side shrinks so the total stays near one box's cost.
 */
const WORK_SIDE = 320;
const MIN_WORK_SIDE = 160;
const ITERATIONS = 5;
/** Below this share of its box, GrabCut lost the object (a low-contrast or box-filling subject). */
const MIN_FILL = 0.15;
/** GrabCut needs this share of the crop outside the box to learn the background's colours from. */
const MIN_BACKGROUND = 0.04;

export interface ObjectMaskStats {
  /**
   * Per box: 'grabcut', 'grabcut+prompt' (united with the segmenter's mask), 'prompt' (GrabCut failed, the
   * segmenter's mask alone), or 'ellipse' where both failed and the box's ellipse stands in.
   */
  methods: ('grabcut' | 'grabcut+prompt' | 'prompt' | 'ellipse')[];
}

/**
 * A 0/1 mask at the image's size covering the object inside each box: GrabCut seeded by the box on a crop
 * with a margin around it (the margin is the background model), holes filled (an object's unmasked middle
 * would survive the fill), then grown by a few pixels so soft edges, motion blur and contact shadows go too.
 */
export async function objectMask(
  image: RawImage,
  boxes: readonly Box[],
  stats?: ObjectMaskStats,
  prompted?: readonly Uint8Array[],
): Promise<Uint8Array> {
  const { cv } = await loadOpenCv();
  const { width, height } = image;
  const out = new Uint8Array(width * height);
  const side = Math.max(MIN_WORK_SIDE, Math.round(WORK_SIDE / Math.sqrt(Math.max(1, boxes.length))));
  for (const [index, box] of boxes.entries()) {
    const segment = segmentBox(cv, image, box, side);
    const {
      mask: part,
      crop,
      method,
    } = prompted?.[index] ? withPrompted(segment, prompted[index], width) : segment;
    stats?.methods.push(method);
    const grow = Math.max(3, Math.round(0.012 * Math.hypot(box.width, box.height)));
    // Grow inside a crop padded by the growth, so the dilation costs the crop, not the photo.
    const px0 = Math.max(0, crop.x - grow);
    const py0 = Math.max(0, crop.y - grow);
    const pw = Math.min(width, crop.x + crop.width + grow) - px0;
    const ph = Math.min(height, crop.y + crop.height + grow) - py0;
    const padded = new Uint8Array(pw * ph);
    for (let y = 0; y < crop.height; y++) {
      padded.set(part.subarray(y * crop.width, (y + 1) * crop.width), (y + crop.y - py0) * pw + crop.x - px0);
    }
    const grown = dilate(padded, pw, ph, grow);
    for (let y = 0; y < ph; y++) {
      const row = (y + py0) * width + px0;
      for (let x = 0; x < pw; x++) if (grown[y * pw + x]) out[row + x] = 1;
    }
  }
  return out;
}

interface Segment {
  mask: Uint8Array;
  crop: { x: number; y: number; width: number; height: number };
  method: ObjectMaskStats['methods'][number];
}

/**
 * GrabCut's segment united with the segmenter's mask of the same box (clipped to the crop). On hand-drawn masks
 * of the project's photos each missed what the other covered (GrabCut the rim of a cup, the segmenter a
 * portrait's hair): together they covered nearly all of every object, and a leftover piece shows far more than a
 * little extra fill (docs/lab/select.md). Where GrabCut failed (its ellipse), the segmenter's mask stands alone when it found anything.
 */
function withPrompted(segment: Segment, prompted: Uint8Array, photoWidth: number): Segment {
  const { crop } = segment;
  const mask = segment.method === 'ellipse' ? new Uint8Array(segment.mask.length) : segment.mask.slice();
  let found = 0;
  for (let y = 0; y < crop.height; y++)
    for (let x = 0; x < crop.width; x++)
      if (prompted[(y + crop.y) * photoWidth + x + crop.x]) {
        mask[y * crop.width + x] = 1;
        found++;
      }
  if (found === 0) return segment;
  return { mask, crop, method: segment.method === 'ellipse' ? 'prompt' : 'grabcut+prompt' };
}

function segmentBox(cv: Cv, image: RawImage, box: Box, side: number): Segment {
  const margin = Math.round(0.15 * Math.max(box.width, box.height)) + 8;
  const x0 = Math.max(0, Math.floor(box.x - margin));
  const y0 = Math.max(0, Math.floor(box.y - margin));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.width + margin));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.height + margin));
  const crop = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const scale = Math.min(1, side / Math.max(crop.width, crop.height));
  const sw = Math.max(8, Math.round(crop.width * scale));
  const sh = Math.max(8, Math.round(crop.height * scale));
  // The box in work pixels. Outside it is sure background; where the box meets the photo's edge there is
  // no outside, so the object cut by the frame is not learnt as background.
  const rx = clamp(Math.round((box.x - x0) * (sw / crop.width)), 0, sw - 2);
  const ry = clamp(Math.round((box.y - y0) * (sh / crop.height)), 0, sh - 2);
  const rw = clamp(Math.round(box.width * (sw / crop.width)), 2, sw - rx);
  const rh = clamp(Math.round(box.height * (sh / crop.height)), 2, sh - ry);
  const background = sw * sh - rw * rh;
  if (background < MIN_BACKGROUND * sw * sh) {
    return { mask: ellipse(box, crop), crop, method: 'ellipse' };
  }

  const small = grabCut(cv, cropRgb(image, crop), crop.width, crop.height, sw, sh, { rx, ry, rw, rh });
  fillHoles(small, sw, sh);
  keepLarge(small, sw, sh);
  let inside = 0;
  for (let y = ry; y < ry + rh; y++) for (let x = rx; x < rx + rw; x++) inside += small[y * sw + x];
  if (inside < MIN_FILL * rw * rh) {
    return { mask: ellipse(box, crop), crop, method: 'ellipse' };
  }
  return { mask: upscale(small, sw, sh, crop.width, crop.height), crop, method: 'grabcut' };
}

function grabCut(
  cv: Cv,
  rgb: Uint8Array,
  width: number,
  height: number,
  sw: number,
  sh: number,
  r: { rx: number; ry: number; rw: number; rh: number },
): Uint8Array {
  const src = new cv.Mat(height, width, cv.CV_8UC3);
  const img = new cv.Mat();
  const mask = new cv.Mat();
  const bgd = new cv.Mat();
  const fgd = new cv.Mat();
  try {
    src.data.set(rgb);
    cv.resize(src, img, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    // Outside the box is sure background: a probable-background ring there (to let objects poke out of
    // loose boxes) was tried and let the astronaut's mask spread over the flag and the wall.
    const seeds = new Uint8Array(sw * sh).fill(cv.GC_BGD);
    for (let y = r.ry; y < r.ry + r.rh; y++) seeds.fill(cv.GC_PR_FGD, y * sw + r.rx, y * sw + r.rx + r.rw);
    mask.create(sh, sw, cv.CV_8UC1);
    mask.data.set(seeds);
    const rect = new cv.Rect(r.rx, r.ry, r.rw, r.rh);
    cv.grabCut(img, mask, rect, bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_MASK);
    const out = new Uint8Array(sw * sh);
    const m = mask.data;
    // 1 = sure foreground, 3 = probable foreground.
    for (let i = 0; i < out.length; i++) out[i] = m[i] & 1;
    return out;
  } finally {
    src.delete();
    img.delete();
    mask.delete();
    bgd.delete();
    fgd.delete();
  }
}

function cropRgb(image: RawImage, crop: { x: number; y: number; width: number; height: number }): Uint8Array {
  const { data, width, channels } = image;
  const out = new Uint8Array(crop.width * crop.height * 3);
  let o = 0;
  for (let y = crop.y; y < crop.y + crop.height; y++) {
    for (let x = crop.x; x < crop.x + crop.width; x++) {
      const p = (y * width + x) * channels;
      out[o++] = data[p];
      out[o++] = data[p + (channels >= 3 ? 1 : 0)];
      out[o++] = data[p + (channels >= 3 ? 2 : 0)];
    }
  }
  return out;
}

/** Background reachable from the crop's border stays; every enclosed gap becomes object. */
export function fillHoles(mask: Uint8Array, width: number, height: number): void {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!mask[i] && !seen[i]) {
      seen[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < mask.length - width) push(i + width);
  }
  for (let i = 0; i < mask.length; i++) if (!seen[i]) mask[i] = 1;
}

/** Drops specks: components under a tenth of the largest are background GrabCut mislabelled. */
function keepLarge(mask: Uint8Array, width: number, height: number): void {
  const { labels, sizes } = connectedComponents(mask, width, height);
  const largest = Math.max(0, ...sizes);
  for (let i = 0; i < mask.length; i++) if (labels[i] && sizes[labels[i] - 1] < largest / 10) mask[i] = 0;
}

/** Nearest-neighbour enlargement of the work mask back to crop pixels (centred sampling). */
function upscale(mask: Uint8Array, sw: number, sh: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(sh - 1, Math.floor(((y + 0.5) * sh) / height));
    for (let x = 0; x < width; x++) {
      out[y * width + x] = mask[sy * sw + Math.min(sw - 1, Math.floor(((x + 0.5) * sw) / width))];
    }
  }
  return out;
}

/** The fallback: the ellipse inscribed in the box, which covers most objects and little else. */
function ellipse(box: Box, crop: { x: number; y: number; width: number; height: number }): Uint8Array {
  const out = new Uint8Array(crop.width * crop.height);
  const cx = box.x + box.width / 2 - crop.x;
  const cy = box.y + box.height / 2 - crop.y;
  const ax = box.width / 2;
  const ay = box.height / 2;
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) {
      const dx = (x + 0.5 - cx) / ax;
      const dy = (y + 0.5 - cy) / ay;
      if (dx * dx + dy * dy <= 1) out[y * crop.width + x] = 1;
    }
  }
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
