/**
 * Background removal's portrait check in a helper thread of its own. ISNet's session runs synchronously on the
 * thread that calls it, so a face search queued on that thread waited for the whole model run and then delayed
 * the matte's refinement (about 0.1 s on every photo, plus the body segmentation's 0.5 s on a portrait). Here it
 * runs beside the model: the photo's pixels are shared with the helper, not copied, and it answers with the
 * portrait's main face and, for a portrait, the body's alpha at the photo's size.
 */
import { HelperThread } from '../../lib/helper-thread';
import { sharedPixels, type RawImage } from '../../lib/image/raw-image';
import type { Face } from '../face/types';

export interface PortraitCheck {
  /** The face that makes the photo a portrait; absent for any other photo. */
  face?: Face;
  /** A portrait's body (person segmentation), 8-bit alpha at the photo's size. */
  body?: Uint8Array;
}

const THREAD = new URL('./portrait-check.thread.ts', import.meta.url);

/** One per thread that asks (kept warm for the next photo: its models take seconds to load). */
const helper = new HelperThread<RawImage, PortraitCheck>(THREAD, 'portrait check');

/**
 * Runs the portrait check on `image` (RGB) in the helper thread. The helper reads the pixels until the answer
 * comes: the caller must not write over them before then.
 */
export function checkPortrait(image: RawImage): Promise<PortraitCheck> {
  return helper.ask(sharedPixels(image));
}
