/**
 * Local orientation for the edge and line finders: the structure tensor of the luma gradients around a
 * pixel, and the direction along the edge that leads into the hole.
 */
export interface Tensor {
  /** Means of gx², gx·gy and gy² over the usable pixels of the window. */
  jxx: number;
  jxy: number;
  jyy: number;
  /** How many pixels of the window were usable. */
  samples: number;
}

/** Structure tensor over the (2r+1)² window around pixel i; `usable` (default: all) picks whose central differences count. */
export function structureTensor(
  lum: Float32Array,
  w: number,
  i: number,
  r: number,
  usable: (j: number) => boolean = () => true,
): Tensor {
  let jxx = 0;
  let jxy = 0;
  let jyy = 0;
  let m = 0;
  for (let dy = -r; dy <= r; dy++)
    for (let dx = -r; dx <= r; dx++) {
      const j = i + dy * w + dx;
      if (!usable(j)) continue;
      const gx = 0.5 * (lum[j + 1] - lum[j - 1]);
      const gy = 0.5 * (lum[j + w] - lum[j - w]);
      jxx += gx * gx;
      jxy += gx * gy;
      jyy += gy * gy;
      m++;
    }
  return m
    ? { jxx: jxx / m, jxy: jxy / m, jyy: jyy / m, samples: m }
    : { jxx: 0, jxy: 0, jyy: 0, samples: 0 };
}

/**
 * The unit direction along the edge (across the tensor's dominant gradient) that meets the hole within
 * 2..reach pixels of (x, y), or null when neither way does.
 */
export function alongEdgeIntoHole(
  t: Tensor,
  hole: Uint8Array,
  w: number,
  h: number,
  x: number,
  y: number,
  reach: number,
): { dx: number; dy: number } | null {
  const theta = 0.5 * Math.atan2(2 * t.jxy, t.jxx - t.jyy);
  const ex = -Math.sin(theta);
  const ey = Math.cos(theta);
  const meets = (sx: number, sy: number) => {
    for (let k = 2; k <= reach; k++) {
      const px = Math.round(x + sx * k);
      const py = Math.round(y + sy * k);
      if (px < 0 || py < 0 || px >= w || py >= h) return false;
      if (hole[py * w + px]) return true;
    }
    return false;
  };
  if (meets(ex, ey)) return { dx: ex, dy: ey };
  if (meets(-ex, -ey)) return { dx: -ex, dy: -ey };
  return null;
}
