import type { Mode } from '@common/modes';
import type { Brush } from '@common/schemas/process';

/** An image the browser can show: a URL and its size in pixels. */
export interface ImageView {
  url: string;
  width: number;
  height: number;
}

/** The photo as uploaded: the server's row id, the mode it was uploaded for, and the person's own file. */
export interface Upload {
  id: string;
  mode: Mode;
  file: File;
  original: ImageView;
}

export interface Result extends ImageView {
  downloadUrl: string;
  providerId: string;
  note?: string;
  /** Chat to Edit: what was done, in order, in plain words. */
  steps?: string[];
  /** True once the quick "AI Upscale (2x)" has been applied to this result. */
  upscaled: boolean;
}

export interface EditorState {
  upload: Upload | null;
  /** What the next edit starts from: the original, or in iterative mode the previous result. */
  working: ImageView | null;
  /** The image the result is compared with. */
  before: ImageView | null;
  result: Result | null;
  iterative: boolean;
  brush: Brush;
  /** Changes whenever the painted mask must be cleared (new working image, reset). */
  maskKey: number;
}

export type Stage = 'choose' | 'edit' | 'result';

export type EditorAction =
  | { type: 'uploaded'; upload: Upload }
  | { type: 'reuploaded'; id: string; mode: Mode }
  | { type: 'processed'; result: Omit<Result, 'upscaled'> }
  | { type: 'upscaled'; result: Omit<Result, 'upscaled'> }
  | { type: 'edit-more' }
  | { type: 'brush'; brush: Brush }
  | { type: 'mode-changed' }
  | { type: 'reset' };

export const initialEditorState: EditorState = {
  upload: null,
  working: null,
  before: null,
  result: null,
  iterative: false,
  brush: 'erase',
  maskKey: 0,
};

export function stageOf(state: EditorState): Stage {
  if (!state.upload) return 'choose';
  return state.result ? 'result' : 'edit';
}

/**
 * The editor's flow (spec section 4): upload, optional mask or prompt, result; Edit More makes the result the
 * working image in iterative mode with the mask cleared; New Image or Back resets everything; a mode change
 * through the URL drops the result, iterative mode and the erase/restore choice but keeps the photo.
 */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'uploaded':
      return {
        ...initialEditorState,
        upload: action.upload,
        working: action.upload.original,
        maskKey: state.maskKey + 1,
      };
    case 'reuploaded':
      return state.upload
        ? { ...state, upload: { ...state.upload, id: action.id, mode: action.mode } }
        : state;
    case 'processed':
      return { ...state, before: state.working, result: { ...action.result, upscaled: false } };
    case 'upscaled':
      return state.result ? { ...state, result: { ...action.result, upscaled: true } } : state;
    case 'edit-more':
      if (!state.result) return state;
      return {
        ...state,
        working: state.result,
        before: null,
        result: null,
        iterative: true,
        brush: 'erase',
        maskKey: state.maskKey + 1,
      };
    case 'brush':
      return { ...state, brush: action.brush };
    case 'mode-changed':
      if (!state.upload) return state;
      return {
        ...state,
        working: state.upload.original,
        before: null,
        result: null,
        iterative: false,
        brush: 'erase',
        maskKey: state.maskKey + 1,
      };
    case 'reset':
      return { ...initialEditorState, maskKey: state.maskKey + 1 };
  }
}
