import { useEffect, useRef, useState } from 'react';
import type { SelectPoint } from '@common/schemas/select';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import { getErrorMessage, isAbortError } from '@client/lib/errors';
import type { ImageView } from '../model/editor-state';
import { proposalStroke, SELECTION_MAX_SIDE } from '../model/mask-proposal';
import type { CanvasFactory } from '../model/rasterize';
import type { Point } from '../model/strokes';
import { tapRequest, type TapLabel } from '../model/tap-select';
import type { MaskEditorState } from './use-mask-editor';

/** The object under the taps on the photo being edited, as a PNG mask at its size (white = selected). */
export type SelectFn = (points: SelectPoint[], signal: AbortSignal) => Promise<Blob>;

/**
 * Tap to select: each tap asks the server for the object under it and puts the answer in the mask editor as
 * one history entry (a new selection, or the one it refines replaced). One tap is answered at a time; taps
 * while one is pending are ignored, and `pending` (the tap being answered) lets the photo show it.
 */
export function useTapSelect(
  editor: MaskEditorState,
  image: ImageView,
  select: SelectFn | undefined,
  createCanvas: CanvasFactory,
) {
  const [pending, setPending] = useState<SelectPoint | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function tap(point: Point, label: TapLabel) {
    if (!select || controller.current) return;
    const request = tapRequest(editor.strokes, point, label, image);
    if (!request) {
      toast({
        title: 'Nothing to take away from',
        description: 'Tap the object first; shift-tap or hold inside it to take a part away.',
      });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setPending(request.taps[request.taps.length - 1]);
    try {
      const png = await select(request.taps, abort.signal);
      const stroke = await proposalStroke(png, image.width, image.height, createCanvas, {
        maxSide: SELECTION_MAX_SIDE,
        taps: request.taps,
        grow: true,
      });
      if (!abort.signal.aborted) editor.replace(request.target, stroke);
    } catch (error) {
      if (isAbortError(error) || abort.signal.aborted) return;
      toast({
        title: 'Nothing selected',
        description:
          error instanceof ApiError && error.code === 'NOTHING_TO_DO'
            ? 'Nothing could be selected there. Tap inside the object, or paint it with the brush.'
            : getErrorMessage(error, 'Selecting failed. Please try again, or paint it with the brush.'),
        variant: 'destructive',
      });
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPending(null);
      }
    }
  }

  return { tap, pending };
}

export type TapSelectState = ReturnType<typeof useTapSelect>;
