import type { RawImage } from '../../../lib/image/raw-image';
import type { Box } from '../../../models/detect/types';
import { viaSharp } from './pixels';

/** Room left around the subject, as a share of its size on each side. */
const MARGIN = 0.35;

/**
 * "Zoom in on the plant", "centre and crop": the photo's own shape, closed in on the first subject (the
 * union of the subjects when they overlap it) with a margin, and centred on it as far as the photo allows.
 * Without a subject, the middle three quarters.
 */
export function cropToSubject(image: RawImage, subjects: readonly Box[]): Promise<RawImage> {
  const { width, height } = image;
  const main = subjects[0] ?? {
    x: width / 8,
    y: height / 8,
    width: (width * 3) / 4,
    height: (height * 3) / 4,
  };
  const box = subjects.slice(1).reduce((u, b) => (overlaps(u, b) ? union(u, b) : u), main);
  const ratio = width / height;
  // The smallest crop of the photo's shape that holds the subject with its margin
  let cropWidth = Math.max(box.width * (1 + 2 * MARGIN), box.height * (1 + 2 * MARGIN) * ratio);
  cropWidth = Math.min(width, Math.max(cropWidth, width * 0.2));
  const cropHeight = Math.min(height, cropWidth / ratio);
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const left = Math.round(clamp(centreX - cropWidth / 2, 0, width - cropWidth));
  const top = Math.round(clamp(centreY - cropHeight / 2, 0, height - cropHeight));
  const region = {
    left,
    top,
    width: Math.min(width - left, Math.round(cropWidth)),
    height: Math.min(height - top, Math.round(cropHeight)),
  };
  return viaSharp(image, (p) => p.extract(region));
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
