import type { WorkerPool } from '../../../inference/pool';
import type { Provider } from '../../types';
import type { BackgroundRemovalInput, IsnetModelChoice } from '../background-removal.options';
import { runCutoutInPool } from '../local-isnet.provider';
import { fetchCloudMatte } from './cloud-matte';

export interface RemoveBgConfig {
  apiKey?: string;
  /** Defaults to remove.bg's API; tests point it at a loopback server. */
  baseUrl?: string;
  /** The API's own deadline, shorter than the job's, so a slow service leaves time for the local model. */
  timeoutMs?: number;
}

export const REMOVE_BG_URL = 'https://api.remove.bg';

/**
 * remove.bg, `POST /v1.0/removebg` (multipart `image_file`, header `X-Api-Key`), asked for the highest size
 * the account allows and an RGBA PNG; errors come back as JSON `{ errors: [{ title }] }`. The matte is
 * refined to full resolution and the backdrop composed locally, in the worker pool.
 */
export function createRemoveBgProvider(
  config: RemoveBgConfig,
  deps: { pool: () => WorkerPool; model: IsnetModelChoice },
): Provider<BackgroundRemovalInput> {
  return {
    id: 'remove-bg',
    kind: 'cloud',
    isConfigured: () => Boolean(config.apiKey),
    async run(input, ctx) {
      const matte = await fetchCloudMatte({
        provider: 'remove.bg',
        url: `${config.baseUrl ?? REMOVE_BG_URL}/v1.0/removebg`,
        headers: { 'X-Api-Key': config.apiKey ?? '', Accept: 'image/png' },
        fields: { size: 'auto', format: 'png', type: 'auto' },
        image: input.image,
        signal: ctx.signal,
        timeoutMs: config.timeoutMs,
      });
      ctx.progress(0.5, 'remove.bg answered');
      return { image: await runCutoutInPool(deps.pool(), input, deps.model, ctx, matte) };
    },
  };
}
