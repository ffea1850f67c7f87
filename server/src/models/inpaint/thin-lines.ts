/**
 * Thin lines over a finished fill. A whisker on fur, a grass blade or a wire is too faint against a
 * textured background to be continued as structure before the fill (its band would replace the texture
 * it lies on), and patches cannot continue it either: the fill grows the fur and drops the whisker at
 * the hole's edge. Here each thin, straight line entering the hole is measured as a cross-section of
 * excess colour over the background on either side, and that excess is added along its straight
 * continuation on top of the fill, so the texture underneath stays. A line that reappears where its
 * continuation leaves the hole keeps its strength; one that does not fades out on the way, as a
 * whisker tapers, instead of ending at the hole's invisible edge.
 */
import { lumaInto, sampleBilinear, type FloatImage } from './float-image';
import { distanceOutside, expandBox, maskBounds } from '../../lib/image/bitmap';
import { alongEdgeIntoHole, structureTensor } from './orientation';

interface Line {
  /** Centre of the line just outside the hole. */
  x: number;
  y: number;
  /** Unit direction into the hole. */
  dx: number;
  dy: number;
  /** Signed luma excess at the centre. */
  peak: number;
}

/** Adds the thin lines that enter the hole (skipping pixels in `skip`) onto `image`; returns how many were drawn. */
export function overlayThinLines(
  image: FloatImage,
  hole: Uint8Array,
  avoid: Uint8Array | null,
  skip: Uint8Array | null,
): number {
  const { width: w, height: h, channels: c } = image;
  if (c < 3) return 0;
  const bounds = maskBounds(hole, w, h);
  if (!bounds) return 0;
  const box = expandBox(bounds, 2 * REACH + 8, w, h);
  const known = (x: number, y: number) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= w || py >= h) return false;
    const i = py * w + px;
    return !hole[i] && !(avoid && avoid[i]);
  };
  const plane: LumaPlane = { lum: lumaInto(image, new Float32Array(w * h), box), w, h };
  const outside = distanceOutside(hole, w, h, 6);
  const lines: Line[] = [];
  const found: Line[] = [];
  for (let y = box.y0 + 2; y < box.y1 - 2; y++)
    for (let x = box.x0 + 2; x < box.x1 - 2; x++) {
      const d = outside[y * w + x];
      if (d < 3 || d > 4 || !known(x, y)) continue;
      const line = lineAt(plane, known, hole, x, y);
      if (line) found.push(line);
    }
  // One entry per line: the strongest, and none within a few pixels of a stronger one's path.
  found.sort((a, b) => Math.abs(b.peak) - Math.abs(a.peak));
  for (const line of found) {
    if (lines.some((q) => Math.abs((line.x - q.x) * -q.dy + (line.y - q.y) * q.dx) < 3 && near(line, q, 8)))
      continue;
    lines.push(line);
    if (lines.length >= MAX_LINES) break;
  }
  const { data } = image;
  const excess = new Float32Array(c);
  const base = new Float32Array(c);
  const at = new Float32Array(c);
  for (const line of lines) {
    const nx = -line.dy;
    const ny = line.dx;
    // The excess colour across the line, averaged over a few slices back along it.
    const profile: Float32Array[] = [];
    for (let s2 = -2 * HALF_WIDTH; s2 <= 2 * HALF_WIDTH; s2++) {
      const s = s2 / 2;
      const sum = new Float32Array(c);
      for (let back = 0; back <= 8; back += 2) {
        const px = line.x - back * line.dx;
        const py = line.y - back * line.dy;
        crossSection(image, px, py, nx, ny, s, excess, base, at);
        for (let k = 0; k < c; k++) sum[k] += excess[k] / 5;
      }
      profile.push(sum);
    }
    // Walk through the hole to where the continuation leaves it.
    let length = 0;
    let inside = false;
    for (let t = 1; t < 4 * Math.max(w, h); t++) {
      const px = Math.round(line.x + t * line.dx);
      const py = Math.round(line.y + t * line.dy);
      if (px < 0 || py < 0 || px >= w || py >= h) break;
      if (hole[py * w + px]) inside = true;
      else if (inside) {
        length = t;
        break;
      }
    }
    if (length === 0) continue;
    const exitX = line.x + (length + 3) * line.dx;
    const exitY = line.y + (length + 3) * line.dy;
    const exitPeak = known(exitX, exitY) ? ridgePeak(plane, { x: exitX, y: exitY, nx, ny }) : 0;
    const continues = exitPeak * line.peak > 0 && Math.abs(exitPeak) >= 0.5 * Math.abs(line.peak);
    const x0 = Math.max(0, Math.floor(Math.min(line.x, line.x + length * line.dx) - HALF_WIDTH - 1));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(line.x, line.x + length * line.dx) + HALF_WIDTH + 1));
    const y0 = Math.max(0, Math.floor(Math.min(line.y, line.y + length * line.dy) - HALF_WIDTH - 1));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(line.y, line.y + length * line.dy) + HALF_WIDTH + 1));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x;
        if (!hole[i] || (avoid && avoid[i]) || (skip && skip[i])) continue;
        const t = (x - line.x) * line.dx + (y - line.y) * line.dy;
        const s = (x - line.x) * nx + (y - line.y) * ny;
        if (t < 0 || t > length || Math.abs(s) >= HALF_WIDTH) continue;
        const strength = continues ? 1 : 1 - t / length;
        const f = (s + HALF_WIDTH) * 2;
        const lo = Math.floor(f);
        const a = f - lo;
        for (let k = 0; k < c; k++) {
          const e = (1 - a) * profile[lo][k] + a * profile[Math.min(profile.length - 1, lo + 1)][k];
          const v = data[i * c + k] + strength * e;
          data[i * c + k] = v < 0 ? 0 : v > 255 ? 255 : v;
        }
      }
  }
  return lines.length;
}

function near(a: Line, b: Line, r: number): boolean {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < r * r;
}

/**
 * The thin line through (x, y), if there is one: a ridge or valley of luma that stands out from both
 * sides by at least LINE_CONTRAST, no wider than a few pixels, pointing into the hole and found again,
 * at least half as strong and in line, up to REACH pixels back. Its direction is fitted through the centres found on the way.
 */
function lineAt(
  plane: LumaPlane,
  known: (x: number, y: number) => boolean,
  hole: Uint8Array,
  x: number,
  y: number,
): Line | null {
  // Orientation from the structure tensor: a line's two flanks have opposite gradients along one axis.
  const { lum, w, h } = plane;
  const along = alongEdgeIntoHole(structureTensor(lum, w, y * w + x, 2), hole, w, h, x, y, 8);
  if (!along) return null;
  const { dx, dy } = along;
  const nx = -dy;
  const ny = dx;
  const peak = ridgePeak(plane, { x, y, nx, ny });
  if (Math.abs(peak) < LINE_CONTRAST) return null;
  const centre = ridgeCentre(plane, { x, y, nx, ny }, peak);
  // Found again further back, as strong and on a straight course.
  const offsets: number[] = [centre];
  for (let back = 4; back <= REACH; back += 4) {
    const px = x - back * dx + centre * nx;
    const py = y - back * dy + centre * ny;
    if (!known(px, py)) return null;
    const across = { x: px, y: py, nx, ny };
    const p = ridgePeak(plane, across);
    if (Math.sign(p) !== Math.sign(peak) || Math.abs(p) < 0.5 * Math.abs(peak)) return null;
    offsets.push(centre + ridgeCentre(plane, across, p));
  }
  // Least-squares slope of the centre's offset against the distance back: the course's drift.
  const n = offsets.length;
  let st = 0;
  let so = 0;
  let stt = 0;
  let sto = 0;
  offsets.forEach((o, k) => {
    const t = -4 * k;
    st += t;
    so += o;
    stt += t * t;
    sto += t * o;
  });
  const slope = (n * sto - st * so) / (n * stt - st * st);
  const residual = offsets.reduce(
    (m, o, k) => Math.max(m, Math.abs(o - (so / n + slope * (-4 * k - st / n)))),
    0,
  );
  if (residual > 1) return null;
  const len = Math.hypot(1, slope);
  const fx = (dx + slope * nx) / len;
  const fy = (dy + slope * ny) / len;
  return { x: x + centre * nx, y: y + centre * ny, dx: fx, dy: fy, peak };
}

/** A luma plane to sample. */
interface LumaPlane {
  lum: Float32Array;
  w: number;
  h: number;
}

/** A point and the unit normal of the line through it: offsets across the line are measured along the normal. */
interface Across {
  x: number;
  y: number;
  nx: number;
  ny: number;
}

/** Signed luma excess at the strongest point within 1.5 px across the line, over the straight line between its two sides SIDE px out. */
function ridgePeak(plane: LumaPlane, p: Across): number {
  const left = lumaAcross(plane, p, -SIDE);
  const right = lumaAcross(plane, p, SIDE);
  const excess = (s: number) => lumaAcross(plane, p, s) - (left + ((right - left) * (s + SIDE)) / (2 * SIDE));
  let best = 0;
  for (let s = -1.5; s <= 1.5; s += 0.5) {
    const v = excess(s);
    if (Math.abs(v) > Math.abs(best)) best = v;
  }
  // Not a line when the two sides differ more than the line stands out: that is an edge.
  if (Math.abs(best) < 1.5 * Math.abs(right - left)) return 0;
  // Thin: two pixels out on each side it has fallen to under half.
  for (const s of [-2.5, 2.5]) {
    const v = excess(s);
    if (Math.sign(v) === Math.sign(best) && Math.abs(v) > 0.5 * Math.abs(best)) return 0;
  }
  return best;
}

/** Offset across the normal (within 1.5 px) where the excess peaks. */
function ridgeCentre(plane: LumaPlane, p: Across, sign: number): number {
  let best = -Infinity;
  let at = 0;
  for (let s = -1.5; s <= 1.5; s += 0.25) {
    const v = Math.sign(sign) * lumaAcross(plane, p, s);
    if (v > best) {
      best = v;
      at = s;
    }
  }
  return at;
}

const one = new Float32Array(1);
/** Luma at offset `s` across the line. */
function lumaAcross({ lum, w, h }: LumaPlane, p: Across, s: number): number {
  sampleBilinear(lum, w, h, 1, p.x + s * p.nx, p.y + s * p.ny, one);
  return one[0];
}

/** Colour excess at offset `s` across the line at (x, y) over the straight line between its two sides. */
function crossSection(
  image: FloatImage,
  x: number,
  y: number,
  nx: number,
  ny: number,
  s: number,
  out: Float32Array,
  left: Float32Array,
  right: Float32Array,
): void {
  const { data, width: w, height: h, channels: c } = image;
  sampleBilinear(data, w, h, c, x - SIDE * nx, y - SIDE * ny, left);
  sampleBilinear(data, w, h, c, x + SIDE * nx, y + SIDE * ny, right);
  sampleBilinear(data, w, h, c, x + s * nx, y + s * ny, out);
  const a = (s + SIDE) / (2 * SIDE);
  for (let k = 0; k < c; k++) out[k] -= (1 - a) * left[k] + a * right[k];
}

/** Luma a thin line must stand out from both its sides by. */
const LINE_CONTRAST = 18;
/** How far back (px) a line must run on, straight and as strong, to be continued. */
const REACH = 12;
/** Half-width of the band added along a line, px. */
const HALF_WIDTH = 2.5;
/** Distance of the background samples on either side. */
const SIDE = 4;
const MAX_LINES = 24;
