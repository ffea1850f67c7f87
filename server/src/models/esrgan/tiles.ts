/**
 * Tiling with overlap and linear cross-fades, so any photo size runs in bounded memory without seams.
 *
 * Each axis is cut into near-equal cores. Around every interior cut, the two neighbouring tiles cross-fade
 * over `blend` source pixels on each side (their weights sum to exactly 1), and every tile is run with
 * `context` more pixels of real image around that, so the network's zero padding never reaches the part
 * that is kept.
 */
export interface Segment {
  /** Core [start, end) in source pixels. */
  start: number;
  end: number;
  /** Region fed to the model, [inputStart, inputEnd). */
  inputStart: number;
  inputEnd: number;
  /** Region this segment contributes to (core grown by the cross-fade), [outStart, outEnd). */
  outStart: number;
  outEnd: number;
}

export function planAxis(length: number, tile: number, blend: number, context: number): Segment[] {
  if (tile < 2 * blend + 1) throw new Error('tile must be wider than the cross-fade');
  const count = Math.max(1, Math.ceil(length / tile));
  const segments: Segment[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.round((i * length) / count);
    const end = Math.round(((i + 1) * length) / count);
    const outStart = i === 0 ? 0 : start - blend;
    const outEnd = i === count - 1 ? length : end + blend;
    segments.push({
      start,
      end,
      outStart,
      outEnd,
      inputStart: Math.max(0, outStart - context),
      inputEnd: Math.min(length, outEnd + context),
    });
  }
  return segments;
}

/**
 * Weight of a segment at output pixel `index` of an axis enlarged `scale` times; the pixel's centre is at
 * source position (index + 0.5) / scale. Ramps run over [cut - blend, cut + blend].
 */
export function segmentWeight(
  segment: Segment,
  length: number,
  blend: number,
  scale: number,
  index: number,
): number {
  const t = (index + 0.5) / scale;
  let w = 1;
  if (segment.start > 0) w *= clamp01((t - (segment.start - blend)) / (2 * blend));
  if (segment.end < length) w *= clamp01((segment.end + blend - t) / (2 * blend));
  return w;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
