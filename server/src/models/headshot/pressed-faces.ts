/**
 * Where a neighbour's face presses against the subject's, skin meets skin with too faint an edge for the cut
 * between people (isolate.ts) to stop on: what lies beside the subject's face on the neighbour's side, an ear or
 * a cheek, is given to the neighbour, up to the subject's own outline. Only what looks like the neighbour's
 * skin rather than the subject's hair, and only from a little above the eyes down.
 */
import type { Face } from '../face/types';
import { LANDMARKS } from '../face/landmarks';

/** Two faces press together when the gap between their outlines is under this share of the main face's width. */
const PRESSED_GAP = 0.25;
/** Beside a pressed neighbour the subject keeps this share of its face's width outside its own outline. */
const OUTLINE_MARGIN = 0.02;
/**
 * The subject gives up nothing beside its face above this share of its face's height over the eyes: the ears
 * and cheeks a pressed neighbour shows lie lower, and above it the outline narrows to the forehead, so the
 * subject's own hair there was cut in thin lines.
 */
const ABOVE_EYES = 0.1;
/** A pressed neighbour's rows reach this share of their face's height above and below its landmarks. */
const RIVAL_ROWS = 1;

/**
 * Relabels (1 the subject, 2 someone else) what lies beside the subject's face toward each neighbour whose face
 * presses against it. Faces are on the frame; `colour` is the frame's RGB, without which the colour test is skipped.
 */
export function givePressedGaps(
  label: Uint8Array,
  width: number,
  height: number,
  main: Face,
  rivals: readonly Face[],
  colour?: Uint8Array,
): void {
  const mainOutline = rowExtents(main, height);
  const eyeRow = eyeLine(main);
  for (const rival of rivals)
    giveGapToNeighbour(
      label,
      width,
      mainOutline,
      rowExtents(rival, height),
      eyeRow,
      colour && skinOrHair(colour, label, width, height, main.box, rival.box),
    );
}

/** Per output row, the left and right edge of a face's outline; NaN off it. */
interface RowExtents {
  left: Float32Array;
  right: Float32Array;
  box: Face['box'];
}

/** The mean row of the face's eyes. */
function eyeLine(face: Face): number {
  const eyes = [...LANDMARKS.rightEye, ...LANDMARKS.leftEye];
  return eyes.reduce((sum, i) => sum + face.mesh[i * 3 + 1], 0) / eyes.length;
}

/** A row's extent takes the landmarks within this share of the face's height above or below it. */
const ROW_BAND = 0.04;

/**
 * The face's outline row by row: the outermost landmarks near each row. Not a convex hull, which on a face
 * turned aside spans from the nose's tip to the brow and takes in whatever lies beside the eye.
 */
function rowExtents(face: Face, height: number): RowExtents {
  const left = new Float32Array(height).fill(NaN);
  const right = new Float32Array(height).fill(NaN);
  const band = ROW_BAND * face.box.height;
  for (let k = 0; k + 2 < face.mesh.length; k += 3) {
    const x = face.mesh[k];
    const y = face.mesh[k + 1];
    const y0 = Math.max(0, Math.ceil(y - band));
    const y1 = Math.min(height - 1, Math.floor(y + band));
    for (let row = y0; row <= y1; row++) {
      if (!(x >= left[row])) left[row] = x;
      if (!(x <= right[row])) right[row] = x;
    }
  }
  return { left, right, box: face.box };
}

/**
 * Where a neighbour's face presses against the main face, whatever of the subject lies beyond its own face's
 * outline on the neighbour's side, on the rows of both faces, is the neighbour's (an ear, a shadow, a tuft of
 * beard): skin meets skin there with too faint an edge for the fronts to stop on. The neighbour's rows are
 * widened by half their face's height for the ears and chin the mesh does not reach.
 */
function giveGapToNeighbour(
  label: Uint8Array,
  width: number,
  main: RowExtents,
  rival: RowExtents,
  eyeRow: number,
  looksLikeRival?: (i: number) => boolean,
): void {
  let gap = Infinity;
  for (let y = 0; y < main.left.length; y++)
    if (!Number.isNaN(main.left[y]) && !Number.isNaN(rival.left[y]))
      gap = Math.min(gap, Math.max(rival.left[y] - main.right[y], main.left[y] - rival.right[y]));
  if (gap > PRESSED_GAP * main.box.width) return;
  const margin = OUTLINE_MARGIN * main.box.width;
  const onLeft = rival.box.x + rival.box.width / 2 < main.box.x + main.box.width / 2;
  const reach = RIVAL_ROWS * rival.box.height;
  const y0 = Math.max(0, Math.ceil(rival.box.y - reach), Math.ceil(eyeRow - ABOVE_EYES * main.box.height));
  const y1 = Math.min(main.left.length - 1, Math.floor(rival.box.y + rival.box.height + reach));
  for (let y = y0; y <= y1; y++) {
    if (Number.isNaN(main.left[y])) continue;
    const from = Math.max(0, Math.ceil(onLeft ? rival.box.x : main.right[y] + margin));
    const to = Math.min(
      width - 1,
      Math.floor(onLeft ? main.left[y] - margin : rival.box.x + rival.box.width),
    );
    for (let x = from, i = y * width + from; x <= to; x++, i++)
      if (label[i] === 1 && (!looksLikeRival || looksLikeRival(i))) label[i] = 2;
  }
}

/**
 * Whether a pixel's colour is nearer the neighbour's skin (the middle of their face) than the subject's hair
 * (the band above the subject's forehead): what lies beside a pressed face is the neighbour's ear or cheek, or
 * the subject's own hair falling between the two faces.
 */
function skinOrHair(
  colour: Uint8Array,
  label: Uint8Array,
  width: number,
  height: number,
  main: Face['box'],
  rival: Face['box'],
): ((i: number) => boolean) | undefined {
  const meanOf = (x0: number, x1: number, y0: number, y1: number, who?: number) => {
    const sum = [0, 0, 0];
    let count = 0;
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(width, Math.round(x1)); x++) {
        const i = y * width + x;
        if (who !== undefined && label[i] !== who) continue;
        for (let c = 0; c < 3; c++) sum[c] += colour[i * 3 + c];
        count++;
      }
    return count ? sum.map((v) => v / count) : undefined;
  };
  const skin = meanOf(
    rival.x + 0.3 * rival.width,
    rival.x + 0.7 * rival.width,
    rival.y + 0.4 * rival.height,
    rival.y + 0.7 * rival.height,
  );
  const hair = meanOf(
    main.x + 0.2 * main.width,
    main.x + 0.8 * main.width,
    main.y - 0.2 * main.height,
    main.y,
    1,
  );
  if (!skin || !hair) return undefined;
  const distance = (i: number, to: number[]) =>
    Math.hypot(colour[i * 3] - to[0], colour[i * 3 + 1] - to[1], colour[i * 3 + 2] - to[2]);
  return (i) => distance(i, skin) < distance(i, hair);
}
