/**
 * Background removal's portrait check in a helper thread of its own. ISNet's session runs synchronously on the
 * thread that calls it, so a face search queued on that thread waited for the whole model run and then delayed
 * the matte's refinement (about 0.1 s on every photo, plus the body segmentation's 0.5 s on a portrait). Here it
 * runs beside the model: the photo's pixels are shared with the helper, not copied, and it answers with the
 * portrait's main face and, for a portrait, the body's alpha at the photo's size.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { sharedPixels, type RawImage } from '../../lib/image';
import type { Face } from '../face/types';

export interface PortraitCheck {
  /** The face that makes the photo a portrait; absent for any other photo. */
  face?: Face;
  /** A portrait's body (person segmentation), 8-bit alpha at the photo's size. */
  body?: Uint8Array;
}

export interface PortraitCheckJob {
  id: number;
  image: RawImage;
}

export type PortraitCheckAnswer = { id: number } & ({ check: PortraitCheck } | { error: unknown });

const WORKER_FILE = fileURLToPath(new URL('./portrait-check.worker.mjs', import.meta.url));

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (check: PortraitCheck) => void; reject: (error: unknown) => void }>;
  nextId: number;
}

/** One per thread that asks (kept warm for the next photo: its models take seconds to load). */
let helper: Helper | undefined;

function startHelper(): Helper {
  const worker = new Worker(WORKER_FILE, { execArgv: [] });
  // Never what keeps the process alive while idle.
  worker.unref();
  const h: Helper = { worker, pending: new Map(), nextId: 0 };
  worker.on('message', (answer: PortraitCheckAnswer) => {
    const waiting = h.pending.get(answer.id);
    h.pending.delete(answer.id);
    if (h.pending.size === 0) worker.unref();
    if ('check' in answer) waiting?.resolve(answer.check);
    else waiting?.reject(answer.error);
  });
  const fail = (error: unknown) => {
    for (const p of h.pending.values()) p.reject(error);
    h.pending.clear();
    if (helper === h) helper = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`portrait check thread exited (${code})`)));
  return h;
}

/**
 * Runs the portrait check on `image` (RGB) in the helper thread. The helper reads the pixels until the answer
 * comes: the caller must not write over them before then.
 */
export function checkPortrait(image: RawImage): Promise<PortraitCheck> {
  helper ??= startHelper();
  const h = helper;
  const id = h.nextId++;
  return new Promise<PortraitCheck>((resolve, reject) => {
    h.pending.set(id, { resolve, reject });
    h.worker.ref();
    const job: PortraitCheckJob = { id, image: sharedPixels(image) };
    h.worker.postMessage(job);
  });
}
