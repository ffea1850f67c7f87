/**
 * Undo and redo as a list of snapshots and a cursor. A new entry drops everything after the cursor (the redo
 * entries); undo is impossible at the first entry and redo at the last. Entries are immutable values, so a
 * snapshot costs one reference.
 */
export interface History<T> {
  readonly entries: readonly T[];
  readonly index: number;
}

export function createHistory<T>(initial: T): History<T> {
  return { entries: [initial], index: 0 };
}

export function current<T>(history: History<T>): T {
  return history.entries[history.index];
}

export function push<T>(history: History<T>, entry: T): History<T> {
  return { entries: [...history.entries.slice(0, history.index + 1), entry], index: history.index + 1 };
}

export function canUndo(history: History<unknown>): boolean {
  return history.index > 0;
}

export function canRedo(history: History<unknown>): boolean {
  return history.index < history.entries.length - 1;
}

export function undo<T>(history: History<T>): History<T> {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

export function redo<T>(history: History<T>): History<T> {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}
