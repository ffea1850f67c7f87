/**
 * The whole-photo pass cut into strips of rows, so that the worker pool's threads share it and no thread
 * holds more than a strip's float planes: a 12-megapixel photo never lives as float planes at 2x at once.
 */

/** Rows of context above and below a strip (a multiple of 8): covers the clean-up's 8x8 blocks and the learned 2x's views (17 px, 21 px for faces). */
export const STRIP_CONTEXT = 24;
/** Input pixels per strip at most. */
const STRIP_PIXELS = 600_000;

export interface Strip {
  /** The strip's own rows, [start, end). */
  start: number;
  end: number;
  /** Its rows with context, [top, bottom): top is a multiple of 8, so the JPEG grid stays where it was. */
  top: number;
  bottom: number;
}

/** At least `minStrips` strips (one per pool thread) when the photo is tall enough, each a multiple of 8 rows. */
export function photoStrips(width: number, height: number, minStrips: number): Strip[] {
  const byPixels = Math.ceil((width * height) / STRIP_PIXELS);
  const count = Math.max(
    1,
    Math.min(Math.max(byPixels, minStrips), Math.floor(height / (4 * STRIP_CONTEXT))),
  );
  const rows = Math.ceil(height / count / 8) * 8;
  const strips: Strip[] = [];
  for (let start = 0; start < height; start += rows) {
    const end = Math.min(height, start + rows);
    strips.push({
      start,
      end,
      top: Math.max(0, start - STRIP_CONTEXT),
      bottom: Math.min(height, end + STRIP_CONTEXT),
    });
  }
  return strips;
}
