import type { WorkerPool } from '../../inference/pool';
import type { Engine } from '../types';
import { createLocalHeadshotProvider } from './local-headshot.provider';
import type { ProfessionalPhotoInput } from './professional-photo.options';

export {
  professionalPhotoOptionsSchema,
  type ProfessionalPhotoInput,
  type ProfessionalPhotoOptions,
} from './professional-photo.options';

export interface ProfessionalPhotoConfig {
  pool: WorkerPool;
  /** Cache of the upscaler's converted models; default data/models. */
  modelDir?: string;
}

/** Professional headshots: no cloud provider (a generated face would not be the person's), the local pipeline. */
export function createProfessionalPhotoEngine(
  config: ProfessionalPhotoConfig,
): Engine<ProfessionalPhotoInput> {
  return {
    mode: 'professional-photo',
    providers: [createLocalHeadshotProvider({ pool: () => config.pool, modelDir: config.modelDir })],
  };
}
