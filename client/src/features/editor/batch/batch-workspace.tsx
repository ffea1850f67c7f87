import { useState } from 'react';
import { ArrowLeft, Download, FileArchive, Sparkles } from 'lucide-react';
import { MODE_INFO, type Mode } from '@common/modes';
import type { Credits, CurrentUser } from '@common/schemas/auth';
import { Button } from '@client/components/ui/button';
import { DEFAULT_CHOICES, processOptions, type ModeChoices } from '../model/mode-options';
import { renderMaskDataUrl } from '../model/rasterize';
import { processProblem } from '../model/validation';
import { MaskEditor } from '../components/mask-editor';
import { ModeChoicesPanel } from '../components/mode-choices';
import { PromptPanel } from '../components/prompt-panel';
import { useMaskEditor } from '../components/use-mask-editor';
import { usePlanPreview } from '../components/use-plan-preview';
import { toast } from '@client/components/ui/use-toast';
import { archiveUrl, readyPhotos, type BatchPhoto } from './batch-photos';
import { BatchPhotoList } from './batch-photo-list';
import { useBatch } from './use-batch';

const createCanvas = (width: number, height: number) =>
  Object.assign(document.createElement('canvas'), { width, height });

/**
 * Several photos, one edit: in the mask modes one mask is painted on the first photo and scaled to every
 * photo of its shape. Says what the batch costs before it starts, then follows each photo to its result.
 */
export function BatchWorkspace({
  mode,
  user,
  files,
  onCredits,
  onBack,
}: {
  mode: Mode;
  user: CurrentUser;
  files: File[];
  onCredits(credits: Credits): void;
  onBack(): void;
}) {
  const batch = useBatch(mode, user, files, onCredits);
  const { photos, phase, painted } = batch;
  const masked = MODE_INFO[mode].needsMask;
  const editor = useMaskEditor(masked && phase === 'ready');
  const [prompt, setPrompt] = useState('');
  const preview = usePlanPreview(MODE_INFO[mode].needsPrompt ? prompt : '');
  const [choices, setChoices] = useState<ModeChoices>(DEFAULT_CHOICES);
  // One watermark on every photo: estimated from all of them (3 or more), the painted mask only a hint.
  const [sameMark, setSameMark] = useState(false);
  const sameMarkOn = mode === 'watermark-removal' && photos.length >= 3 && sameMark;
  const needed = readyPhotos(photos).length;
  const remaining = user.credits.remaining;
  const busy = phase === 'uploading' || phase === 'running';
  const zip = archiveUrl(photos);

  function start() {
    const maskData =
      masked && painted?.width && painted.height
        ? renderMaskDataUrl(editor.strokes, painted.width, painted.height, createCanvas)
        : null;
    const problem = processProblem({
      mode,
      hasImage: needed > 0,
      hasMask: maskData !== null || sameMarkOn,
      prompt,
      iterative: false,
      brush: 'erase',
    });
    if (problem) return toast({ ...problem, variant: 'destructive' });
    const chosen = processOptions(mode, choices);
    const options = sameMarkOn ? { ...chosen.options, sameMark: true } : chosen.options;
    void batch.start({ maskData, prompt, ...chosen, ...(options ? { options } : {}) });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="batch">
      <div className="flex min-w-0 flex-col gap-4">
        {masked && painted?.originalUrl && phase !== 'done' && (
          <MaskEditor
            image={{ url: painted.originalUrl, width: painted.width!, height: painted.height! }}
            editor={editor}
            disabled={phase !== 'ready'}
          />
        )}
        <BatchPhotoList photos={photos} />
      </div>
      <aside className="flex flex-col gap-5 rounded-2xl border bg-card p-5 shadow-sm lg:self-start">
        <div>
          <h2 className="font-semibold">
            Batch: {photos.length} photos, {MODE_INFO[mode].label}
          </h2>
          {masked && (
            <p className="mt-1 text-sm text-muted-foreground">
              Paint once on the first photo: the mask is scaled to every photo of the same shape.
            </p>
          )}
        </div>
        <p
          className={
            phase === 'ready' && needed > remaining ? 'text-sm font-medium text-destructive' : 'text-sm'
          }
          data-testid="batch-credits"
        >
          {creditLine(phase, photos, needed, remaining)}
        </p>
        {MODE_INFO[mode].needsPrompt && (
          <PromptPanel
            prompt={prompt}
            preview={preview}
            disabled={busy}
            iterative={false}
            onChange={setPrompt}
          />
        )}
        <ModeChoicesPanel mode={mode} choices={choices} disabled={busy} onChange={setChoices} />
        {mode === 'watermark-removal' && photos.length >= 3 && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-violet-600"
              checked={sameMark}
              disabled={busy}
              onChange={(event) => setSameMark(event.target.checked)}
              data-testid="batch-same-mark"
            />
            <span>
              Same watermark on all photos
              <span className="block text-xs text-muted-foreground">
                The mark is learned from every photo and taken out exactly; painting it is optional. Photos
                without it come back untouched, and cost nothing.
              </span>
            </span>
          </label>
        )}
        <div className="flex flex-col gap-2">
          {phase !== 'done' && (
            <Button
              variant="gradient"
              size="lg"
              disabled={phase !== 'ready' || needed === 0 || needed > remaining}
              onClick={start}
              data-testid="batch-process"
            >
              <Sparkles /> {phase === 'running' ? 'Processing...' : `Process ${needed} photos`}
            </Button>
          )}
          {zip && (
            <Button asChild variant={phase === 'done' ? 'gradient' : 'outline'} size="lg">
              <a href={zip} download data-testid="batch-zip">
                <FileArchive /> Download all (ZIP)
              </a>
            </Button>
          )}
          <Button variant="outline" disabled={busy} onClick={onBack}>
            <ArrowLeft /> {phase === 'done' ? 'New batch' : 'Back'}
          </Button>
        </div>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Download className="size-3.5" aria-hidden /> Each success uses one credit; failures are refunded.
        </p>
      </aside>
    </div>
  );
}

/** What the batch costs before it runs, and what it came to while and after it runs. */
function creditLine(phase: string, photos: BatchPhoto[], needed: number, remaining: number): string {
  if (phase === 'uploading') return 'Uploading your photos...';
  if (phase === 'ready') {
    const cost = `This batch needs ${needed} ${needed === 1 ? 'credit' : 'credits'}; you have ${remaining}.`;
    return needed > remaining ? `${cost} Remove photos or upgrade your plan to run it.` : cost;
  }
  const sent = photos.filter((p) => ['queued', 'processing', 'completed', 'failed'].includes(p.status));
  const done = sent.filter((p) => p.status === 'completed').length;
  const failed = sent.filter((p) => p.status === 'failed').length;
  return `${done} of ${sent.length} done${failed ? `, ${failed} failed (their credits were returned)` : ''}.`;
}
