import type { Logger } from './logger';
import { DAY_MS } from './clock';

/**
 * Runs `task` a minute after start, then once a day, in this process; a failure is logged and the next day
 * tries again. The timers do not keep the process alive; `stop` ends them on shutdown.
 */
export function startDailyTask(name: string, task: () => Promise<unknown>, log: Logger): { stop(): void } {
  const runOnce = () => {
    task().catch((error: unknown) => log.error({ err: error, task: name }, 'a daily task failed'));
  };
  const first = setTimeout(runOnce, 60_000).unref();
  const daily = setInterval(runOnce, DAY_MS).unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
