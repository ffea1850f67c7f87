import { useState } from 'react';
import { ArrowLeft, LoaderCircle, ScanSearch, Sparkles } from 'lucide-react';
import { MODE_INFO, type Mode } from '@common/modes';
import { MODE_ICONS } from '@client/components/layout/mode-icons';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/errors';
import { ImageStage } from '../canvas/image-stage';
import { SubjectPicker } from '../canvas/subject-picker';
import type { Brush } from '@common/schemas/process';
import type { ImageView } from '../model/editor-state';
import { proposalStroke } from '../model/mask-proposal';
import { DEFAULT_CHOICES, processOptions, type ModeChoices } from '../model/mode-options';
import { renderMaskDataUrl } from '../model/rasterize';
import { choosesSubject, type PersonBox } from '../model/subject-point';
import { needsMask, processLabel } from '../model/validation';
import { MarkStepCard } from './mark-step-card';
import { MaskEditor } from './mask-editor';
import { ModeChoicesPanel } from './mode-choices';
import { ProcessingOverlay, type Progress } from './processing-overlay';
import { PromptPanel } from './prompt-panel';
import { Segmented } from './segmented';
import type { ProcessFailure, ProcessInput } from './use-editor';
import { useMarkStep } from './use-mark-step';
import { useMaskEditor } from './use-mask-editor';
import { usePlanPreview } from './use-plan-preview';
import { useTapSelect, type SelectFn } from './use-tap-select';

const createCanvas = (width: number, height: number) =>
  Object.assign(document.createElement('canvas'), { width, height });

/**
 * Stage 2: the working image (with the mask editor in the mask modes, in iterative mode, and in Chat to Edit
 * when the instruction asks the person to mark something), the mode's choices, and the process button.
 * Mounted afresh for each working image, which clears the mask.
 */
export function EditWorkspace({
  mode,
  image,
  iterative,
  brush,
  progress,
  onBrush,
  onProcess,
  onFindWatermark,
  onSelect,
  headshotPeople,
  onBack,
}: {
  mode: Mode;
  image: ImageView;
  iterative: boolean;
  brush: Brush;
  progress: Progress | null;
  onBrush(mode: Brush): void;
  onProcess(input: ProcessInput): Promise<ProcessFailure | null>;
  /** The server's proposed watermark mask for the photo (PNG); watermark mode, before the first result. */
  onFindWatermark?(): Promise<Blob>;
  /** Tap to select on this image; absent where taps cannot be answered. */
  onSelect?: SelectFn;
  /** Whom a headshot could be of (the automatic choice first); two or more, and a tap chooses. */
  headshotPeople?: readonly PersonBox[];
  onBack(): void;
}) {
  const [finding, setFinding] = useState(false);
  const busy = progress !== null || finding;
  const [prompt, setPrompt] = useState('');
  const preview = usePlanPreview(MODE_INFO[mode].needsPrompt ? prompt : '');
  const mark = useMarkStep(prompt, preview);
  const maskMode = needsMask(mode, iterative);
  const masked = maskMode || mark.step !== null;
  const editor = useMaskEditor(masked && !busy, {
    select: !!onSelect,
    initialTool: MODE_INFO[mode].needsPrompt && onSelect ? 'select' : 'brush',
  });
  const tapper = useTapSelect(editor, image, onSelect, createCanvas);
  const [choices, setChoices] = useState<ModeChoices>(DEFAULT_CHOICES);
  const group = mode === 'professional-photo' && choosesSubject(headshotPeople) ? headshotPeople : null;
  const Icon = MODE_ICONS[mode];
  const overlay = progress && (
    <ProcessingOverlay progress={progress} detail={overlayDetail(mode, iterative)} />
  );

  /** Adds the proposed mask as one brush stroke, which the brush, eraser and undo then correct. */
  async function findWatermark() {
    if (!onFindWatermark) return;
    setFinding(true);
    try {
      const png = await onFindWatermark();
      editor.addStroke(await proposalStroke(png, image.width, image.height, createCanvas));
      toast({
        title: 'Watermark found',
        description: 'Check the marked area: add to it with the brush, take away with the eraser.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'No watermark marked',
        description: getErrorMessage(error, 'Finding the watermark failed. Please paint over it.'),
        variant: 'destructive',
      });
    } finally {
      setFinding(false);
    }
  }

  async function submit() {
    const maskData = masked
      ? renderMaskDataUrl(editor.strokes, image.width, image.height, createCanvas)
      : null;
    if (mark.step && !maskData) {
      toast({
        title: 'Nothing marked yet',
        description: `${mark.step.title} first.`,
        variant: 'destructive',
      });
      return;
    }
    const failure = await onProcess({
      maskData,
      hasMask: maskData !== null,
      prompt,
      ...processOptions(mode, choices),
    });
    if (failure) mark.failed(failure);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {masked ? (
        <MaskEditor image={image} editor={editor} tapper={tapper} disabled={busy} overlay={overlay} />
      ) : (
        <ImageStage
          width={image.width}
          height={image.height}
          overlay={overlay}
          className="lg:h-[calc(100dvh-11rem)]"
        >
          {(scale) =>
            group ? (
              <SubjectPicker
                image={image}
                scale={scale}
                people={group}
                point={choices.headshotSubject}
                disabled={busy}
                onPick={(headshotSubject) => setChoices({ ...choices, headshotSubject })}
              />
            ) : (
              <img
                src={image.url}
                alt="Your photo"
                width={image.width}
                height={image.height}
                style={{ width: image.width * scale, height: image.height * scale }}
                className="max-w-none rounded-sm shadow-sm"
              />
            )
          }
        </ImageStage>
      )}
      <aside className="flex flex-col gap-5 rounded-2xl border bg-card p-5 shadow-sm lg:self-start">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="font-semibold">{iterative ? 'Keep editing' : MODE_INFO[mode].label}</h2>
            <p className="text-sm text-muted-foreground">
              {!iterative
                ? MODE_INFO[mode].description
                : maskMode
                  ? 'Erase more, or restore parts of the original photo.'
                  : 'Describe the next change to the result.'}
            </p>
          </div>
        </div>
        {maskMode && iterative && (
          <Segmented<Brush>
            label="Brush action"
            value={brush}
            disabled={busy}
            onChange={onBrush}
            options={[
              { value: 'erase', label: 'Erase' },
              { value: 'restore', label: 'Restore' },
            ]}
          />
        )}
        {MODE_INFO[mode].needsPrompt && (
          <PromptPanel
            prompt={prompt}
            preview={preview}
            disabled={busy}
            iterative={iterative}
            onChange={setPrompt}
          >
            {mark.step && (
              <MarkStepCard
                step={mark.step}
                done={editor.strokes.some((s) => s.tool === 'brush')}
                canTap={!!onSelect}
              />
            )}
          </PromptPanel>
        )}
        <ModeChoicesPanel
          mode={mode}
          choices={choices}
          disabled={busy}
          onChange={setChoices}
          group={group !== null}
        />
        {mode === 'watermark-removal' && !iterative && (
          <p className="rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
            Use watermark removal only on images you own or are licensed to edit.
          </p>
        )}
        <div className="flex flex-col gap-2">
          {onFindWatermark && maskMode && !iterative && (
            <Button variant="outline" disabled={busy} onClick={findWatermark} data-testid="find-watermark">
              {finding ? <LoaderCircle className="animate-spin" /> : <ScanSearch />} Find watermark
            </Button>
          )}
          <Button
            variant="gradient"
            size="lg"
            disabled={busy || tapper.pending !== null}
            onClick={() => void submit()}
            data-testid="process-button"
          >
            <Sparkles /> {processLabel(mode, iterative)}
          </Button>
          <Button variant="outline" disabled={busy} onClick={onBack}>
            <ArrowLeft /> Back
          </Button>
        </div>
      </aside>
    </div>
  );
}

function overlayDetail(mode: Mode, iterative: boolean): string {
  if (MODE_INFO[mode].needsMask || (iterative && mode !== 'prompt-edit'))
    return 'AI is removing unwanted areas from your image';
  if (mode === 'prompt-edit') return 'AI is following your instruction step by step';
  return `AI is working on your photo: ${MODE_INFO[mode].label.toLowerCase()}`;
}
