import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronsLeftRight } from 'lucide-react';
import { cn } from '@client/lib/utils';

interface BeforeAfterSliderProps {
  before: string;
  after: string;
  width: number;
  height: number;
  beforeAlt: string;
  afterAlt: string;
  beforeLabel?: string;
  afterLabel?: string;
  /** Show a checkerboard behind the "after" image (transparent PNG results). */
  transparentAfter?: boolean;
  /** 'contain' shows the whole before photo when the edit changed its shape (a crop, a rotation). */
  beforeFit?: 'cover' | 'contain';
  className?: string;
  'data-testid'?: string;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Before on the left, after on the right of a divider that starts at 50 %. It follows the pointer while the
 * mouse button or touch is held and stops on release or when the pointer leaves; the handle is a slider for
 * the keyboard (arrows 5 %, Page keys 25 %, Home/End).
 */
export function BeforeAfterSlider({
  before,
  after,
  width,
  height,
  beforeAlt,
  afterAlt,
  beforeLabel = 'Before',
  afterLabel = 'After',
  transparentAfter = false,
  beforeFit = 'cover',
  className,
  'data-testid': testId,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  const dragging = useRef(false);
  const frame = useRef<HTMLDivElement>(null);

  function moveTo(clientX: number) {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = true;
    moveTo(event.clientX);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragging.current) moveTo(event.clientX);
  }

  const stop = () => {
    dragging.current = false;
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowLeft: -5,
      ArrowDown: -5,
      ArrowRight: 5,
      ArrowUp: 5,
      PageDown: -25,
      PageUp: 25,
    };
    if (event.key in steps) setPosition((p) => clamp(p + steps[event.key]));
    else if (event.key === 'Home') setPosition(0);
    else if (event.key === 'End') setPosition(100);
    else return;
    event.preventDefault();
  }

  /** What the two stacked photos share: the same box, loaded late, never dragged away. */
  const bothPhotos = { width, height, loading: 'lazy', decoding: 'async', draggable: false } as const;

  return (
    <div
      ref={frame}
      data-testid={testId}
      className={cn(
        'relative select-none overflow-hidden rounded-xl bg-muted [touch-action:pan-y]',
        transparentAfter &&
          'bg-[conic-gradient(#d4d4d8_25%,#fafafa_0_50%,#d4d4d8_0_75%,#fafafa_0)] bg-[length:20px_20px]',
        className,
      )}
      style={{ aspectRatio: `${width} / ${height}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onPointerLeave={stop}
    >
      <img src={after} alt={afterAlt} {...bothPhotos} className="absolute inset-0 size-full object-cover" />
      <img
        src={before}
        alt={beforeAlt}
        {...bothPhotos}
        className={cn(
          'absolute inset-0 size-full',
          // (the bars beside a photo of another shape are the frame's, not the result showing through)
          beforeFit === 'contain' ? 'bg-muted object-contain' : 'object-cover',
        )}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className="pointer-events-none absolute left-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white backdrop-blur">
        {beforeLabel}
      </span>
      <span className="pointer-events-none absolute right-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white backdrop-blur">
        {afterLabel}
      </span>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_8px_rgba(0,0,0,0.5)]"
        style={{ left: `${position}%` }}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Compare ${beforeLabel.toLowerCase()} and ${afterLabel.toLowerCase()}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        aria-valuetext={`${Math.round(position)}% ${beforeLabel.toLowerCase()}`}
        onKeyDown={onKeyDown}
        data-position={position.toFixed(1)}
        className="absolute top-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize items-center justify-center rounded-full border-2 border-white bg-black/50 text-white shadow-lg backdrop-blur focus-visible:outline-offset-4"
        style={{ left: `${position}%` }}
      >
        <ChevronsLeftRight className="size-5" aria-hidden />
      </div>
    </div>
  );
}
