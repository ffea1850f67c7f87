import { MessageChannel, type Transferable } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { builtEntry, COMPILED } from '../lib/entry-file';
import type { TaskName, TaskPayload, TaskResult } from './tasks';

export interface WorkerPoolOptions {
  /** Worker threads; each model inside uses its own intra-op threads, so 1 fits a 2-core machine. */
  threads: number;
  /**
   * Keep the threads, and the models loaded in them, for the process's life (after a start-up warm-up);
   * otherwise an idle thread exits after ten minutes and gives its models' memory back.
   */
  keepAlive?: boolean;
}

export interface RunTaskOptions {
  transferList?: Transferable[];
  signal?: AbortSignal;
  onProgress?: (fraction: number, message?: string) => void;
}

export interface WorkerPool {
  run<N extends TaskName>(task: N, payload: TaskPayload<N>, options?: RunTaskOptions): Promise<TaskResult<N>>;
  close(): Promise<void>;
}

// From the sources, the thread starts in a small module that registers tsx and loads inference.worker.ts.
const WORKER_FILE = COMPILED
  ? builtEntry(new URL('./inference.worker.ts', import.meta.url))
  : fileURLToPath(new URL('./inference.worker.mjs', import.meta.url));

export function createWorkerPool({ threads, keepAlive = false }: WorkerPoolOptions): WorkerPool {
  const piscina = new Piscina({
    filename: WORKER_FILE,
    minThreads: keepAlive ? threads : 0,
    maxThreads: threads,
    idleTimeout: keepAlive ? Infinity : 10 * 60_000,
    execArgv: [],
  });
  return {
    async run(task, payload, options = {}) {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (m: { fraction: number; message?: string }) =>
        options.onProgress?.(m.fraction, m.message),
      );
      try {
        return await piscina.run(
          { task, payload, port: port2 },
          { transferList: [port2, ...(options.transferList ?? [])] as never, signal: options.signal },
        );
      } catch (error) {
        // The pool answers an abort with its own "task has been aborted"; the caller's reason (a time limit, a
        // cancel) is what the person and the log should read.
        throw options.signal?.aborted && options.signal.reason instanceof Error
          ? options.signal.reason
          : error;
      } finally {
        port1.close();
      }
    },
    close: () => piscina.destroy(),
  };
}
