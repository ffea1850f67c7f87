import type { RawImage } from '../../lib/image/raw-image';

/**
 * The iterative editor's "Restore" brush: pixels under the mask come back from the original photo, all
 * others stay as they are in the current result. Both images must have the same geometry; the mask is
 * width*height with any non-zero value meaning "restore".
 */
export function restoreOriginal(current: RawImage, original: RawImage, mask: Uint8Array): RawImage {
  if (
    current.width !== original.width ||
    current.height !== original.height ||
    current.channels !== original.channels ||
    mask.length !== current.width * current.height
  ) {
    throw new RangeError(
      'restoreOriginal: the current image, the original and the mask must have the same size',
    );
  }
  const c = current.channels;
  const data = current.data.slice();
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const o = i * c;
    for (let k = 0; k < c; k++) data[o + k] = original.data[o + k];
  }
  return { data, width: current.width, height: current.height, channels: c };
}
