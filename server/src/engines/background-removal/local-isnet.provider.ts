import { AppError } from '../../lib/errors';
import { sharedPixels, type RawImage } from '../../lib/image/raw-image';
import type { MatteImage } from '../../models/isnet/cutout';
import type { WorkerPool } from '../../inference/pool';
import type { Provider, RunContext } from '../types';
import type { BackgroundRemovalInput, IsnetModelChoice } from './background-removal.options';

/** Runs the cut-out in the worker pool; also finishes a cloud provider's matte (`matte` given). */
export async function runCutoutInPool(
  pool: WorkerPool,
  input: BackgroundRemovalInput,
  model: IsnetModelChoice,
  ctx: RunContext,
  matte?: MatteImage,
): Promise<RawImage> {
  // Copies of our own, so handing their memory to the worker cannot detach a caller's buffer. The photo's is
  // shared memory: the worker's portrait check reads it from a thread of its own without a further copy, and
  // a transparent cut-out becomes RGBA in it, without a second buffer.
  const image = sharedPixels(input.image, { roomForAlpha: true });
  const ownMatte = matte && { ...matte, data: new Uint8Array(matte.data) };
  const result = await pool.run(
    'background-removal',
    { image, backdrop: input.backdrop, shadow: input.shadow, model, matte: ownMatte },
    {
      transferList: (ownMatte ? [ownMatte.data.buffer] : []) as never,
      signal: ctx.signal,
      onProgress: (fraction, message) => ctx.progress(fraction, message),
    },
  );
  if (!result.image) {
    throw new AppError(
      'NOTHING_TO_DO',
      'No subject was found in this photo, so there is no background to remove.',
    );
  }
  return result.image;
}

export function createLocalIsnetProvider(deps: {
  pool: () => WorkerPool;
  defaultModel: IsnetModelChoice;
}): Provider<BackgroundRemovalInput> {
  return {
    id: 'local-isnet',
    kind: 'local',
    isConfigured: () => true,
    async run(input, ctx) {
      return { image: await runCutoutInPool(deps.pool(), input, input.model ?? deps.defaultModel, ctx) };
    },
  };
}
