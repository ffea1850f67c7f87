import path from 'node:path';
import sharp from 'sharp';
import type { RawImage } from '../../server/src/lib/image/raw-image';

/** The portraits of shared/photos (see its SOURCES.md), beside the repository; FACE_PHOTOS overrides. */
export const PHOTO_DIR =
  process.env.FACE_PHOTOS ?? path.resolve(new URL('../../', import.meta.url).pathname, '../shared/photos');

/**
 * Photos used while choosing the thresholds and strengths, and photos kept out of that, reported apart.
 * The held-out part was not looked at until the settings were fixed.
 */
export const TUNING = [
  'face-grace-hopper-navy-portrait.jpg',
  'face-old-man-sepia-moustache.jpg',
  'face-mariachi-band-smiling.jpg',
  'face-aircraft-workers-1940s.jpg',
  'astronaut.png',
];
export const HELD_OUT = [
  'face-old-man-sepia-white-beard.jpg',
  'face-ballerina-low-key.jpg',
  'face-cameraman-profile-grey.png',
  'face-stage-actors-group.jpg',
  'face-man-yawning-glasses-beard.jpg',
  'face-didgeridoo-player-body-paint.jpg',
];

/** Three single portraits side by side at a common height, scaled to about `megapixels`: three faces. */
export async function triptych(megapixels: number): Promise<RawImage> {
  const files = [
    'face-grace-hopper-navy-portrait.jpg',
    'face-old-man-sepia-moustache.jpg',
    'face-old-man-sepia-white-beard.jpg',
  ];
  const height = 600;
  const parts = await Promise.all(
    files.map((f) => sharp(path.join(PHOTO_DIR, f)).resize({ height }).removeAlpha().png().toBuffer()),
  );
  const widths = await Promise.all(parts.map(async (p) => (await sharp(p).metadata()).width!));
  const width = widths.reduce((a, b) => a + b);
  let left = 0;
  const strip = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite(parts.map((input, i) => ({ input, left: (left += i ? widths[i - 1] : 0), top: 0 })))
    .png()
    .toBuffer();
  const scale = Math.sqrt((megapixels * 1e6) / (width * height));
  const { data, info } = await sharp(strip)
    .resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

/** An old man's portrait (0.44 megapixels) scaled to about `megapixels`, as a JPEG at quality 80: one face. */
export async function singlePortrait(megapixels: number): Promise<Buffer> {
  const file = path.join(PHOTO_DIR, 'face-old-man-sepia-moustache.jpg');
  const { width, height } = await sharp(file).metadata();
  const scale = Math.sqrt((megapixels * 1e6) / (width! * height!));
  return sharp(file)
    .resize(Math.round(width! * scale), Math.round(height! * scale), { kernel: 'lanczos3' })
    .removeAlpha()
    .jpeg({ quality: 80 })
    .toBuffer();
}
