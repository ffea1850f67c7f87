import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Hourglass } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import type { GalleryEntry } from '../model/gallery-manifest';

type View = 'result' | 'clean';

function Pane({
  label,
  children,
  footer,
}: {
  label: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <figure className="grid min-w-0 content-start gap-2">
      <figcaption className="text-sm font-medium text-muted-foreground">{label}</figcaption>
      {children}
      {footer}
    </figure>
  );
}

function Photo({ src, alt, entry }: { src: string; alt: string; entry: GalleryEntry }) {
  return (
    <img
      src={src}
      alt={alt}
      width={entry.width}
      height={entry.height}
      decoding="async"
      className="h-auto w-full rounded-xl border bg-muted shadow-md"
    />
  );
}

const db = (value: number | null | undefined) =>
  typeof value === 'number' ? `${value.toFixed(2)} dB` : 'pending';

export function GalleryViewer({ entries }: { entries: GalleryEntry[] }) {
  const [index, setIndex] = useState(0);
  const [view, setView] = useState<View>('result');
  const entry = entries[index];
  const prev = () => setIndex((i) => (i - 1 + entries.length) % entries.length);
  const next = () => setIndex((i) => (i + 1) % entries.length);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, [role="slider"]'))
        return;
      if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + entries.length) % entries.length);
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % entries.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [entries.length]);

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" onClick={prev} aria-label="Previous image">
            <ChevronLeft />
          </Button>
          <span
            className="min-w-28 text-center text-sm font-medium tabular-nums"
            data-testid="gallery-counter"
            aria-live="polite"
          >
            Image {index + 1} of {entries.length}
          </span>
          <Button variant="outline" size="icon" onClick={next} aria-label="Next image">
            <ChevronRight />
          </Button>
        </div>
        <div
          className="inline-flex rounded-lg border bg-muted p-1"
          role="group"
          aria-label="Right-hand image"
        >
          {(['result', 'clean'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                view === v
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {v === 'result' ? 'Show Result' : 'Show Clean Reference'}
            </button>
          ))}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Pane
          label="Watermarked input"
          footer={<p className="text-xs text-muted-foreground">PSNR vs clean: {db(entry.psnrWatermarked)}</p>}
        >
          <Photo src={entry.watermarked} alt={`${entry.source} with a watermark`} entry={entry} />
        </Pane>
        {view === 'clean' ? (
          <Pane label="Clean reference">
            <Photo src={entry.clean} alt={`${entry.source} without watermark (reference)`} entry={entry} />
          </Pane>
        ) : entry.result ? (
          <Pane
            label={`Result${entry.provider ? ` (${entry.provider})` : ''}`}
            footer={
              <p className="text-xs text-muted-foreground" data-testid="gallery-psnr">
                PSNR vs clean: {db(entry.psnr)}
              </p>
            }
          >
            <Photo src={entry.result} alt={`${entry.source} after watermark removal`} entry={entry} />
          </Pane>
        ) : (
          <Pane label="Result">
            <div
              className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed bg-muted/40 p-6 text-center"
              style={{ aspectRatio: `${entry.width} / ${entry.height}` }}
              data-testid="gallery-pending"
            >
              <Hourglass className="size-6 text-muted-foreground" aria-hidden />
              <p className="font-medium">Results pending</p>
              <p className="max-w-xs text-sm text-muted-foreground">
                The watermark engine's output for this photo has not been generated yet. Compare with the
                clean reference meanwhile.
              </p>
            </div>
          </Pane>
        )}
      </div>
    </div>
  );
}
