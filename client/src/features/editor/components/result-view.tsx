import { Check, Download, ImagePlus, ImageUpscale, PencilLine } from 'lucide-react';
import { MODE_INFO, type Mode } from '@common/modes';
import { BeforeAfterSlider } from '@client/components/before-after-slider';
import { Button } from '@client/components/ui/button';
import type { ImageView, Result } from '../model/editor-state';
import { ProcessingOverlay, type Progress } from './processing-overlay';

/** Who made the result, in words a person reads (the id is recorded on the server). */
function providerName(id: string): string {
  if (id.startsWith('local')) return 'on our servers';
  if (id === 'restore') return 'from your original photo';
  return `by ${id.replace(/-/g, ' ')}`;
}

/**
 * Stage 3: before and after on a slider, then Download and New Image; the mask modes add AI Upscale (2x) and
 * Edit More.
 */
export function ResultView({
  mode,
  before,
  result,
  progress,
  onDownload,
  onNewImage,
  onUpscale,
  onEditMore,
}: {
  mode: Mode;
  before: ImageView;
  result: Result;
  progress: Progress | null;
  onDownload(): void;
  onNewImage(): void;
  onUpscale(): void;
  onEditMore(): void;
}) {
  const busy = progress !== null;
  const masked = MODE_INFO[mode].needsMask;
  const editable = masked || MODE_INFO[mode].needsPrompt;
  // Chat to Edit can cut the background out too; the checkerboard then shows what is see-through.
  const transparent = mode === 'background-removal' || mode === 'prompt-edit';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="relative flex min-w-0 justify-center rounded-2xl border bg-muted/40 p-3">
        <div
          className="w-full"
          style={{ maxWidth: `max(16rem, calc((100dvh - 12rem) * ${result.width / result.height}))` }}
        >
          <BeforeAfterSlider
            data-testid="compare-slider"
            before={before.url}
            after={result.url}
            width={result.width}
            height={result.height}
            beforeAlt="Your photo before the edit"
            afterAlt="Your photo after the edit"
            transparentAfter={transparent}
            beforeFit={MODE_INFO[mode].needsPrompt ? 'contain' : 'cover'}
          />
        </div>
        {progress && <ProcessingOverlay progress={progress} detail="AI is enlarging your image to 2x" />}
      </div>
      <aside className="flex flex-col gap-5 rounded-2xl border bg-card p-5 shadow-sm lg:self-start">
        <div>
          <h2 className="text-lg font-semibold">Your result is ready</h2>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="result-summary">
            {result.width} x {result.height} px, made {providerName(result.providerId)}
            {result.upscaled ? ', upscaled 2x' : ''}. Drag the slider to compare.
          </p>
          {result.steps && (
            <ol
              className="mt-3 flex flex-col gap-1 text-sm"
              data-testid="result-steps"
              aria-label="What was done"
            >
              {result.steps.map((step, index) => (
                <li key={index} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  {step}
                </li>
              ))}
            </ol>
          )}
          {result.note && <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm">{result.note}</p>}
        </div>
        <div className="flex flex-col gap-2">
          <Button variant="gradient" size="lg" disabled={busy} onClick={onDownload}>
            <Download /> Download
          </Button>
          {masked && !result.upscaled && (
            <Button variant="outline" disabled={busy} onClick={onUpscale}>
              <ImageUpscale /> AI Upscale (2x)
            </Button>
          )}
          {editable && (
            <Button variant="outline" disabled={busy} onClick={onEditMore}>
              <PencilLine /> Edit More
            </Button>
          )}
          <Button variant="ghost" disabled={busy} onClick={onNewImage}>
            <ImagePlus /> New Image
          </Button>
        </div>
      </aside>
    </div>
  );
}
