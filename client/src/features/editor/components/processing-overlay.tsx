import { useEffect, useRef } from 'react';
import { Loader2 } from 'lucide-react';

export interface Progress {
  percent: number;
  message: string;
}

export const DEFAULT_PROGRESS_MESSAGE = 'Processing your image...';

/** Covers the image while the server works, with its real percentage and message. */
export function ProcessingOverlay({ progress, detail }: { progress: Progress; detail: string }) {
  const percent = Math.round(Math.min(100, Math.max(0, progress.percent)));
  const box = useRef<HTMLDivElement>(null);
  // On a phone the button that started processing is below the image: bring the progress into view.
  // (A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.)
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div
      ref={box}
      role="status"
      aria-live="polite"
      data-testid="processing-overlay"
      className="absolute inset-0 z-10 flex items-center justify-center bg-background/75 p-6 backdrop-blur-sm"
    >
      <div className="w-full max-w-xs rounded-2xl border bg-card p-6 text-center shadow-xl">
        <Loader2 className="mx-auto size-8 animate-spin text-primary" aria-hidden />
        <p className="mt-4 font-semibold">{progress.message || DEFAULT_PROGRESS_MESSAGE}</p>
        <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
        <div
          className="mt-5 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p data-testid="progress-percent" className="mt-2 text-sm font-medium tabular-nums">
          {percent}%
        </p>
      </div>
    </div>
  );
}
