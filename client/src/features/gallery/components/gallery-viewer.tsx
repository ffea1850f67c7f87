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
  typeof value === 'number' ? `${value.toFixed(2)} dB` : 'not measured';

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Average PSNR of the results and of the watermarked inputs, over the photos that have a result. */
function Summary({ entries }: { entries: GalleryEntry[] }) {
  const done = entries.filter(
    (e): e is GalleryEntry & { psnr: number; psnrWatermarked: number } =>
      typeof e.psnr === 'number' && typeof e.psnrWatermarked === 'number',
  );
  if (done.length === 0) return null;
  const result = mean(done.map((e) => e.psnr));
  const watermarked = mean(done.map((e) => e.psnrWatermarked));
  const gain = result - watermarked;
  const stats: [string, string, string | undefined][] = [
    ['Results', db(result), 'gallery-average-result'],
    ['Watermarked', db(watermarked), 'gallery-average-watermarked'],
    ['Gain', `${gain >= 0 ? '+' : ''}${gain.toFixed(2)} dB`, undefined],
  ];
  return (
    <section className="grid gap-3" aria-labelledby="gallery-summary-title">
      <h2 id="gallery-summary-title" className="text-sm font-medium text-muted-foreground">
        Average PSNR over{' '}
        {done.length === entries.length ? `all ${done.length}` : `${done.length} of ${entries.length}`}{' '}
        photos, each measured on the whole photo against its clean reference
      </h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="gallery-summary">
        {stats.map(([label, value, testId]) => (
          <div key={label} className="min-w-0 rounded-xl border bg-card px-3 py-2.5 sm:px-4 sm:py-3">
            <dt className="truncate text-xs text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="mt-0.5 text-lg font-bold tabular-nums sm:text-2xl" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "PSNR against the clean reference", with the gain over the watermarked photo for a result. */
function PsnrLine({
  value,
  baseline,
  testId,
}: {
  value: number | null | undefined;
  baseline?: number | null;
  testId: string;
}) {
  const gain = typeof value === 'number' && typeof baseline === 'number' ? value - baseline : null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <span>
        PSNR against the clean reference:{' '}
        <span className="font-semibold text-foreground tabular-nums" data-testid={testId}>
          {db(value)}
        </span>
      </span>
      {gain !== null && (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
            gain >= 0
              ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
              : 'bg-red-500/15 text-red-800 dark:text-red-300',
          )}
        >
          {gain >= 0 ? '+' : ''}
          {gain.toFixed(2)} dB vs watermarked
        </span>
      )}
    </p>
  );
}

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
      <Summary entries={entries} />
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
          footer={<PsnrLine value={entry.psnrWatermarked} testId="gallery-psnr-watermarked" />}
        >
          <Photo src={entry.watermarked} alt={`${entry.source} with a watermark`} entry={entry} />
        </Pane>
        {view === 'clean' ? (
          <Pane label="Clean reference">
            <Photo src={entry.clean} alt={`${entry.source} without watermark (reference)`} entry={entry} />
          </Pane>
        ) : entry.result ? (
          <Pane
            label={`Result${entry.provider ? ` by ${entry.provider}` : ''}`}
            footer={<PsnrLine value={entry.psnr} baseline={entry.psnrWatermarked} testId="gallery-psnr" />}
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
