import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers this process's CPU priority to the nice value `nice` (0 = normal, 19 = lowest), so that a web server on
 * the same machine wins the cores from it. Linux keeps a nice value per thread and a new thread inherits its
 * creator's: the threads already running (the runtime's own) are set one by one, and the threads started later
 * (inference workers and their onnxruntime threads) inherit it. A thread that is already lower is left alone,
 * since raising a priority needs privileges.
 */
export function lowerPriority(nice: number): void {
  for (const tid of threadsOfThisProcess()) {
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
  }
}

/** Thread ids on Linux; elsewhere the nice value is the process's, set through pid 0. */
function threadsOfThisProcess(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}
