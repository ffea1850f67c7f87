/**
 * The person-matting model sometimes gives part of the room a little of the person's alpha: a face far behind,
 * a lamp. On the backdrop these come out as ghosts. The person's own matte is one firm body joined to the face,
 * and their soft edge (hair, flyaways) lies close around it; so matte that is not part of that body fades out
 * with its distance from it. Smears joined to the body (a neighbour's sleeve) are not told apart this way.
 */
import { connectedComponents, distanceOutside } from '../../lib/image/bitmap';

/** Alpha (of 255) from which a pixel is firm enough to join the body. */
const FIRM = 128;

export interface StrayReach {
  /** Matte this close to the body (pixels) is kept whole: hair and its strands. */
  keep: number;
  /** Beyond `keep`, alpha falls to nothing over this many pixels. */
  fade: number;
}

/**
 * Fades, in place, the matte not joined to the firm body that holds `face` (a point on the face, output
 * pixels): pixels beyond `reach.keep` of the body lose alpha linearly over `reach.fade`. Leaves the matte as
 * it is when the point is not on firm matte (nothing to anchor to).
 */
export function fadeStrayMatte(
  alpha: Uint8Array,
  width: number,
  height: number,
  face: { x: number; y: number },
  reach: StrayReach,
): void {
  const firm = new Uint8Array(width * height);
  for (let i = 0; i < firm.length; i++) firm[i] = alpha[i] >= FIRM ? 1 : 0;
  const x = Math.min(width - 1, Math.max(0, Math.round(face.x)));
  const y = Math.min(height - 1, Math.max(0, Math.round(face.y)));
  const { labels } = connectedComponents(firm, width, height);
  const id = labels[y * width + x];
  if (!id) return;
  const body = new Uint8Array(width * height);
  for (let i = 0; i < body.length; i++) body[i] = labels[i] === id ? 1 : 0;
  const distance = distanceOutside(body, width, height, reach.keep + reach.fade);
  for (let i = 0; i < alpha.length; i++) {
    const beyond = distance[i] - reach.keep;
    if (beyond <= 0 || alpha[i] === 0) continue;
    alpha[i] = beyond >= reach.fade ? 0 : Math.round(alpha[i] * (1 - beyond / reach.fade));
  }
}
