import { AppError } from '../../lib/errors';
import { decodeRaw, encodeJpeg, encodePng, rawToSharp } from '../../lib/image/raw-image';
import type { ModeRequest } from '../mode-runner';
import type { EngineResult } from '../types';
import { restoreOriginal } from './restore-original';

/**
 * The iterative editor's "Restore" brush as a step of its own, run as a mode's runner is: inside the mask the
 * original photo's pixels come back, the rest stays as edited. `original` is the photo as first uploaded; it
 * is stretched to the current picture's size when an earlier edit changed it.
 */
export function createRestoreRunner(original: Buffer): { run(request: ModeRequest): Promise<EngineResult> } {
  return {
    async run({ image: now, format, mask }: ModeRequest): Promise<EngineResult> {
      if (!mask) throw new AppError('BAD_REQUEST', 'Please mark the area to restore on the image first.');
      let before = await decodeRaw(original, now.channels);
      if (before.width !== now.width || before.height !== now.height) {
        const resized = await rawToSharp(before)
          .resize(now.width, now.height, { fit: 'fill' })
          .raw()
          .toBuffer();
        before = { ...now, data: new Uint8Array(resized) };
      }
      const restored = restoreOriginal(now, before, mask.bits);
      const jpeg = format === 'jpeg' && now.channels === 3;
      return {
        image: jpeg ? await encodeJpeg(restored, 95) : await encodePng(restored),
        mime: jpeg ? 'image/jpeg' : 'image/png',
        providerId: 'restore',
      };
    },
  };
}
