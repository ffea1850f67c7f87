import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { cn } from '@client/lib/utils';
import { fitScale } from '../model/zoom';

/**
 * A scrollable box that fits an image of `width` x `height` into itself and hands the resulting scale
 * (screen pixels per image pixel, times `zoom` / 100) to its content. Zoomed past the box, it scrolls.
 */
export function ImageStage({
  width,
  height,
  zoom = 100,
  className,
  overlay,
  children,
}: {
  width: number;
  height: number;
  zoom?: number;
  className?: string;
  overlay?: ReactNode;
  children(scale: number): ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [boxSize, setBoxSize] = useState<{ w: number; h: number } | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      setBoxSize({ w: element.clientWidth - padX, h: element.clientHeight - padY });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = boxSize ? fitScale(width, height, boxSize.w, boxSize.h) * (zoom / 100) : 0;
  // On narrow screens the box takes the photo's shape (within 58 % of the screen height), so a landscape photo
  // does not sit in a tall empty frame; wide screens set their own height through `className`.
  const narrowHeight = `min(58dvh, calc((100vw - 3.5rem) * ${height / width} + 1.6rem))`;
  return (
    <div
      className={cn(
        'relative h-(--stage-height) min-h-48 overflow-hidden rounded-xl border bg-muted/40',
        className,
      )}
      style={{ '--stage-height': narrowHeight } as CSSProperties}
    >
      <div
        ref={box}
        data-testid="image-stage"
        className="size-full overflow-auto p-3 [background-image:radial-gradient(circle,var(--color-border)_1px,transparent_1px)] [background-size:16px_16px]"
      >
        <div className="flex min-h-full min-w-full w-max items-center justify-center">
          {scale > 0 && children(scale)}
        </div>
      </div>
      {overlay}
    </div>
  );
}
