import { useEffect, useRef, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { MODE_INFO, type Mode } from '@common/modes';
import type { Credits, CurrentUser } from '@common/schemas/auth';
import { BackLink } from '@client/components/back-link';
import { Button } from '@client/components/ui/button';
import { stageOf } from '../model/editor-state';
import { processLabel } from '../model/validation';
import { EditWorkspace } from './edit-workspace';
import { ModeSelector } from './mode-selector';
import { PlanSummary } from './plan-summary';
import { ResultView } from './result-view';
import { BatchWorkspace } from '../batch/batch-workspace';
import { UploadZone } from './upload-zone';
import { useEditor } from './use-editor';

/**
 * The /editor screen for a signed-in person: choose and upload, edit, compare and download; several photos at
 * once make a batch.
 */
export function Editor({
  mode,
  user,
  from,
  onModeChange,
  onCredits,
  onOpened,
}: {
  mode: Mode;
  user: CurrentUser;
  /** An earlier result to edit again ("Edit again" in Your images). */
  from: string | null;
  onModeChange(mode: Mode): void;
  onCredits(credits: Credits): void;
  /** The earlier result is open; the page drops it from the address. */
  onOpened(): void;
}) {
  const editor = useEditor(mode, user, onCredits);
  const { state, dispatch, progress } = editor;
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!from || opened.current === from) return;
    opened.current = from;
    void editor.uploadEarlierResult(from).then(onOpened);
  }, [from, editor, onOpened]);
  const [batch, setBatch] = useState<File[] | null>(null);
  const stage = batch ? 'batch' : stageOf(state);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8" data-stage={stage}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <p className="text-sm font-medium text-primary">Editor</p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{MODE_INFO[mode].label}</h1>
        </div>
        <PlanSummary user={user} />
      </div>

      {stage === 'choose' && (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <ModeSelector mode={mode} onChange={onModeChange} />
          <div className="flex flex-col gap-4">
            <UploadZone
              progress={editor.uploadProgress}
              onFiles={(files) => (files.length > 1 ? setBatch(files) : editor.upload(files[0]))}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <BackLink href="/" to="Home" />
              <Button
                variant="gradient"
                disabled={editor.uploadProgress !== null}
                onClick={() => void editor.process({ maskData: null, hasMask: false, prompt: '' })}
              >
                <Sparkles /> {processLabel(mode, false)}
              </Button>
            </div>
          </div>
        </div>
      )}

      {batch && (
        <BatchWorkspace
          key={mode}
          mode={mode}
          user={user}
          files={batch}
          onCredits={onCredits}
          onBack={() => setBatch(null)}
        />
      )}

      {stage === 'edit' && state.working && (
        <EditWorkspace
          key={state.maskKey}
          mode={mode}
          image={state.working}
          iterative={state.iterative}
          brush={state.brush}
          progress={progress}
          onBrush={(brush) => dispatch({ type: 'brush', brush })}
          onProcess={editor.process}
          onFindWatermark={mode === 'watermark-removal' ? editor.findWatermark : undefined}
          onSelect={editor.select}
          headshotPeople={editor.headshotPeople}
          onBack={() => dispatch({ type: 'reset' })}
        />
      )}

      {stage === 'result' && state.result && state.before && (
        <ResultView
          mode={mode}
          before={state.before}
          result={state.result}
          progress={progress}
          onDownload={editor.download}
          onNewImage={() => dispatch({ type: 'reset' })}
          onUpscale={editor.upscaleResult}
          onEditMore={editor.editMore}
        />
      )}
    </div>
  );
}
