import { AppError } from '../lib/errors';
import type { Engine, EngineResult, RunContext } from './types';

/** Runs the engine's configured providers in order and returns the first success. */
export async function runChain<I>(engine: Engine<I>, input: I, ctx: RunContext): Promise<EngineResult> {
  const failures: { id: string; error: string }[] = [];
  for (const provider of engine.providers.filter((p) => p.isConfigured())) {
    if (ctx.signal.aborted) break;
    try {
      // The time limit is for cloud calls; a local provider is the last resort and may wait for a free worker.
      const result =
        provider.kind === 'cloud'
          ? await withTimeout((signal) => provider.run(input, { ...ctx, signal }), ctx)
          : await provider.run(input, ctx);
      return { providerId: provider.id, ...result };
    } catch (error) {
      // A local provider's AppError is the person's problem (bad mask, no face): pass it on as it is.
      if (provider.kind === 'local' && error instanceof AppError) throw error;
      failures.push({ id: provider.id, error: String(error) });
      ctx.log.warn({ provider: provider.id, err: error }, 'provider failed');
    }
  }
  throw new AppError('ENGINE_FAILED', `Processing failed for ${engine.mode}. Please try again.`, {
    failures,
  });
}

async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ctx: RunContext): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${ctx.timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, ctx.timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onAbort);
  }
}
