import path from 'node:path';
import { PLAN_LIMITS } from '@common/plans';
import { inpaintOptionsSchema, MODE_OPTIONS } from '@common/schemas/mode-options';
import type { Config } from '../config/env';
import {
  createBackgroundRemovalEngine,
  type BackgroundRemovalConfig,
} from './background-removal/background-removal.engine';
import {
  createFaceEnhancementEngine,
  type FaceEnhancementConfig,
} from './face-enhancement/face-enhancement.engine';
import { createImageUpscaleEngine, type ImageUpscaleConfig } from './image-upscale/image-upscale.engine';
import {
  createObjectRemovalEngine,
  createWatermarkRemovalEngine,
  type InpaintEngineConfig,
  type InpaintInput,
} from './inpaint/inpaint.engine';
import { findingWatermarks } from './inpaint/watermark-finding';
import { offeringSameMark } from './watermark-batch/same-mark-runner';
import { removeInPool } from './watermark-batch/same-mark-files';
import { createProfessionalPhotoEngine } from './professional-photo/professional-photo.engine';
import { headshotPeople } from './professional-photo/find-people';
import { modeRunner, type EngineRegistry, type ModeRunner } from './mode-runner';
import type { Engine } from './types';
import { createDetectionLocator } from './prompt-edit/detection-locator';
import { createRestorer } from './prompt-edit/operations/clarify';
import { createPromptEditRunner } from './prompt-edit/prompt-edit.runner';
import {
  createOpenAiEditProvider,
  type OpenAiEditConfig,
} from './prompt-edit/providers/openai-edit.provider';
import { findWatermarkInWorker } from '../models/watermark-detect';
import type { WorkerPool } from '../inference/pool';

/** The engines as configured by the environment: cloud keys, and the model cache under the data folder. */
export function enginesConfigFrom(config: Config): Omit<EnginesConfig, 'pool'> {
  const { env } = config;
  return {
    backgroundRemoval: {
      removeBg: { apiKey: env.REMOVE_BG_API_KEY },
      photoroom: { apiKey: env.PHOTOROOM_API_KEY },
    },
    inpaint: { clipdrop: { apiKey: env.CLIPDROP_API_KEY }, stability: { apiKey: env.STABILITY_API_KEY } },
    promptEdit: { openai: { apiKey: env.OPENAI_API_KEY, model: env.OPENAI_IMAGE_MODEL } },
    upscale: {
      modelDir: path.join(config.dataDir, 'models'),
      ...(env.REPLICATE_API_TOKEN
        ? { replicate: { apiToken: env.REPLICATE_API_TOKEN, version: env.REPLICATE_REAL_ESRGAN_VERSION } }
        : {}),
    },
    faceEnhancement: env.REPLICATE_API_TOKEN
      ? { replicate: { apiToken: env.REPLICATE_API_TOKEN, version: env.REPLICATE_GFPGAN_VERSION } }
      : {},
  };
}

export interface EnginesConfig {
  backgroundRemoval?: Omit<BackgroundRemovalConfig, 'pool'>;
  inpaint?: Omit<InpaintEngineConfig, 'pool'>;
  upscale?: Omit<ImageUpscaleConfig, 'pool'>;
  faceEnhancement?: Omit<FaceEnhancementConfig, 'pool'>;
  promptEdit?: { openai?: OpenAiEditConfig };
  /** The inference threads every local model runs in; the composition root owns and closes it. */
  pool: WorkerPool;
}

/**
 * Every mode's engine, each with its provider chain. A mode missing here would answer "not available yet"
 * (501) before any credit is taken.
 */
export function createEngineRegistry(config: EnginesConfig): EngineRegistry {
  const { pool } = config;
  const registry: EngineRegistry = {
    'background-removal': modeRunner({
      engine: createBackgroundRemovalEngine({ ...config.backgroundRemoval, pool }),
      optionsSchema: MODE_OPTIONS['background-removal'],
      toInput: (request, options) => ({ image: request.image, ...options }),
    }),
    'watermark-removal': offeringSameMark(
      findingWatermarks(
        inpaintRunner(createWatermarkRemovalEngine({ ...config.inpaint, pool }), 'watermark'),
        (image, signal) => findWatermarkInWorker(pool, image, signal),
      ),
      removeInPool(pool),
    ),
    'object-removal': inpaintRunner(createObjectRemovalEngine({ ...config.inpaint, pool }), 'object'),
    'image-upscale': modeRunner({
      engine: createImageUpscaleEngine({ ...config.upscale, pool }),
      optionsSchema: MODE_OPTIONS['image-upscale'],
      toInput: (request, options) => ({
        image: request.image,
        ...options,
        maxOutputPixels: PLAN_LIMITS[request.plan].maxOutputPixels,
      }),
    }),
    'face-enhancement': modeRunner({
      engine: createFaceEnhancementEngine({ ...config.faceEnhancement, pool }),
      optionsSchema: MODE_OPTIONS['face-enhancement'],
      toInput: (request, options) => ({
        ...options,
        image: request.image,
        maxOutputPixels: PLAN_LIMITS[request.plan].maxOutputPixels,
      }),
    }),
    'professional-photo': {
      ...modeRunner({
        engine: createProfessionalPhotoEngine({ pool, modelDir: config.upscale?.modelDir }),
        optionsSchema: MODE_OPTIONS['professional-photo'],
        toInput: (request, options) => ({ ...options, image: request.image }),
      }),
      findPeople: (image, signal) => headshotPeople(image, pool, signal),
    },
  };
  // Chat to Edit runs the other modes as steps of its plans.
  registry['prompt-edit'] = createPromptEditRunner({
    runners: registry,
    locator: createDetectionLocator(pool),
    restore: createRestorer(pool),
    cloud: [createOpenAiEditProvider(config.promptEdit?.openai ?? {})],
  });
  return registry;
}

/** Both inpainting modes: a mask, and `kind` so a translucent watermark is inverted rather than invented. */
function inpaintRunner(engine: Engine<InpaintInput>, kind: InpaintInput['kind']): ModeRunner {
  return modeRunner({
    engine,
    optionsSchema: inpaintOptionsSchema,
    needsMask: true,
    toInput: (request, options) => ({
      ...options,
      image: request.image,
      format: request.format,
      mask: request.mask!,
      kind,
    }),
  });
}
