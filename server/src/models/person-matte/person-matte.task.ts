import type { RawImage } from '../../lib/image';
import { modelFor } from '../isnet/cutout.task';
import { personMatte } from './person-matte';

export interface PersonMattePayload {
  /** RGB. */
  image: RawImage;
}

/** Worker task `person-matte`: the alpha of the person in a head-and-shoulders crop. */
export default async function personMatteTask({ image }: PersonMattePayload): Promise<{ alpha: Uint8Array }> {
  return { alpha: await personMatte(image, modelFor('medium')) };
}
