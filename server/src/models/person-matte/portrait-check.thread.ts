import { parentPort } from 'node:worker_threads';
import type { PortraitCheckAnswer, PortraitCheckJob } from './portrait-check';
import { findPortrait } from './portrait-search';

/** The portrait check's helper thread: one photo at a time, in the order they come. */
let queue = Promise.resolve();
parentPort!.on('message', ({ id, image }: PortraitCheckJob) => {
  queue = queue.then(async () => {
    let answer: PortraitCheckAnswer;
    try {
      answer = { id, check: await findPortrait(image) };
    } catch (error) {
      answer = { id, error };
    }
    parentPort!.postMessage(answer);
  });
});
