/**
 * Background removal's matte when the photo is a portrait: the same combination as the headshot's, so a
 * close-up keeps its spiky hair and a dark suit against a dark room. ISNet on the whole photo is refined with
 * the hair-aware setting, and below the main face's chin the person segmentation's body is joined in. Any
 * other photo (no face, or one too small to be the photo's subject) gets ISNet's matte exactly as before.
 * The face search and the body segmentation (portrait-search.ts) run in a helper thread (portrait-check.ts),
 * so this thread does not load TF.js and its models at all.
 */
import { sharedPixels, type RawImage } from '../../lib/image/raw-image';
import type { Face } from '../face/types';
import { levelFace, mainFace } from '../headshot/framing';
import { withBody } from '../headshot/person';
import type { IsnetModel } from '../isnet/isnet.model';
import { MODEL_REFINE, predictMatte } from '../isnet/matte';
import { HAIR_REFINE } from './person-matte';
import { checkPortrait } from './portrait-check';

/** A portrait's main face is at least this share of the photo's width and this many pixels wide. */
export const PORTRAIT_FACE_SHARE = 0.12;
export const PORTRAIT_FACE_PX = 80;
/** The face that makes the photo a portrait, if there is one. */
export function portraitFace(faces: readonly Face[], width: number, height: number): Face | undefined {
  const face = mainFace(faces, width, height);
  if (!face) return undefined;
  const wide = face.box.width >= PORTRAIT_FACE_SHARE * width && face.box.width >= PORTRAIT_FACE_PX;
  return wide ? face : undefined;
}

/**
 * Full-resolution 8-bit alpha of the photo's subject (RGB), portrait-aware; `portrait` says which path ran.
 * The portrait check runs in its helper thread while the model runs on this one; only the matte's refinement
 * waits for it.
 */
export async function subjectMatte(
  image: RawImage,
  model: IsnetModel,
): Promise<{ alpha: Uint8Array; portrait: boolean }> {
  // The helper reads the pixels until it answers; nothing writes over them before the matte is refined.
  const photo = sharedPixels(image);
  const checking = checkPortrait(photo);
  const alpha = await predictMatte(
    photo,
    model,
    checking.then(({ face }) => (face ? HAIR_REFINE : MODEL_REFINE)),
  );
  const { face, body } = await checking;
  if (!face || !body) return { alpha, portrait: false };
  const region = { pixels: { data: alpha, width: image.width, height: image.height }, x: 0, y: 0, scale: 1 };
  withBody(region, body, levelFace(face));
  return { alpha, portrait: true };
}
