import type { Logger } from './logger';

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 30_000;

/**
 * Runs `work` again in the background, waiting longer each time (to 30 s), until it succeeds or `stop` aborts:
 * for a write that must happen once a dependency is back (a refund, say), when no queue is there to retry it.
 * Every failure but the first few is logged, so an outage that lasts shows in the log without flooding it.
 */
export function retryUntilDone(
  work: () => Promise<unknown>,
  options: { log: Logger; what: string; stop: AbortController; firstDelayMs?: number },
): void {
  const { log, what, stop } = options;
  let delay = options.firstDelayMs ?? FIRST_DELAY_MS;
  let tries = 0;
  const attempt = () => {
    if (stop.signal.aborted) return;
    work().then(
      () => {
        if (tries > 0) log.info({ what, tries }, 'a delayed write went through');
      },
      (error: unknown) => {
        tries++;
        if (tries >= 3) log.warn({ err: error, what, tries }, 'a delayed write is still waiting');
        delay = Math.min(delay * 2, LONGEST_DELAY_MS);
        setTimeout(attempt, delay).unref();
      },
    );
  };
  setTimeout(attempt, delay).unref();
}
