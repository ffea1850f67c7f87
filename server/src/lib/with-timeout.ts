/**
 * Runs `run` with a signal that aborts when `parent` does or after `timeoutMs`, and rejects at the deadline
 * even if `run` ignores its signal.
 *
 * A plain `setTimeout` keeps the deadline alive: `AbortSignal.any([parent, AbortSignal.timeout(ms)])` holds its
 * sources weakly, so garbage collection can drop the timeout signal and the call then waits forever
 * (nodejs/node#57736).
 */
export async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  { signal: parent, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onAbort);
  }
}
