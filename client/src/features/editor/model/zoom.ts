/**
 * Zoom of the mask editor, in percent of the fitted size: 100 % is the photo fitted to the available space (never
 * enlarged past its own pixels), then 50..200 % in steps of 25.
 */
export const ZOOM = { min: 50, max: 200, step: 25, default: 100 } as const;

export function zoomIn(zoom: number): number {
  return Math.min(ZOOM.max, zoom + ZOOM.step);
}

export function zoomOut(zoom: number): number {
  return Math.max(ZOOM.min, zoom - ZOOM.step);
}

/** Screen pixels per image pixel at 100 %: the photo fitted into the box, capped at its natural size. */
export function fitScale(
  imageWidth: number,
  imageHeight: number,
  boxWidth: number,
  boxHeight: number,
): number {
  if (imageWidth <= 0 || imageHeight <= 0 || boxWidth <= 0 || boxHeight <= 0) return 1;
  return Math.min(1, boxWidth / imageWidth, boxHeight / imageHeight);
}
