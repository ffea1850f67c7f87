import type { WorkerPool } from '../../../inference/pool';
import type { Provider } from '../../types';
import type { BackgroundRemovalInput, IsnetModelChoice } from '../background-removal.options';
import { runCutoutInPool } from '../local-isnet.provider';
import { fetchCloudMatte } from './cloud-matte';

export interface PhotoroomConfig {
  apiKey?: string;
  /** Defaults to Photoroom's API; tests point it at a loopback server. */
  baseUrl?: string;
  /** The API's own deadline, shorter than the job's, so a slow service leaves time for the local model. */
  timeoutMs?: number;
}

export const PHOTOROOM_URL = 'https://sdk.photoroom.com';

/**
 * Photoroom's Remove Background API, `POST /v1/segment` (multipart `image_file`, header `x-api-key`),
 * answering a PNG cut-out. As with remove.bg, only its matte is used; backdrop and shadow are local.
 */
export function createPhotoroomProvider(
  config: PhotoroomConfig,
  deps: { pool: () => WorkerPool; model: IsnetModelChoice },
): Provider<BackgroundRemovalInput> {
  return {
    id: 'photoroom',
    kind: 'cloud',
    isConfigured: () => Boolean(config.apiKey),
    async run(input, ctx) {
      const matte = await fetchCloudMatte({
        provider: 'Photoroom',
        url: `${config.baseUrl ?? PHOTOROOM_URL}/v1/segment`,
        headers: { 'x-api-key': config.apiKey ?? '', Accept: 'image/png' },
        fields: { format: 'png', channels: 'rgba', size: 'full' },
        image: input.image,
        signal: ctx.signal,
        timeoutMs: config.timeoutMs,
      });
      ctx.progress(0.5, 'Photoroom answered');
      return { image: await runCutoutInPool(deps.pool(), input, deps.model, ctx, matte) };
    },
  };
}
