import type { RawImage } from '../../lib/image/raw-image';
import { peopleMatte } from './person-matte';
import { rvmAlpha } from './rvm.model';

export interface PersonMattePayload {
  /** RGB. */
  image: RawImage;
  /** Only the model's alpha at the image's size, not refined at the edges (a small copy's foreground people). */
  coarse?: boolean;
}

/** Worker task `person-matte`: the people's alpha in a head-and-shoulders crop (RVM, refined at the edges). */
export default async function personMatteTask({
  image,
  coarse,
}: PersonMattePayload): Promise<{ alpha: Uint8Array }> {
  return { alpha: coarse ? await rvmAlpha(image) : await peopleMatte(image) };
}
