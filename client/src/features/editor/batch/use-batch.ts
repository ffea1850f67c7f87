import { useEffect, useRef, useState } from 'react';
import { MAX_BATCH_PHOTOS } from '@common/limits';
import { MODE_INFO, type Mode } from '@common/modes';
import { PLAN_LIMITS } from '@common/plans';
import type { Credits, CurrentUser } from '@common/schemas/auth';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/errors';
import { runBatch } from '../api/run-batch';
import { uploadImage } from '../api/upload-image';
import { fileProblem } from '../model/validation';
import { applyBatchEvent, photosFromDrop, readyPhotos, withShapes, type BatchPhoto } from './batch-photos';

export interface BatchSettings {
  maskData: string | null;
  prompt: string;
  scale?: 2 | 4;
  options?: Record<string, unknown>;
}

/** A batch's flow: the photos go up one by one, then one call runs them all and reports each as it goes. */
export function useBatch(mode: Mode, user: CurrentUser, files: File[], onCredits: (c: Credits) => void) {
  const [photos, setPhotos] = useState<BatchPhoto[]>(() => photosFromDrop(files.map((f) => f.name)));
  const [phase, setPhase] = useState<'uploading' | 'ready' | 'running' | 'done'>('uploading');
  const started = useRef(false);
  const update = (key: number, patch: Partial<BatchPhoto>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const limit = PLAN_LIMITS[user.subscriptionTier];
      for (const [key, file] of files.entries()) {
        if (key >= MAX_BATCH_PHOTOS) break;
        const problem = fileProblem(file, limit);
        if (problem) {
          update(key, { status: 'refused', message: problem.description });
          continue;
        }
        try {
          const uploaded = await uploadImage(file, file.name, mode, (f) => update(key, { percent: f * 100 }));
          update(key, {
            status: 'ready',
            percent: 0,
            id: uploaded.id,
            width: uploaded.width,
            height: uploaded.height,
            originalUrl: uploaded.originalPath,
          });
        } catch (error) {
          update(key, { status: 'refused', message: getErrorMessage(error, 'The upload failed.') });
        }
      }
      // One mask is painted on the first photo; only photos of its shape can share it.
      if (MODE_INFO[mode].needsMask)
        setPhotos((list) => {
          const first = list.find((p) => p.status === 'ready' && p.width && p.height);
          return first ? withShapes(list, { width: first.width!, height: first.height! }) : list;
        });
      setPhase('ready');
    })();
  }, [files, mode, user.subscriptionTier]);

  /** The photo the mask is painted on: the first one uploaded. */
  const painted = photos.find((p) => p.id && p.width && p.height);

  async function start(settings: BatchSettings) {
    const included = readyPhotos(photos);
    if (!included.length) return;
    setPhase('running');
    try {
      await runBatch(
        {
          imageIds: included.map((p) => p.id!),
          maskData: settings.maskData,
          prompt: mode === 'prompt-edit' ? settings.prompt.trim() : null,
          ...(settings.scale ? { scale: settings.scale } : {}),
          ...(settings.options ? { options: settings.options } : {}),
        },
        (event) => {
          setPhotos((list) => applyBatchEvent(list, event));
          if (event.type === 'finished') {
            onCredits(event.credits);
            toast({
              title: 'Batch complete',
              description: `${event.completed} done, ${event.failed} failed${event.failed ? ' (their credits were returned)' : ''}.`,
              variant: event.failed ? 'default' : 'success',
            });
          }
        },
      );
      setPhase('done');
    } catch (error) {
      setPhase('ready');
      toast({
        title: 'Batch not started',
        description: getErrorMessage(error, 'The batch could not run. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return {
    photos,
    phase,
    painted,
    start,
  };
}
