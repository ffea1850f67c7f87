import { detectFaces } from '../../models/face';
import type { WorkerPool } from '../../inference/pool';
import { fitsOutput } from '../image-upscale/output-limit';
import { decodeAnswer } from '../cloud-answer';
import { runPrediction, type ReplicateAccount } from '../replicate-prediction';
import type { Provider, ProviderResult, RunContext } from '../types';
import { NO_FACE_NOTE, type FaceEnhancementInput } from './face-enhancement.options';

/**
 * GFPGAN (TencentARC, Apache-2.0) on Replicate, tencentarc/gfpgan: input `{ img, version, scale }`, output
 * the URL of the restored photo at `scale` times the size. Used only with a model version set by the operator,
 * who checks the version's licence and terms.
 */
export interface ReplicateFaceConfig extends ReplicateAccount {
  /** Model version id of tencentarc/gfpgan. */
  version?: string;
}

/** GFPGAN's own weights to use, of those the Replicate model offers. */
const GFPGAN_WEIGHTS = 'v1.4';

export function createReplicateFaceProvider(
  config: ReplicateFaceConfig | undefined,
  deps: { pool: () => WorkerPool },
): Provider<FaceEnhancementInput> {
  return {
    id: 'replicate-gfpgan',
    kind: 'cloud',
    isConfigured: () => Boolean(config?.apiToken && config.version),
    // The model has one look, a full restoration with smooth skin: a subtle retouch, skin left as it is or a
    // photo with transparency go to the local pipeline, which offers them; so does a result over the plan's cap,
    // which the local provider refuses with the person's message.
    accepts: (input) =>
      input.strength !== 'subtle' &&
      input.skinSmoothing &&
      input.image.channels !== 4 &&
      fitsOutput(input.image.width, input.image.height, 2, input.maxOutputPixels),
    async run(input: FaceEnhancementInput, ctx: RunContext): Promise<ProviderResult> {
      if (!config?.apiToken || !config.version)
        throw new Error('replicate face restoration is not configured');
      const { image } = input;
      // The faces are found here, beside the cloud call, so that a photo without one says so as locally. Both
      // are settled before the run ends, so a stopped run has posted its cancel when it fails.
      const [prediction, detection] = await Promise.allSettled([
        runPrediction(
          config,
          {
            version: config.version,
            image,
            input: (url) => ({ img: url, version: GFPGAN_WEIGHTS, scale: 2 }),
            message: 'Enhancing faces in the cloud',
          },
          ctx,
        ),
        detectFaces(image, deps.pool(), ctx.signal),
      ]);
      if (prediction.status === 'rejected') throw prediction.reason;
      if (detection.status === 'rejected') throw detection.reason;
      const [bytes, faces] = [prediction.value, detection.value];
      // Exactly twice the photo's size, checked before any pixel is read.
      const result = await decodeAnswer(
        bytes,
        { width: 2 * image.width, height: 2 * image.height },
        'replicate',
      );
      ctx.progress(1);
      return faces.length ? { image: result } : { image: result, note: NO_FACE_NOTE };
    },
  };
}
