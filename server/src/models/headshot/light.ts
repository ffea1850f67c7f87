/**
 * Tidy light on the person, measured on the skin of the face: exposure brought into a range where a face
 * reads well, the colour cast of the room moved toward a natural skin range, and a gentle fill that lifts
 * the shadows of a face lit from one side. Every change is small and capped, so the person stays themselves.
 */
import type { FaceBox } from '../face/types';

/** Mean skin luma (BT.601, 0..255) outside this band is brought to its nearest end. */
const EXPOSURE_BAND = [115, 180] as const;
const MAX_GAIN = 1.6;
const MIN_GAIN = 0.8;
/** A natural skin cluster in Cb/Cr offsets from neutral (Chai and Ngan's, narrowed toward its centre). */
const SKIN_CB = [-43, -3] as const;
const SKIN_CR = [7, 42] as const;
/** The most a cast is corrected, in levels of Cb/Cr. */
const MAX_CAST_SHIFT = 8;
/** A side of the face darker than this share of the other gets fill light. */
const FILL_BELOW = 0.85;
const MAX_FILL_GAIN = 1.35;

export interface SkinSample {
  /** 0..1 over `roi` of the frame. */
  skin: Float32Array;
  roi: FaceBox;
  /** The face's centre line on the frame, and its width. */
  centreX: number;
  faceWidth: number;
}

export interface LightReport {
  exposureGain: number;
  castShift: [number, number];
  fillGain: number;
  fillSide: 'left' | 'right' | 'none';
}

interface SkinStats {
  luma: number;
  cb: number;
  cr: number;
  left: number;
  right: number;
}

function skinStats(rgb: Uint8Array, width: number, sample: SkinSample): SkinStats {
  const { skin, roi, centreX } = sample;
  let w = 0;
  let y = 0;
  let cb = 0;
  let cr = 0;
  const side = { left: [0, 0], right: [0, 0] };
  for (let j = 0; j < roi.height; j++) {
    for (let i = 0; i < roi.width; i++) {
      const m = skin[j * roi.width + i];
      if (m < 0.5) continue;
      const x = roi.x + i;
      const k = ((roi.y + j) * width + x) * 3;
      const r = rgb[k];
      const g = rgb[k + 1];
      const b = rgb[k + 2];
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      w += m;
      y += m * luma;
      cb += m * (-0.168736 * r - 0.331264 * g + 0.5 * b);
      cr += m * (0.5 * r - 0.418688 * g - 0.081312 * b);
      const s = x < centreX ? side.left : side.right;
      s[0] += m * luma;
      s[1] += m;
    }
  }
  if (w === 0) return { luma: 0, cb: 0, cr: 0, left: 0, right: 0 };
  return {
    luma: y / w,
    cb: cb / w,
    cr: cr / w,
    left: side.left[1] ? side.left[0] / side.left[1] : 0,
    right: side.right[1] ? side.right[0] / side.right[1] : 0,
  };
}

const clampTo = (v: number, [lo, hi]: readonly [number, number]) => (v < lo ? lo : v > hi ? hi : v);

/** A highlight shoulder: values past 0.8 approach 1 smoothly instead of clipping. */
function shoulder(z: number): number {
  return z <= 0.8 ? z : 0.8 + 0.2 * (1 - Math.exp(-(z - 0.8) / 0.2));
}

/**
 * Applies exposure, cast and fill to the person's colours (`rgb`, interleaved, at the frame's size) where the
 * matte is, in place. `colourful` false (a black-and-white or toned photo) keeps its tint.
 */
export function tidyLight(
  rgb: Uint8Array,
  matte: Uint8Array,
  width: number,
  sample: SkinSample,
  colourful: boolean,
): LightReport {
  const stats = skinStats(rgb, width, sample);
  const report: LightReport = { exposureGain: 1, castShift: [0, 0], fillGain: 1, fillSide: 'none' };
  if (stats.luma <= 0) return report;
  const target = clampTo(stats.luma, EXPOSURE_BAND);
  report.exposureGain = clampTo(target / stats.luma, [MIN_GAIN, MAX_GAIN]);
  if (colourful) {
    const dcb = clampTo(clampTo(stats.cb, SKIN_CB) - stats.cb, [-MAX_CAST_SHIFT, MAX_CAST_SHIFT]);
    const dcr = clampTo(clampTo(stats.cr, SKIN_CR) - stats.cr, [-MAX_CAST_SHIFT, MAX_CAST_SHIFT]);
    report.castShift = [dcb, dcr];
  }
  const [dark, bright] = stats.left < stats.right ? [stats.left, stats.right] : [stats.right, stats.left];
  if (dark > 0 && dark < FILL_BELOW * bright) {
    report.fillGain = Math.min(MAX_FILL_GAIN, Math.sqrt(bright / dark));
    report.fillSide = stats.left < stats.right ? 'left' : 'right';
  }
  const { exposureGain: gain, fillGain, fillSide } = report;
  const [dcb, dcr] = report.castShift;
  // The cast's shift in RGB (inverse YCbCr of a pure chroma change).
  const dr = 1.402 * dcr;
  const dg = -0.344136 * dcb - 0.714136 * dcr;
  const db = 1.772 * dcb;
  const n = matte.length;
  const height = n / width;
  const ramp = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    if (fillSide === 'none') break;
    // 0 a tenth of a face past the centre line on the bright side, 1 half a face into the dark side.
    const d = ((x - sample.centreX) / sample.faceWidth) * (fillSide === 'left' ? -1 : 1);
    const t = clampTo((d + 0.1) / 0.6, [0, 1]);
    ramp[x] = t * t * (3 - 2 * t);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (matte[i] === 0) continue;
      const k = i * 3;
      const luma = (0.299 * rgb[k] + 0.587 * rgb[k + 1] + 0.114 * rgb[k + 2]) / 255;
      // Fill lifts the shadows and leaves the highlights.
      const fill = 1 + (fillGain - 1) * ramp[x] * (1 - luma) * (1 - luma);
      const g = gain * fill;
      const scaled = shoulder(Math.max(luma * g, 0));
      const ratio = luma > 0.002 ? scaled / luma : g;
      for (let c = 0; c < 3; c++) {
        const v = rgb[k + c] * ratio + (c === 0 ? dr : c === 1 ? dg : db) + 0.5;
        rgb[k + c] = v <= 0 ? 0 : v >= 255 ? 255 : v;
      }
    }
  }
  return report;
}
