import { parentPort } from 'node:worker_threads';
import { refinePlanar } from './refine';
import type { RefineJob } from './refine-worker';

/** The refine helper thread's side: refines each tile it is sent and hands the buffer back. */
parentPort!.on('message', ({ id, model, input, width, height, channels, options }: RefineJob) => {
  const refined = refinePlanar(model, input, width, height, channels, options);
  // refinePlanar refines in place: the buffer that came in (an ArrayBuffer, moved here) goes back, or a new one.
  parentPort!.postMessage({ id, refined }, [refined.buffer as ArrayBuffer]);
});
