/**
 * Background removal's matte when the photo is a portrait: the same combination as the headshot's, so a
 * close-up keeps its spiky hair and a dark suit against a dark room. ISNet on the whole photo is refined with
 * the hair-aware setting, and below the main face's chin the person segmentation's body is joined in. Any
 * other photo (no face, or one too small to be the photo's subject) gets ISNet's matte exactly as before.
 */
import { rawToSharp, type RawImage } from '../../lib/image';
import { scaleFace } from '../face';
import { faceDetector } from '../face/detector-instance';
import type { Face } from '../face/types';
import { levelFace, mainFace } from '../headshot/framing';
import { withBody } from '../headshot/person';
import type { IsnetModel } from '../isnet/isnet.model';
import { MODEL_REFINE, predictMatte } from '../isnet/matte';
import { HAIR_REFINE } from './person-matte';
import { rvmAlpha } from './rvm.model';

/** A portrait's main face is at least this share of the photo's width and this many pixels wide. */
export const PORTRAIT_FACE_SHARE = 0.12;
export const PORTRAIT_FACE_PX = 80;
/**
 * Faces are looked for on a copy at most this long: a portrait's face (12 % of the width) is still 77 px there,
 * the detector sees the copy whole (no tiles, which are for small faces), and on a 12-megapixel photo the
 * full-size search cost seconds and most of a gigabyte.
 */
const DETECT_LONG_SIDE = 640;
/** A portrait's face is a clear one; the detector's doubtful places are not worth a landmark run each. */
const PORTRAIT_DETECT_SCORE = 0.5;

/** The face that makes the photo a portrait, if there is one. */
export function portraitFace(faces: readonly Face[], width: number, height: number): Face | undefined {
  const face = mainFace(faces, width, height);
  if (!face) return undefined;
  const wide = face.box.width >= PORTRAIT_FACE_SHARE * width && face.box.width >= PORTRAIT_FACE_PX;
  return wide ? face : undefined;
}

/** Full-resolution 8-bit alpha of the photo's subject (RGB), portrait-aware; `portrait` says which path ran. */
export async function subjectMatte(
  image: RawImage,
  model: IsnetModel,
): Promise<{ alpha: Uint8Array; portrait: boolean }> {
  // The faces are looked for while the model runs: only the matte's refinement depends on them.
  const looking = facesOnSmallCopy(image).then((faces) => portraitFace(faces, image.width, image.height));
  // A portrait's body is segmented as soon as its face is found, on this thread while the model's run.
  const body = looking.then((face) => (face ? rvmAlpha(image) : undefined));
  body.catch(() => {});
  const alpha = await predictMatte(
    image,
    model,
    looking.then((face) => (face ? HAIR_REFINE : MODEL_REFINE)),
  );
  const face = await looking;
  if (!face) return { alpha, portrait: false };
  const region = { pixels: { data: alpha, width: image.width, height: image.height }, x: 0, y: 0, scale: 1 };
  withBody(region, (await body)!, levelFace(face));
  return { alpha, portrait: true };
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
