/**
 * Makes the example images of the blog's headshot article from real outputs of the product's headshot engine,
 * run on portraits from assets/photos (licences in assets/photos/README.md) through the server's engine
 * registry, as `npm run cli -- professional-photo` runs them (scripts/lib/run-mode.ts; local providers).
 * Each example is one picture: the photo as given on the left, the headshot made of it on the right, at the
 * headshot's height, so the article shows what the mode did at a glance.
 *
 * Run: node --import tsx scripts/generate-blog-images.ts
 * Output: client/public/generated/blog/<name>.webp (the article names them in
 * client/src/features/blog/articles/create-professional-headshots-ai.ts).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { closeEngines, runMode } from './lib/run-mode';

const ROOT = path.resolve(import.meta.dirname, '..');
const PHOTOS = path.join(ROOT, 'assets/photos');
const OUT = path.join(ROOT, 'client/public/generated/blog');
/** The height of each half; the files stay around 60-120 KB. */
const HEIGHT = 480;
const GAP = 8;
const WEBP = { quality: 82, effort: 6 } as const;

const EXAMPLES = [
  { name: 'headshot-example-navy-portrait', source: 'face-grace-hopper-navy-portrait.jpg', options: {} },
  {
    name: 'headshot-example-sepia-portrait',
    source: 'face-old-man-sepia-moustache.jpg',
    options: { backdrop: 'blue' },
  },
];

async function example(source: string, options: Record<string, unknown>): Promise<Buffer> {
  const photo = await readFile(path.join(PHOTOS, source));
  const result = await runMode('professional-photo', photo, options);
  const before = await sharp(photo).resize({ height: HEIGHT }).png().toBuffer({ resolveWithObject: true });
  const after = await sharp(result.bytes)
    .resize({ height: HEIGHT })
    .png()
    .toBuffer({ resolveWithObject: true });
  console.log(`${source}: headshot by ${result.providerId} in ${result.seconds.toFixed(1)} s`);
  return sharp({
    create: {
      width: before.info.width + GAP + after.info.width,
      height: HEIGHT,
      channels: 3,
      background: '#ffffff',
    },
  })
    .composite([
      { input: before.data, left: 0, top: 0 },
      { input: after.data, left: before.info.width + GAP, top: 0 },
    ])
    .webp(WEBP)
    .toBuffer();
}

async function main() {
  await mkdir(OUT, { recursive: true });
  try {
    for (const { name, source, options } of EXAMPLES) {
      const file = path.join(OUT, `${name}.webp`);
      await writeFile(file, await example(source, options));
      const { width, height } = await sharp(file).metadata();
      const { size } = await stat(file);
      console.log(`${path.relative(ROOT, file)}: ${width} x ${height}, ${Math.round(size / 1024)} KB`);
    }
  } finally {
    await closeEngines();
  }
}

await main();
