import type { Stroke, Strokes } from './strokes';

/** The part of CanvasRenderingContext2D that drawing strokes needs; tests pass a recorder. */
export type StrokeContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'setTransform'
  | 'globalCompositeOperation'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'drawImage'
>;

/**
 * Draws strokes given in image pixels onto a context whose pixels are `scale` times the image's: brush strokes
 * paint `color`, eraser strokes clear what is under them. `from` draws only a stroke's newer points (plus the
 * segment joining them), for painting incrementally while the pointer moves.
 */
export function drawStroke(ctx: StrokeContext, stroke: Stroke, scale: number, color: string, from = 0): void {
  const points = stroke.points;
  if (points.length === 0 && !stroke.mask) return;
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.globalCompositeOperation = stroke.tool === 'eraser' ? 'destination-out' : 'source-over';
  if (stroke.mask) {
    ctx.drawImage(stroke.mask.image(color), 0, 0, stroke.mask.width, stroke.mask.height);
    ctx.restore();
    return;
  }
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = stroke.width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const start = Math.max(0, from - 1);
  if (points.length === 1 || start === points.length - 1) {
    const p = points[points.length - 1];
    ctx.beginPath();
    ctx.arc(p.x, p.y, stroke.width / 2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.beginPath();
    ctx.moveTo(points[start].x, points[start].y);
    for (let i = start + 1; i < points.length; i++) ctx.lineTo(points[i].x, points[i].y);
    ctx.stroke();
  }
  ctx.restore();
}

export function drawStrokes(ctx: StrokeContext, strokes: Strokes, scale: number, color: string): void {
  for (const stroke of strokes) drawStroke(ctx, stroke, scale, color);
}

/** A canvas the size asked for; the browser passes document.createElement('canvas'), tests a fake. */
export type CanvasFactory = (width: number, height: number) => HTMLCanvasElement;

export const MASK_COLOR = '#ffffff';

/**
 * The mask the server reads: white strokes on a transparent layer at the image's own resolution, as a PNG data
 * URL. Null when nothing is left marked (every brush stroke erased, or no stroke at all).
 */
export function renderMaskDataUrl(
  strokes: Strokes,
  width: number,
  height: number,
  createCanvas: CanvasFactory,
): string | null {
  if (!strokes.some((s) => s.tool === 'brush')) return null;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the mask (no 2D canvas).');
  drawStrokes(ctx, strokes, 1, MASK_COLOR);
  if (!hasInk(canvas, createCanvas)) return null;
  return canvas.toDataURL('image/png');
}

/** Whether any pixel is painted, checked on a small copy so a 12-megapixel mask costs milliseconds. */
export function hasInk(canvas: HTMLCanvasElement, createCanvas: CanvasFactory): boolean {
  const scale = Math.min(1, 512 / Math.max(canvas.width, canvas.height));
  const w = Math.max(1, Math.round(canvas.width * scale));
  const h = Math.max(1, Math.round(canvas.height * scale));
  const small = createCanvas(w, h);
  const ctx = small.getContext('2d', { willReadFrequently: true });
  if (!ctx) return true;
  ctx.drawImage(canvas, 0, 0, w, h);
  const { data } = ctx.getImageData(0, 0, w, h);
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
  return false;
}
