/**
 * "Crop it for Instagram", "make it a 1920 x 1080 wallpaper": the largest crop of a shape placed around the
 * photo's subjects (faces, people, the main object, most important first) so that none is cut through, or,
 * when even the largest crop would cut the first subject, the photo padded out to the shape instead.
 */
import { AppError } from '../../../lib/errors';
import type { RawImage } from '../../../lib/image/raw-image';
import type { Box } from '../../../models/detect/types';
import { cropToAspect } from './geometry';
import { padToShape } from './pad-to-shape';
import { viaSharp } from './pixels';

export interface CropShape {
  /** width:height of the result. */
  aspect: { width: number; height: number };
  /** The exact size of the result in pixels; its own ratio then wins over `aspect`. */
  size?: { width: number; height: number };
}

/** Integer pixel rectangle of the photo. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How the photo becomes the shape: a crop of it, or (`canvas` set) a crop of it placed at `at` on a larger
 * canvas of the shape, the rest filled from the photo's own edges.
 */
export interface Framing {
  crop: Rect;
  canvas?: { width: number; height: number; at: { x: number; y: number } };
}

/** Where the crop's free side puts the subjects: a little above the middle reads as natural headroom. */
const VERTICAL_PLACE = 0.4;
/** Room kept around a subject too wide for any crop, as a share of its size, each side. */
const PAD_MARGIN = 0.08;

/**
 * The photo cropped (or padded) to the shape around `subjects`; with `size`, scaled to exactly that size. The
 * size is checked against the plan's pixel limit before anything is done. With no subjects, libvips' attention
 * crop (detail, saturation and skin) places it.
 */
export async function cropAround(
  image: RawImage,
  shape: CropShape,
  subjects: readonly Box[],
  maxPixels: number,
): Promise<RawImage> {
  const { size } = shape;
  if (size && size.width * size.height > maxPixels) {
    throw new AppError(
      'OUTPUT_TOO_LARGE',
      `${size.width}x${size.height} is larger than your plan allows (${Math.round(maxPixels / 1e6)} megapixels).`,
    );
  }
  const aspect = size ?? shape.aspect;
  let framed: RawImage;
  if (!subjects.length) framed = await cropToAspect(image, aspect);
  else {
    const framing = frameAround(image.width, image.height, aspect.width / aspect.height, subjects);
    const { crop, canvas } = framing;
    const cropped =
      crop.width === image.width && crop.height === image.height
        ? image
        : await viaSharp(image, (p) =>
            p.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height }),
          );
    framed = canvas ? await padToShape(cropped, canvas, shiftedInto(subjects, crop)) : cropped;
  }
  if (!size || (framed.width === size.width && framed.height === size.height)) return framed;
  return viaSharp(framed, (p) => p.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' }));
}

/**
 * The framing of a width x height photo to `ratio` (width / height) around the subjects. The largest crop of
 * the ratio spans the photo one way and slides the other; it takes the first subject and each next one while
 * they all still fit, and of the places that hold them it takes the one that cuts no other subject (or cuts
 * least) nearest to centring them. When the first subject alone is longer than the crop, it is kept whole
 * with a margin and the photo is padded the other way to the ratio.
 */
export function frameAround(width: number, height: number, ratio: number, subjects: readonly Box[]): Framing {
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(width / ratio));
  const across = cropWidth < width; // the crop slides left and right, else up and down
  const length = across ? width : height;
  const window = across ? cropWidth : cropHeight;
  const spans = subjects.map((s) => spanOf(s, across, length));
  const [first] = spans;
  if (first.to - first.from > window) return padded(width, height, ratio, across, first);
  if (window >= length) return { crop: { x: 0, y: 0, width, height } };
  let kept = first;
  for (const span of spans.slice(1)) {
    const joined = { from: Math.min(kept.from, span.from), to: Math.max(kept.to, span.to) };
    if (joined.to - joined.from <= window) kept = joined;
  }
  const at = bestStart(kept, spans, window, length, across ? 0.5 : VERTICAL_PLACE);
  return {
    crop: across ? { x: at, y: 0, width: window, height } : { x: 0, y: at, width, height: window },
  };
}

interface Span {
  from: number;
  to: number;
}

/** A box's extent along the axis the crop slides on, clipped to the photo. */
function spanOf(box: Box, across: boolean, length: number): Span {
  const from = across ? box.x : box.y;
  const to = from + (across ? box.width : box.height);
  return { from: Math.max(0, Math.floor(from)), to: Math.min(length, Math.ceil(to)) };
}

/**
 * The crop's start that holds `kept`, cutting through as little of the other subjects as it can (the more
 * important, the more a cut costs), and otherwise nearest to placing `kept`'s middle at `place` of the crop.
 */
function bestStart(
  kept: Span,
  spans: readonly Span[],
  window: number,
  length: number,
  place: number,
): number {
  const lo = Math.max(0, kept.to - window);
  const hi = Math.min(length - window, kept.from);
  const wanted = Math.min(hi, Math.max(lo, Math.round((kept.from + kept.to) / 2 - place * window)));
  let best = wanted;
  let bestCost = Infinity;
  for (let at = lo; at <= hi; at++) {
    let cut = 0;
    spans.forEach((s, rank) => {
      const inside = Math.max(0, Math.min(s.to, at + window) - Math.max(s.from, at));
      const outside = s.to - s.from - inside;
      // A subject wholly in or wholly out costs nothing; half in costs most.
      cut += (Math.min(inside, outside) / Math.max(1, s.to - s.from)) * (spans.length - rank);
    });
    const cost = cut * length + Math.abs(at - wanted);
    if (cost < bestCost) [best, bestCost] = [at, cost];
  }
  return best;
}

/**
 * The first subject, which no crop of the ratio holds, kept whole with a margin: the photo is cut to that
 * much along the slide, centred on it, and the canvas made long enough the other way for the ratio.
 */
function padded(width: number, height: number, ratio: number, across: boolean, first: Span): Framing {
  const length = across ? width : height;
  const margin = Math.round(PAD_MARGIN * (first.to - first.from));
  const keep = Math.min(length, first.to - first.from + 2 * margin);
  const from = Math.min(length - keep, Math.max(0, Math.round((first.from + first.to - keep) / 2)));
  if (across) {
    const canvasHeight = Math.max(height, Math.round(keep / ratio));
    return {
      crop: { x: from, y: 0, width: keep, height },
      canvas: { width: keep, height: canvasHeight, at: { x: 0, y: Math.floor((canvasHeight - height) / 2) } },
    };
  }
  const canvasWidth = Math.max(width, Math.round(keep * ratio));
  return {
    crop: { x: 0, y: from, width, height: keep },
    canvas: { width: canvasWidth, height: keep, at: { x: Math.floor((canvasWidth - width) / 2), y: 0 } },
  };
}

/** The boxes in the crop's pixels. */
function shiftedInto(boxes: readonly Box[], crop: Rect): Box[] {
  return boxes.map((b) => ({ ...b, x: b.x - crop.x, y: b.y - crop.y }));
}
