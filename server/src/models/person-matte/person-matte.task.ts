import type { RawImage } from '../../lib/image/raw-image';
import { modelFor } from '../isnet/cutout.task';
import { peopleMatte, personMatte } from './person-matte';
import { rvmAlpha } from './rvm.model';

export interface PersonMattePayload {
  /** RGB. */
  image: RawImage;
  /** Only the model's alpha at the image's size, not refined at the edges (a small copy's foreground people). */
  coarse?: boolean;
  /**
   * ISNet's matte of the photo's subject, refined for hair, instead of RVM's: for a photo in which RVM sees no
   * one (a hazy, washed-out or very flat photo), where the salient-object model still finds the person.
   */
  salient?: boolean;
}

/** Worker task `person-matte`: the people's alpha in a head-and-shoulders crop (RVM, refined at the edges). */
export default async function personMatteTask({
  image,
  coarse,
  salient,
}: PersonMattePayload): Promise<{ alpha: Uint8Array }> {
  if (salient) return { alpha: await personMatte(image, modelFor('medium')) };
  return { alpha: coarse ? await rvmAlpha(image) : await peopleMatte(image) };
}
