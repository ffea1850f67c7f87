/**
 * Cases made from the shared portraits for what no shared photo shows: a head cut by the photo's top edge,
 * a tight close-up, a face on a poster on the wall behind the subject, a portrait under a veil of light. Each is made the same way on every run
 * (crops, a Lanczos enlargement, a blurred paste), so they are fixtures, not samples.
 */
import path from 'node:path';
import sharp from 'sharp';
import { decodePhoto, type RawImage } from '../../server/src/lib/image/raw-image';
import { hazy } from '../../server/test/support/hazy';
import { PHOTO_DIR } from '../face-enhancement/photos';

const file = (name: string) => path.join(PHOTO_DIR, name);
const decode = async (png: Buffer): Promise<RawImage> => (await decodePhoto(png)).image;

/** Grace Hopper's portrait with its top 80 px cut away: the photo's edge runs through her cap. */
export async function capCutByTop(): Promise<RawImage> {
  return decode(
    await sharp(file('face-grace-hopper-navy-portrait.jpg'))
      .extract({ left: 0, top: 80, width: 512, height: 520 })
      .png()
      .toBuffer(),
  );
}

/** The astronaut's face alone, the photo's top through her hair and its bottom just under the chin, enlarged 2x. */
export async function tightCloseUp(): Promise<RawImage> {
  return decode(
    await sharp(file('astronaut.png'))
      .extract({ left: 140, top: 40, width: 210, height: 200 })
      .resize(420, 400, { kernel: 'lanczos3' })
      .png()
      .toBuffer(),
  );
}

/**
 * The sepia portrait with a framed print of Grace Hopper's face on the wall behind him: smaller than his face
 * and out of focus (blurred), as a picture on a wall behind a sitter is.
 */
export async function posterOnWall(): Promise<RawImage> {
  const poster = await sharp(file('face-grace-hopper-navy-portrait.jpg'))
    .extract({ left: 130, top: 40, width: 260, height: 320 })
    .resize(96, 118)
    .blur(1.6)
    .extend({ top: 6, bottom: 6, left: 6, right: 6, background: '#e8e4da' })
    .png()
    .toBuffer();
  return decode(
    await sharp(file('face-old-man-sepia-moustache.jpg'))
      .composite([{ input: poster, left: 40, top: 30 }])
      .png()
      .toBuffer(),
  );
}

/** The astronaut under a bright, warm veil of light, in which the person matting model sees no one. */
export async function veiledPortrait(): Promise<RawImage> {
  return decode(await hazy(await sharp(file('astronaut.png')).png().toBuffer()));
}
