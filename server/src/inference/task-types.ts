/**
 * What a worker task receives and is: kept apart from the task list (`tasks.ts`), which loads every task,
 * so that a task can name these types without importing the list that imports it.
 */
export interface TaskContext {
  /** Fraction done, 0..1, sent back to the caller's progress callback. */
  progress(fraction: number, message?: string): void;
}

export type TaskFn<P, R> = (payload: P, ctx: TaskContext) => Promise<R> | R;
