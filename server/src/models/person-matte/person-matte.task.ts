import type { RawImage } from '../../lib/image/raw-image';
import { peopleMatte } from './person-matte';

export interface PersonMattePayload {
  /** RGB. */
  image: RawImage;
}

/** Worker task `person-matte`: the people's alpha in a head-and-shoulders crop (RVM, refined at the edges). */
export default async function personMatteTask({ image }: PersonMattePayload): Promise<{ alpha: Uint8Array }> {
  return { alpha: await peopleMatte(image) };
}
