import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { refinePlanar, type RefineOptions } from './refine';

/** Refines one tile (refinePlanar's arguments); resolves to the refined model output. */
export type Refiner = (...args: Parameters<typeof refinePlanar>) => Promise<Float32Array>;

export interface RefineJob {
  id: number;
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

const WORKER_FILE = fileURLToPath(new URL('./refine.worker.mjs', import.meta.url));

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (v: Float32Array) => void; reject: (e: unknown) => void }>;
  nextId: number;
}

/** One per core: this thread meanwhile runs the model and the cross-fades, which take less. */
const HELPERS = Math.max(1, Math.min(4, os.availableParallelism()));
const helpers: (Helper | undefined)[] = [];

function startHelper(slot: number): Helper {
  const worker = new Worker(WORKER_FILE, { execArgv: [] });
  // Kept for the life of the process (warm for the next job) but, when idle, never what keeps it alive.
  worker.unref();
  const h: Helper = { worker, pending: new Map(), nextId: 0 };
  worker.on('message', ({ id, refined }: { id: number; refined: Float32Array }) => {
    h.pending.get(id)?.resolve(refined);
    h.pending.delete(id);
    if (h.pending.size === 0) worker.unref();
  });
  const fail = (error: unknown) => {
    for (const p of h.pending.values()) p.reject(error);
    h.pending.clear();
    if (helpers[slot] === h) helpers[slot] = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`refine helper thread exited (${code})`)));
  return h;
}

/**
 * Refines in helper threads, so the back-projection and the Lanczos enlargement of the tiles (about half
 * of an upscale's pixel work) run on every core while this thread runs the model on the next tile and
 * cross-fades the previous one. The same code on the same numbers: the result is bit for bit the
 * inline one. The buffers are moved, not copied: `model` and `input` are unusable afterwards.
 */
export const helperRefiner: Refiner = (model, input, width, height, channels, options) => {
  // The least busy helper thread (tiles come in order and take about the same time, so this alternates).
  let slot = 0;
  for (let i = 0; i < HELPERS; i++) {
    helpers[i] ??= startHelper(i);
    if (helpers[i]!.pending.size < helpers[slot]!.pending.size) slot = i;
  }
  const h = helpers[slot]!;
  const id = h.nextId++;
  // A view into a larger or shared buffer cannot be moved without taking the rest along: copy it then.
  const own = (a: Float32Array) =>
    a.buffer instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength
      ? a
      : a.slice();
  const m = own(model);
  const x = own(input);
  return new Promise<Float32Array>((resolve, reject) => {
    h.pending.set(id, { resolve, reject });
    h.worker.ref();
    const job: RefineJob = { id, model: m, input: x, width, height, channels, options };
    h.worker.postMessage(job, [m.buffer as ArrayBuffer, x.buffer as ArrayBuffer]);
  });
};
