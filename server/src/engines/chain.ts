import { AppError } from '../lib/errors';
import { withTimeout } from '../lib/with-timeout';
import type { Engine, EngineResult, RunContext } from './types';

/** Runs the engine's configured providers that serve the input, in order, and returns the first success. */
export async function runChain<I>(engine: Engine<I>, input: I, ctx: RunContext): Promise<EngineResult> {
  const failures: { id: string; error: string }[] = [];
  const serving = engine.providers.filter(
    (p) => p.isConfigured() && (p.accepts?.(input) ?? true) && (!ctx.localOnly || p.kind === 'local'),
  );
  for (const provider of serving) {
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
