/**
 * How fine the hair stays: portraits cut out and set on a textured background, where the cut-out's alpha is
 * known exactly, then matted again and scored against that alpha in a band around the head's outline above
 * the brows. Each matte (ISNet as background removal runs it on objects, and the portrait matte's hair-aware
 * setting, which is all the portrait matte is above the chin) is scored on cut-outs made by itself and by the
 * other: a matte that only agrees with its own kind of edge would win one column and lose the other.
 */
import path from 'node:path';
import sharp from 'sharp';
import { decodePhoto, type RawImage } from '../../server/src/lib/image/raw-image';
import { detectFaces } from '../../server/src/models/face';
import { boxMean } from '../../server/src/models/guided-filter/guided-filter';
import { mainFace } from '../../server/src/models/headshot/framing';
import { IsnetModel } from '../../server/src/models/isnet/isnet.model';
import { MODEL_REFINE, predictMatte } from '../../server/src/models/isnet/matte';
import { HAIR_REFINE } from '../../server/src/models/person-matte/person-matte';
import type { WorkerPool } from '../../server/src/inference/pool';
import { PHOTO_DIR } from '../face-enhancement/photos';

/** Portraits whose hair meets the background (the close-ups of both parts). */
export const HAIR_PHOTOS = [
  'face-grace-hopper-navy-portrait.jpg',
  'astronaut.png',
  'face-old-man-sepia-moustache.jpg',
  'face-old-man-sepia-white-beard.jpg',
  'face-man-yawning-glasses-beard.jpg',
];
/** Textures the cut-outs are set on: foliage and flowers, busy at the scale of hair. */
export const HAIR_BACKGROUNDS = ['Garden.jpg', 'GreenMeadow.jpg'];
/** The band reaches this share of the face's width either side of the outline. */
const BAND = 0.08;
/** Only the band above this share of the face box's height from its top: hair, not cheeks and shoulders. */
const ABOVE = 0.3;

export const MATTES = { isnet: MODEL_REFINE, portrait: HAIR_REFINE } as const;
export type MatteName = keyof typeof MATTES;

export interface HairScore {
  photo: string;
  /** Which matte made the cut-out whose alpha is the truth. */
  truth: MatteName;
  /** Mean absolute alpha error in the band (0-1), per matte, over the backgrounds. */
  error: Record<MatteName, number>;
  bandPixels: number;
}

async function load(file: string): Promise<RawImage> {
  return (await decodePhoto(await sharp(path.join(PHOTO_DIR, file)).png().toBuffer())).image;
}

async function backgroundFor(file: string, width: number, height: number): Promise<Uint8Array> {
  const { data } = await sharp(path.join(PHOTO_DIR, file))
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

/** The photo's pixels over `background` through `alpha`: the composite whose true alpha is `alpha`. */
function composite(photo: RawImage, alpha: Uint8Array, background: Uint8Array): RawImage {
  const out = new Uint8Array(photo.width * photo.height * 3);
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i] / 255;
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = photo.data[i * photo.channels + c] * a + background[i * 3 + c] * (1 - a) + 0.5;
  }
  return { data: out, width: photo.width, height: photo.height, channels: 3 };
}

/** Pixels within `r` of the alpha's half-way outline and above row `top`. */
function hairBand(alpha: Uint8Array, width: number, height: number, r: number, top: number): Uint8Array {
  const inside = new Float32Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) inside[i] = alpha[i] >= 128 ? 1 : 0;
  const near = boxMean(inside, width, height, r);
  const band = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++)
    band[i] = near[i] > 0.001 && near[i] < 0.999 && Math.floor(i / width) < top ? 1 : 0;
  return band;
}

function bandError(estimate: Uint8Array, truth: Uint8Array, band: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < band.length; i++) {
    if (!band[i]) continue;
    sum += Math.abs(estimate[i] - truth[i]);
    n++;
  }
  return n ? sum / n / 255 : 0;
}

export async function hairScores(pool: WorkerPool): Promise<HairScore[]> {
  const model = new IsnetModel({ variant: 'medium', threads: 2 });
  const rows: HairScore[] = [];
  try {
    for (const file of HAIR_PHOTOS) {
      const photo = await load(file);
      const face = mainFace(await detectFaces(photo, pool), photo.width, photo.height);
      if (!face) continue;
      const r = Math.max(2, Math.round(BAND * face.box.width));
      const top = Math.round(face.box.y + ABOVE * face.box.height);
      for (const truth of Object.keys(MATTES) as MatteName[]) {
        const alpha = await predictMatte(photo, model, MATTES[truth]);
        const band = hairBand(alpha, photo.width, photo.height, r, top);
        const error = { isnet: 0, portrait: 0 };
        for (const backgroundFile of HAIR_BACKGROUNDS) {
          const onTexture = composite(
            photo,
            alpha,
            await backgroundFor(backgroundFile, photo.width, photo.height),
          );
          for (const name of Object.keys(MATTES) as MatteName[])
            error[name] +=
              bandError(await predictMatte(onTexture, model, MATTES[name]), alpha, band) /
              HAIR_BACKGROUNDS.length;
        }
        rows.push({ photo: file, truth, error, bandPixels: band.reduce((s, v) => s + v, 0) });
      }
    }
  } finally {
    await model.dispose();
  }
  return rows;
}
