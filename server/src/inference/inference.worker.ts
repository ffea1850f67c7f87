import type { TaskFn } from './task-types';
import { TASKS, type WorkerRequest } from './tasks';

const loaded = new Map<string, TaskFn<unknown, unknown>>();

/** Piscina entry point: runs one task by name, forwarding progress to the caller's port. */
export default async function run({ task, payload, port }: WorkerRequest): Promise<unknown> {
  let fn = loaded.get(task);
  if (!fn) {
    const loader = TASKS[task];
    if (!loader) throw new Error(`unknown worker task ${task}`);
    fn = (await loader()).default as TaskFn<unknown, unknown>;
    loaded.set(task, fn);
  }
  try {
    return await fn(payload, {
      progress: (fraction, message) => port?.postMessage({ fraction, message }),
    });
  } finally {
    port?.close();
  }
}
