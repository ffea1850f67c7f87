import { useReducer, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Mode } from '@common/modes';
import { PLAN_LIMITS } from '@common/plans';
import type { Credits, CurrentUser } from '@common/schemas/auth';
import type { ProcessRequest, ProcessResponse } from '@common/schemas/process';
import type { SelectPoint } from '@common/schemas/select';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiBlob } from '@client/lib/api-client';
import { getErrorMessage, isUnauthenticated } from '@client/lib/errors';
import { headshotPeopleQueryOptions } from '../api/detect-people';
import { detectWatermark } from '../api/detect-watermark';
import { processImage } from '../api/process-image';
import { selectMask } from '../api/select-mask';
import { uploadImage } from '../api/upload-image';
import { watchProgress } from '../api/watch-progress';
import { editorReducer, initialEditorState, type Result } from '../model/editor-state';
import { fileProblem, processProblem } from '../model/validation';
import { DEFAULT_PROGRESS_MESSAGE, type Progress } from './processing-overlay';

/** The spec's pause between the last progress step and the completion toast. */
const COMPLETION_DELAY_MS = 500;

export interface ProcessInput {
  maskData: string | null;
  hasMask: boolean;
  prompt: string;
  scale?: 2 | 4;
  options?: Record<string, unknown>;
}

/** Why a process call was refused, as the server put it (null code: not the server's refusal). */
export interface ProcessFailure {
  code: ApiError['code'];
  message: string;
}

/** The editor's flow and its calls: upload, process with live progress, quick upscale, download, Edit More. */
export function useEditor(mode: Mode, user: CurrentUser, onCredits: (credits: Credits) => void) {
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  /** Share of the photo sent so far while uploading (0..1), null otherwise. */
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [lastMode, setLastMode] = useState(mode);
  if (mode !== lastMode) {
    setLastMode(mode);
    dispatch({ type: 'mode-changed' });
  }

  /** Runs one process call with its progress stream; resolves with the result. */
  async function runProcessing(id: string, body: ProcessRequest) {
    setProgress({ percent: 0, message: DEFAULT_PROGRESS_MESSAGE });
    const stop = await watchProgress(id, (event) =>
      setProgress((p) => ({ percent: Math.max(p?.percent ?? 0, event.percent), message: event.message })),
    );
    try {
      const response = await processImage(id, body);
      onCredits(response.credits);
      setProgress({ percent: 100, message: 'Done' });
      await new Promise((r) => setTimeout(r, COMPLETION_DELAY_MS));
      return toResult(response);
    } finally {
      stop();
      setProgress(null);
    }
  }

  async function upload(file: File) {
    const problem = fileProblem(file, PLAN_LIMITS[user.subscriptionTier]);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    setUploadProgress(0);
    try {
      const uploaded = await uploadImage(file, file.name, mode, setUploadProgress);
      const original = { url: uploaded.originalPath, width: uploaded.width, height: uploaded.height };
      dispatch({ type: 'uploaded', upload: { id: uploaded.id, mode, file, original } });
    } catch (error) {
      if (isUnauthenticated(error)) {
        toast({
          title: 'Authentication error',
          description: 'Please sign in again.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Upload failed',
          description: getErrorMessage(error, 'Failed to upload file. Please try again.'),
          variant: 'destructive',
        });
      }
    } finally {
      setUploadProgress(null);
    }
  }

  /** "Edit again" from Your images: the earlier result goes up as a new photo of this mode; no credit. */
  async function uploadEarlierResult(imageId: string) {
    try {
      const blob = await apiBlob(`/api/images/${imageId}/result`);
      const extension = blob.type === 'image/jpeg' ? 'jpg' : blob.type.replace('image/', '') || 'png';
      await upload(new File([blob], `edited-photo.${extension}`, { type: blob.type }));
    } catch (error) {
      toast({
        title: 'Could not open the image',
        description: getErrorMessage(error, 'The earlier result could not be loaded.'),
        variant: 'destructive',
      });
    }
  }

  /** Validates, processes and toasts the outcome; resolves with the failure, if any, for the caller to offer more. */
  async function process(input: ProcessInput): Promise<ProcessFailure | null> {
    const problem = processProblem({
      mode,
      hasImage: !!state.upload,
      hasMask: input.hasMask,
      prompt: input.prompt,
      iterative: state.iterative,
      brush: state.brush,
    });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return { code: null, message: problem.description };
    }
    const { upload, working } = state;
    if (!upload || !working) return null;
    try {
      // The row remembers the mode it was uploaded for; after a mode change the photo goes up again.
      let id = upload.id;
      if (upload.mode !== mode) {
        id = (await uploadImage(upload.file, upload.file.name, mode)).id;
        dispatch({ type: 'reuploaded', id, mode });
      }
      const result = await runProcessing(id, {
        maskData: input.maskData,
        mode: state.brush,
        isIterativeEdit: state.iterative,
        currentImageUrl: state.iterative ? working.url : null,
        prompt: mode === 'prompt-edit' ? input.prompt.trim() : null,
        ...(input.scale ? { scale: input.scale } : {}),
        ...(input.options ? { options: input.options } : {}),
      });
      dispatch({ type: 'processed', result });
      toast({
        title: 'Processing complete',
        description: result.note ?? 'Compare before and after, then download.',
        variant: 'success',
      });
      return null;
    } catch (error) {
      const message = getErrorMessage(error, 'Failed to process image. Please try again.');
      toast({ title: 'Processing failed', description: message, variant: 'destructive' });
      return { code: error instanceof ApiError ? error.code : null, message };
    }
  }

  /** AI Upscale (2x): the result goes up again as an image-upscale photo and is processed at scale 2. */
  async function upscaleResult() {
    const { result, upload } = state;
    if (!result || !upload) return;
    try {
      setProgress({ percent: 0, message: 'Preparing the upscale...' });
      const blob = await apiBlob(result.url);
      const uploaded = await uploadImage(blob, upload.file.name, 'image-upscale');
      const upscaled = await runProcessing(uploaded.id, { scale: 2 });
      dispatch({ type: 'upscaled', result: upscaled });
      toast({
        title: 'Upscaling complete',
        description: 'Your image was upscaled to 2x.',
        variant: 'success',
      });
    } catch (error) {
      setProgress(null);
      toast({
        title: 'Upscaling failed',
        description: getErrorMessage(error, 'Failed to upscale image. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  /** "Find watermark": the proposed mask of the uploaded photo (any upload of it will do: it reads the original). */
  function findWatermark(): Promise<Blob> {
    if (!state.upload) return Promise.reject(new Error('No image uploaded'));
    return detectWatermark(state.upload.id);
  }

  /**
   * Tap to select on the working image. The server reads the uploaded original, so taps are offered only while
   * the working image has its size (a result that was cropped or upscaled would not line up).
   */
  const canSelect =
    state.upload !== null &&
    state.working?.width === state.upload.original.width &&
    state.working.height === state.upload.original.height;
  /** Whom a headshot could be of, asked once the photo is up: with several people, a tap chooses. */
  const headshotPeople = useQuery(
    headshotPeopleQueryOptions(
      mode === 'professional-photo' && canSelect && !state.iterative ? state.upload!.id : null,
    ),
  ).data?.people;
  function select(points: SelectPoint[], signal: AbortSignal): Promise<Blob> {
    if (!state.upload) return Promise.reject(new Error('No image uploaded'));
    return selectMask(state.upload.id, points, undefined, signal);
  }

  function download() {
    if (!state.result) return;
    const link = document.createElement('a');
    link.href = state.result.downloadUrl;
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
    toast({ title: 'Download started', variant: 'success' });
  }

  function editMore() {
    dispatch({ type: 'edit-more' });
    const description =
      mode === 'prompt-edit'
        ? 'Type the next change; it applies to this result.'
        : 'Paint over anything else to remove or restore.';
    toast({ title: 'Continue editing', description });
  }

  return {
    state,
    dispatch,
    uploadProgress,
    progress,
    upload,
    uploadEarlierResult,
    process,
    findWatermark,
    select: canSelect ? select : undefined,
    headshotPeople,
    upscaleResult,
    download,
    editMore,
  };
}

function toResult(response: ProcessResponse): Omit<Result, 'upscaled'> {
  return {
    url: response.processedPath,
    downloadUrl: response.downloadPath,
    width: response.width,
    height: response.height,
    providerId: response.providerId,
    ...(response.note ? { note: response.note } : {}),
    ...(response.steps ? { steps: response.steps.map((step) => step.description) } : {}),
  };
}
