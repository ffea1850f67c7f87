import { dilate } from '../../server/src/lib/image/bitmap';

export interface DetectionScore {
  /** Share of the true mask under the proposed one (0 when nothing was proposed). */
  recall: number;
  /** Share of the proposed mask on the mark or within 2 px of it (anti-aliasing, JPEG halo); null: none proposed. */
  precision: number | null;
}

/** How well a proposed mask covers a mark's true mask (see DetectionScore); both at the image's size. */
export function scoreDetection(
  proposed: Uint8Array | null,
  truth: Uint8Array,
  width: number,
  height: number,
): DetectionScore {
  const near = dilate(truth, width, height, 2);
  let marks = 0;
  let covered = 0;
  let marked = 0;
  let onMark = 0;
  for (let i = 0; i < truth.length; i++) {
    if (truth[i]) {
      marks++;
      if (proposed?.[i]) covered++;
    }
    if (proposed?.[i]) {
      marked++;
      if (near[i]) onMark++;
    }
  }
  return { recall: marks ? covered / marks : 0, precision: marked ? onMark / marked : null };
}
