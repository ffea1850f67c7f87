/**
 * Runs tasks with the same key one after another, tasks with different keys at once. In-process only: it keeps
 * one server from racing itself; what must hold across processes is guarded where the data lives.
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export type KeyedLock = ReturnType<typeof createKeyedLock>;
