import os from 'node:os';
import { HelperThread } from '../../lib/helper-thread';
import { refinePlanar, type RefineOptions } from './refine';

/** Refines one tile (refinePlanar's arguments); resolves to the refined model output. */
export type Refiner = (...args: Parameters<typeof refinePlanar>) => Promise<Float32Array>;

export interface RefineJob {
  model: Float32Array;
  input: Float32Array;
  width: number;
  height: number;
  channels: number;
  options: RefineOptions;
}

/** In this thread: for tests and for callers that have no second core to give. */
export const inlineRefiner: Refiner = async (model, input, width, height, channels, options) =>
  refinePlanar(model, input, width, height, channels, options);

const THREAD = new URL('./refine-thread.ts', import.meta.url);

/** One per core: this thread meanwhile runs the model and the cross-fades, which take less. */
const helpers = Array.from(
  { length: Math.max(1, Math.min(4, os.availableParallelism())) },
  () => new HelperThread<RefineJob, Float32Array>(THREAD, 'refine helper'),
);

/**
 * Refines in helper threads, so the back-projection and the Lanczos enlargement of the tiles (about half
 * of an upscale's pixel work) run on every core while this thread runs the model on the next tile and
 * cross-fades the previous one. The same code on the same numbers: the result is bit for bit the
 * inline one. The buffers are moved, not copied: `model` and `input` are unusable afterwards.
 */
export const helperRefiner: Refiner = (model, input, width, height, channels, options) => {
  // The least busy helper thread (tiles come in order and take about the same time, so this alternates).
  const helper = helpers.reduce((least, h) => (h.busy < least.busy ? h : least));
  // A view into a larger or shared buffer cannot be moved without taking the rest along: copy it then.
  const own = (a: Float32Array) =>
    a.buffer instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength
      ? a
      : a.slice();
  const m = own(model);
  const x = own(input);
  const job: RefineJob = { model: m, input: x, width, height, channels, options };
  return helper.ask(job, [m.buffer as ArrayBuffer, x.buffer as ArrayBuffer]);
};
