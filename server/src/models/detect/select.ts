import type { RawImage } from '../../lib/image/raw-image';
import { clothingShare } from './clothing-colour';
import type { Detection, ObjectSelector, Side } from './types';

/** Share of the clothes' region in the colour for a person to count as wearing it. */
const WORN_SHARE = 0.12;

const centreX = (d: Detection) => d.box.x + d.box.width / 2;
const centreY = (d: Detection) => d.box.y + d.box.height / 2;
const area = (d: Detection) => d.box.width * d.box.height;

/**
 * The detections of `label` that `selector` means. Pure: positions are box centres, sizes box areas;
 * 'nth' counts from the left, 0-based; 'default' is the only one, or the most prominent of several
 * (area weighted by score, so a large confident box beats a large doubtful one); 'background' is all but that
 * one. Empty when none match.
 * 'center' is nearest the middle of `frame` (the photo) when given, else of the group's centres.
 */
export function selectDetections(
  detections: readonly Detection[],
  label: string,
  selector: ObjectSelector,
  frame?: { width: number; height: number } | RawImage,
): Detection[] {
  const found = detections.filter((d) => d.label === label);
  if (found.length === 0) return [];
  const pick = (key: (d: Detection) => number, sign: 1 | -1): Detection[] => [
    found.reduce((best, d) => (sign * key(d) > sign * key(best) ? d : best)),
  ];
  switch (selector.which) {
    case 'all':
      return found;
    case 'left':
    case 'right':
    case 'top':
    case 'bottom':
      return fromSide(found, selector.which, selector.several, frame);
    case 'biggest':
      return selector.several
        ? [...found].sort((a, b) => area(b) - area(a)).slice(0, selector.several)
        : pick(area, 1);
    case 'smallest':
      return pick(area, -1);
    case 'center': {
      const xs = found.map(centreX);
      const ys = found.map(centreY);
      const mx = frame ? frame.width / 2 : (Math.min(...xs) + Math.max(...xs)) / 2;
      const my = frame ? frame.height / 2 : (Math.min(...ys) + Math.max(...ys)) / 2;
      return pick((d) => Math.hypot(centreX(d) - mx, centreY(d) - my), -1);
    }
    case 'nth': {
      const byX = [...found].sort((a, b) => centreX(a) - centreX(b));
      const chosen = byX[selector.index];
      return chosen ? [chosen] : [];
    }
    case 'default':
      return pick((d) => area(d) * d.score, 1);
    case 'wearing': {
      // Read from the photo's pixels: the one whose clothes show most of the colour, if any do
      if (!frame || !('data' in frame)) return [];
      const shares = found.map((d) => clothingShare(frame, d.box, selector.colour));
      const best = shares.indexOf(Math.max(...shares));
      return shares[best] >= WORN_SHARE ? [found[best]] : [];
    }
    case 'background': {
      // Everyone but the subject: the most prominent one stays, or the `keep` most prominent
      const prominence = (d: Detection) => area(d) * d.score;
      const kept = [...found].sort((a, b) => prominence(b) - prominence(a)).slice(0, selector.keep ?? 1);
      return found.filter((d) => !kept.includes(d));
    }
  }
}

/**
 * The one nearest `side`; with `several`, that many nearest it, or ('half') every one whose centre is in that
 * half of `frame` (of the group's span without a frame), the nearest one if none is.
 */
function fromSide(
  found: Detection[],
  side: Side,
  several: number | 'half' | undefined,
  frame?: { width: number; height: number },
): Detection[] {
  const across = side === 'left' || side === 'right' ? centreX : centreY;
  // Nearest the side first
  const sign = side === 'left' || side === 'top' ? 1 : -1;
  const ordered = [...found].sort((a, b) => sign * (across(a) - across(b)));
  if (several === undefined) return ordered.slice(0, 1);
  if (several !== 'half') return ordered.slice(0, several);
  const span = found.map(across);
  const extent = frame ? (side === 'left' || side === 'right' ? frame.width : frame.height) : undefined;
  const middle = extent !== undefined ? extent / 2 : (Math.min(...span) + Math.max(...span)) / 2;
  const inHalf = ordered.filter((d) => sign * (across(d) - middle) < 0);
  return inHalf.length > 0 ? inHalf : ordered.slice(0, 1);
}
