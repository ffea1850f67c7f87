import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { SelectPoint } from '@common/schemas/select';
import { cn } from '@client/lib/utils';
import type { MaskTool } from '../model/brush';
import type { ImageView } from '../model/editor-state';
import { drawStroke, drawStrokes } from '../model/rasterize';
import { appendPoint, type Point, type Stroke, type Strokes } from '../model/strokes';
import { createTapGesture } from '../model/tap-gesture';
import { tapsOf, type TapLabel } from '../model/tap-select';
import { TapMarkers } from './tap-markers';

/** The visible mark: opaque purple on a layer shown at half opacity, so overlapping strokes stay even. */
export const STROKE_COLOR = '#8b5cf6';
/** The mask layer never needs more pixels than a large screen shows; the export redraws at full size. */
const MAX_LAYER_SIDE = 4096;

interface MaskCanvasProps {
  image: ImageView;
  /** Screen pixels per image pixel. */
  scale: number;
  strokes: Strokes;
  tool: MaskTool;
  /** Stroke width in image pixels. */
  strokeWidth: number;
  disabled: boolean;
  onStroke(stroke: Stroke): void;
  /** The Select tool's tap (label 0: shift-tap or a long press), in image pixels. */
  onTap?(point: Point, label: TapLabel): void;
  /** The tap being answered, shown with a spinner. */
  pendingTap?: SelectPoint | null;
}

interface PointerSession {
  pointerId: number;
  stroke: Stroke;
}

/**
 * The photo with its mask layer on top. Strokes are kept in image pixels; during a gesture only the newest
 * segment is drawn, so painting stays smooth on a 12-megapixel photo. A stroke is reported once, on release
 * (one history entry per stroke); a second finger cancels it, so a pinch never paints. With the Select tool a
 * press is a tap instead (see createTapGesture), and the taps so far are marked on the photo.
 */
export function MaskCanvas({
  image,
  scale,
  strokes,
  tool,
  strokeWidth,
  disabled,
  onStroke,
  onTap,
  pendingTap = null,
}: MaskCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const session = useRef<PointerSession | null>(null);
  const activePointers = useRef(new Set<number>());
  const [cursor, setCursor] = useState<Point | null>(null);
  const [gesture] = useState(() => createTapGesture());
  const selecting = tool === 'select';

  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const pixelRatio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const layerScale = Math.min(scale * pixelRatio, 1, MAX_LAYER_SIDE / Math.max(image.width, image.height));
  const layerWidth = Math.max(1, Math.round(image.width * layerScale));
  const layerHeight = Math.max(1, Math.round(image.height * layerScale));

  useLayoutEffect(() => paintLayer(canvas.current, strokes, layerScale), [strokes, layerScale]);

  function toImage(event: { clientX: number; clientY: number }): Point {
    const rect = canvas.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * image.width,
      y: ((event.clientY - rect.top) / rect.height) * image.height,
    };
  }

  function cancel() {
    gesture.cancel();
    if (!session.current) return;
    session.current = null;
    paintLayer(canvas.current, strokes, layerScale);
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    activePointers.current.add(event.pointerId);
    if (activePointers.current.size > 1) return cancel();
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    if (selecting) {
      const screen = { x: event.clientX, y: event.clientY };
      const { pointerId, shiftKey } = event;
      return gesture.down({ pointerId, screen, at: toImage(event), shiftKey }, (at) => onTap?.(at, 0));
    }
    const stroke: Stroke = { tool, width: strokeWidth, points: [toImage(event)] };
    session.current = { pointerId: event.pointerId, stroke };
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStroke(ctx, stroke, layerScale, STROKE_COLOR);
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (event.pointerType !== 'touch') setCursor(toImage(event));
    gesture.move(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = session.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const before = current.stroke.points.length;
    let points = current.stroke.points;
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const sample of samples.length ? samples : [event.nativeEvent]) {
      points = appendPoint(points, toImage(sample), current.stroke.width);
    }
    if (points === current.stroke.points) return;
    current.stroke = { ...current.stroke, points };
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStroke(ctx, current.stroke, layerScale, STROKE_COLOR, before);
  }

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
    activePointers.current.delete(event.pointerId);
    const tap = gesture.up(event.pointerId);
    if (tap) onTap?.(tap.at, tap.label);
    const current = session.current;
    if (!current || current.pointerId !== event.pointerId) return;
    session.current = null;
    onStroke(current.stroke);
  }

  function onPointerCancel(event: PointerEvent<HTMLCanvasElement>) {
    activePointers.current.delete(event.pointerId);
    cancel();
  }

  const cursorSize = strokeWidth * scale;
  return (
    <div className="relative shrink-0" style={{ width, height }}>
      <img
        src={image.url}
        alt="Your photo"
        width={image.width}
        height={image.height}
        draggable={false}
        className="absolute inset-0 size-full select-none"
      />
      <canvas
        ref={canvas}
        width={layerWidth}
        height={layerHeight}
        data-testid="mask-canvas"
        aria-label={selecting ? 'Tap the object to select it' : 'Paint over the area to change'}
        className={cn(
          'absolute inset-0 size-full opacity-50 [touch-action:none] [-webkit-touch-callout:none]',
          !selecting ? 'cursor-none' : pendingTap ? 'cursor-progress' : 'cursor-crosshair',
        )}
        onContextMenu={selecting ? (event) => event.preventDefault() : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={() => setCursor(null)}
      />
      {selecting && <TapMarkers taps={tapsOf(strokes)} pending={pendingTap} scale={scale} />}
      {cursor && !disabled && !selecting && (
        <div
          aria-hidden
          className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
          style={{
            width: cursorSize,
            height: cursorSize,
            left: cursor.x * scale - cursorSize / 2,
            top: cursor.y * scale - cursorSize / 2,
            background: tool === 'brush' ? 'rgba(139,92,246,0.25)' : 'transparent',
          }}
        />
      )}
    </div>
  );
}

function paintLayer(canvas: HTMLCanvasElement | null, strokes: Strokes, layerScale: number) {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  drawStrokes(ctx, strokes, layerScale, STROKE_COLOR);
}
