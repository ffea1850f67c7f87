/**
 * A worker thread that answers jobs, kept for the life of the process (warm for the next one) but never what
 * keeps it alive while idle. Its module (a `.thread.ts`: loaded through helper-thread.worker.mjs from the
 * sources, its own built file in the compiled server, lib/entry-file.ts) calls `answerJobs` with the function
 * that does the work. A thread that dies fails what it was asked, and the next job starts a new one.
 */
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';
import { builtEntry, COMPILED } from './entry-file';

const WORKER_FILE = fileURLToPath(new URL('./helper-thread.worker.mjs', import.meta.url));

type Reply<Answer> = { id: number } & ({ answer: Answer } | { error: unknown });

export class HelperThread<Job, Answer> {
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve: (a: Answer) => void; reject: (e: unknown) => void }
  >();
  private nextId = 0;

  /** `entry` is the URL of the thread's module. */
  constructor(
    private readonly entry: URL,
    private readonly name: string,
  ) {}

  /** Jobs sent and not yet answered. */
  get busy(): number {
    return this.pending.size;
  }

  /** Sends `job` (moving `transfer`'s buffers) and resolves to the thread's answer. */
  ask(job: Job, transfer: Transferable[] = []): Promise<Answer> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, job }, transfer);
    });
  }

  private start(): Worker {
    const worker = COMPILED
      ? new Worker(builtEntry(this.entry), { execArgv: [] })
      : new Worker(WORKER_FILE, { execArgv: [], workerData: { entry: this.entry.href } });
    worker.unref();
    worker.on('message', (reply: Reply<Answer>) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('answer' in reply) waiting?.resolve(reply.answer);
      else waiting?.reject(reply.error);
    });
    const fail = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.name} thread exited (${code})`)));
    return worker;
  }
}

/**
 * The thread's side: answers each job in the order they come, one at a time; `transferOf` names the buffers
 * of an answer to move rather than copy.
 */
export function answerJobs<Job, Answer>(
  work: (job: Job) => Answer | Promise<Answer>,
  transferOf: (answer: Answer) => Transferable[] = () => [],
): void {
  const port = parentPort!;
  let queue = Promise.resolve();
  port.on('message', ({ id, job }: { id: number; job: Job }) => {
    queue = queue.then(async () => {
      try {
        const answer = await work(job);
        port.postMessage({ id, answer } satisfies Reply<Answer>, transferOf(answer));
      } catch (error) {
        port.postMessage({ id, error } satisfies Reply<Answer>);
      }
    });
  });
}
