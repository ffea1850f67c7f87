import type { RawImage } from '../../lib/image/raw-image';
import { modelFor } from '../isnet/cutout.task';
import { personMatte } from './person-matte';
import { rvmAlpha } from './rvm.model';

export interface PersonMattePayload {
  /** RGB. */
  image: RawImage;
}

/**
 * Worker task `person-matte`: for a head-and-shoulders crop, ISNet's hair-aware alpha and the person
 * segmentation's (RVM) alpha, which keeps a body ISNet loses; the caller decides where each counts.
 */
export default async function personMatteTask({
  image,
}: PersonMattePayload): Promise<{ alpha: Uint8Array; body: Uint8Array }> {
  return { alpha: await personMatte(image, modelFor('medium')), body: await rvmAlpha(image) };
}
