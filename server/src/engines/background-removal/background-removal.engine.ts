import type { WorkerPool } from '../../inference/pool';
import type { Engine } from '../types';
import type { BackgroundRemovalInput, IsnetModelChoice } from './background-removal.options';
import { createLocalIsnetProvider } from './local-isnet.provider';
import { createPhotoroomProvider, type PhotoroomConfig } from './providers/photoroom.provider';
import { createRemoveBgProvider, type RemoveBgConfig } from './providers/remove-bg.provider';

export {
  backgroundRemovalOptionsSchema,
  type BackgroundRemovalInput,
  type BackgroundRemovalOptions,
} from './background-removal.options';

export interface BackgroundRemovalConfig {
  /** Tried first when its key is set (REMOVE_BG_API_KEY). */
  removeBg?: RemoveBgConfig;
  /** Tried next when its key is set (PHOTOROOM_API_KEY). */
  photoroom?: PhotoroomConfig;
  /** ISNet variant when the request names none; 'medium' (run in float32) is the best quality. */
  defaultModel?: IsnetModelChoice;
  /** The inference threads of the local model. */
  pool: WorkerPool;
}

/** Cloud providers first (each only when its key is set), the local ISNet provider last. */
export function createBackgroundRemovalEngine(
  config: BackgroundRemovalConfig,
): Engine<BackgroundRemovalInput> {
  const pool = () => config.pool;
  const model = config.defaultModel ?? 'medium';
  return {
    mode: 'background-removal',
    providers: [
      createRemoveBgProvider(config.removeBg ?? {}, { pool, model }),
      createPhotoroomProvider(config.photoroom ?? {}, { pool, model }),
      createLocalIsnetProvider({ pool, defaultModel: model }),
    ],
  };
}
