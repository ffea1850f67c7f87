import type { Engine, Provider } from '../types';
import type { WorkerPool } from '../../inference/pool';
import { createLocalPatchmatchProvider } from './local-patchmatch.provider';
import type { InpaintInput } from './inpaint.input';
import { createClipdropProvider, type ClipdropConfig } from './providers/clipdrop.provider';
import { createStabilityProvider, type StabilityConfig } from './providers/stability.provider';

export { inpaintOptionsSchema, type InpaintInput, type InpaintOptions } from './inpaint.input';

/**
 * Configuration of both inpainting modes, from the server's env (CLIPDROP_API_KEY, STABILITY_API_KEY; tests
 * give a loopback base URL). Cloud providers with a key run first, in the order given by `cloudOrder`; the
 * local provider always ends the chain.
 */
export interface InpaintEngineConfig {
  clipdrop?: ClipdropConfig;
  stability?: StabilityConfig;
  cloudOrder?: readonly ('clipdrop' | 'stability')[];
  /** The inference threads of the local provider. */
  pool: WorkerPool;
}

function createInpaintEngine(
  mode: 'watermark-removal' | 'object-removal',
  config: InpaintEngineConfig,
): Engine<InpaintInput> {
  const cloud: Record<'clipdrop' | 'stability', () => Provider<InpaintInput>> = {
    clipdrop: () => createClipdropProvider(config.clipdrop ?? {}),
    stability: () => createStabilityProvider(config.stability ?? {}),
  };
  const order = config.cloudOrder ?? ['clipdrop', 'stability'];
  return {
    mode,
    providers: [...order.map((id) => cloud[id]()), createLocalPatchmatchProvider({ pool: config.pool })],
  };
}

/** Watermark removal: the input's `kind` should be 'watermark' so translucent marks are inverted, not invented. */
export function createWatermarkRemovalEngine(config: InpaintEngineConfig): Engine<InpaintInput> {
  return createInpaintEngine('watermark-removal', config);
}

export function createObjectRemovalEngine(config: InpaintEngineConfig): Engine<InpaintInput> {
  return createInpaintEngine('object-removal', config);
}
