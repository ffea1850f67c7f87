import { performance } from 'node:perf_hooks';
import type { EmbeddingCache } from './embedding-cache';
import { chooseMask, cleanSelection, lowResPlane, photoMask, type MaskChoice } from './postprocess';
import { encoderTensor, inputGeometry, promptTensors, type Prompt } from './preprocess';
import type { SamModel } from './sam.model';

export interface SelectTaskPayload {
  /** Names the photo's embedding in the cache (embeddingKey: id and pixel size). */
  key: string;
  width: number;
  height: number;
  /** null: only make sure the photo's embedding is cached (the warm-up after an upload). */
  prompt: Prompt | null;
  /** RGB at inputGeometry's size; sent only after an answer 'needs-image', so a cached photo is never sent. */
  pixels?: Uint8Array;
}

export type SelectTaskResult =
  | { status: 'needs-image' }
  | { status: 'encoded'; encodeMs: number }
  | {
      status: 'selected';
      /** At the photo's size, 1 where selected. */
      mask: Uint8Array;
      /** Selected cells of the model's 256 grid (0: nothing was found there). */
      area: number;
      choice: MaskChoice;
      /** null when the embedding came from the cache. */
      encodeMs: number | null;
      decodeMs: number;
      postMs: number;
    };

/** One selection (or warm-up) in the worker: the embedding from the cache or the encoder, then the decoder. */
export async function runSelect(
  payload: SelectTaskPayload,
  model: SamModel,
  cache: EmbeddingCache,
): Promise<SelectTaskResult> {
  const geometry = inputGeometry(payload.width, payload.height);
  let embedding = cache.get(payload.key);
  let encodeMs: number | null = null;
  if (!embedding) {
    if (!payload.pixels) return { status: 'needs-image' };
    const started = performance.now();
    embedding = await model.embed(encoderTensor(payload.pixels, geometry.inputWidth, geometry.inputHeight));
    encodeMs = performance.now() - started;
    cache.set(payload.key, embedding);
  }
  const { prompt } = payload;
  if (!prompt) return { status: 'encoded', encodeMs: encodeMs ?? 0 };

  const decodeStarted = performance.now();
  const { masks, iou } = await model.decode(embedding, promptTensors(prompt, geometry));
  const decodeMs = performance.now() - decodeStarted;
  const postStarted = performance.now();
  const singleTap = prompt.points.length === 1 && !prompt.box;
  const choice = chooseMask(masks, iou, geometry, singleTap);
  const plane = lowResPlane(masks, choice.index, geometry);
  const area = cleanSelection(plane, geometry, prompt);
  const mask = photoMask(plane, geometry);
  return {
    status: 'selected',
    mask,
    area,
    choice,
    encodeMs,
    decodeMs,
    postMs: performance.now() - postStarted,
  };
}
