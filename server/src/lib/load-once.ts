/**
 * A loader that runs `load` on its first call and hands every later call the same promise, once per process or
 * worker thread (module state is per thread); a failed load is forgotten, so the next call retries.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
