/**
 * The portrait check itself, on its helper thread (portrait-check.ts): the photo's main face, when it makes the
 * photo a portrait, and that person's body from the person segmentation. TF.js and its models live here.
 */
import { rawToSharp, type RawImage } from '../../lib/image/raw-image';
import { scaleFace } from '../face';
import { faceDetector } from '../face/detector-instance';
import type { Face } from '../face/types';
import { portraitFace } from './portrait';
import type { PortraitCheck } from './portrait-check';
import { rvmAlpha } from './rvm.model';

/**
 * Faces are looked for on a copy at most this long: a portrait's face (12 % of the width) is still 77 px there,
 * the detector sees the copy whole (no tiles, which are for small faces), and on a 12-megapixel photo the
 * full-size search cost seconds and most of a gigabyte.
 */
const DETECT_LONG_SIDE = 640;
/** A portrait's face is a clear one; the detector's doubtful places are not worth a landmark run each. */
const PORTRAIT_DETECT_SCORE = 0.5;

/** The main face, if it makes the photo a portrait, and its body. */
export async function findPortrait(image: RawImage): Promise<PortraitCheck> {
  const face = portraitFace(await facesOnSmallCopy(image), image.width, image.height);
  return face ? { face, body: await rvmAlpha(image) } : {};
}

/** The photo's faces, found on a copy at most DETECT_LONG_SIDE long and moved back to the photo's pixels. */
async function facesOnSmallCopy(image: RawImage): Promise<Face[]> {
  const scale = Math.min(1, DETECT_LONG_SIDE / Math.max(image.width, image.height));
  if (scale === 1) return faceDetector().predict(image, { minScore: PORTRAIT_DETECT_SCORE });
  const width = Math.round(image.width * scale);
  const height = Math.round(image.height * scale);
  const data = await rawToSharp(image).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const faces = await faceDetector().predict(
    { data, width, height, channels: image.channels },
    { minScore: PORTRAIT_DETECT_SCORE },
  );
  return faces.map((face) => scaleFace(face, image.width / width));
}
