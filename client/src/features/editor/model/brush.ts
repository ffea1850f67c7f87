/** The mask brush of the spec: slider 5..100 in steps of 5, 40 by default. */
export const BRUSH_SIZE = { min: 5, max: 100, step: 5, default: 40 } as const;

/** What a stroke does to the mask. */
export type Tool = 'brush' | 'eraser';
/** What pressing on the photo does: paint, erase, or select the object under the tap. */
export type MaskTool = Tool | 'select';

export function clampBrushSize(size: number): number {
  const stepped = Math.round(size / BRUSH_SIZE.step) * BRUSH_SIZE.step;
  return Math.min(BRUSH_SIZE.max, Math.max(BRUSH_SIZE.min, stepped));
}

/**
 * Stroke width in image pixels. The slider's size is scaled by the image diagonal / 1000 (at least 1), so a
 * brush covers the same share of a 12-megapixel photo as of a small one, and small photos never get a brush
 * thinner than the slider says.
 */
export function strokeWidth(size: number, imageWidth: number, imageHeight: number): number {
  return size * Math.max(1, Math.hypot(imageWidth, imageHeight) / 1000);
}
