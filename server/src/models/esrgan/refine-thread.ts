import { answerJobs } from '../../lib/helper-thread';
import { refinePlanar } from './refine';
import type { RefineJob } from './refine-worker';

/** The refine helper thread's side: refines each tile it is sent and hands the buffer back. */
answerJobs(
  ({ model, input, width, height, channels, options }: RefineJob) =>
    refinePlanar(model, input, width, height, channels, options),
  // refinePlanar refines in place: the buffer that came in (an ArrayBuffer, moved here) goes back, or a new one.
  (refined) => [refined.buffer as ArrayBuffer],
);
