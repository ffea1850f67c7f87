/**
 * Fills the /test-results gallery with the watermark engine's real outputs: for each entry of
 * client/public/generated/gallery/manifest.json (written by scripts/generate-gallery-inputs.ts), the
 * watermark-removal engine runs on the watermarked photo with its mask, through the server's engine registry as
 * `npm run cli -- watermark-removal` runs it (scripts/lib/run-mode.ts; local provider, no cloud keys), and the
 * entry gets `result`, `psnr` and `provider`.
 *
 * Input: the pixels of the published `-watermarked.webp`, handed to the engine losslessly (as PNG), so the
 * engine sees exactly what a visitor sees and its output is not compressed twice.
 * Output: `<id>-result.webp`, encoded with the same WebP settings as the clean and watermarked images.
 *
 * PSNR, the same way as psnrWatermarked: over the whole image, RGB (alpha dropped), every pixel and channel
 * weighted equally, between the published WebP files as a browser decodes them (result WebP against clean
 * WebP, as watermarked WebP against clean WebP), peak 255. The figure includes the WebP encoding of the result,
 * as psnrWatermarked includes that of the watermarked photo. The summary line also gives the average of both.
 *
 * Run: node --import tsx scripts/generate-gallery-results.ts [--seed 1]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { GalleryEntry, GalleryManifest } from '../client/src/features/gallery/model/gallery-manifest';
import { closeEngines, runMode } from './lib/run-mode';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'client/public/generated/gallery');
const MANIFEST = path.join(OUT, 'manifest.json');
const WEB_URL = '/generated/gallery';
// As in scripts/generate-gallery-inputs.ts.
const WEBP = { quality: 90, effort: 5 } as const;

/** Peak signal-to-noise ratio over RGB, in dB (the function of scripts/generate-gallery-inputs.ts). */
async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  if (x.length !== y.length) throw new Error('The images differ in size.');
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += (x[i] - y[i]) ** 2;
  const mse = sum / x.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** The file behind a manifest URL such as /generated/gallery/01-x-clean.webp. */
const fileOf = (url: string) => path.join(OUT, path.basename(url));

async function fill(entry: GalleryEntry, seed: number): Promise<GalleryEntry> {
  if (!entry.mask) throw new Error(`${entry.id} has no mask.`);
  const [watermarked, clean, mask] = await Promise.all(
    [entry.watermarked, entry.clean, entry.mask].map((url) => readFile(fileOf(url))),
  );
  const input = await sharp(watermarked).removeAlpha().png().toBuffer();
  const run = await runMode('watermark-removal', input, { seed }, mask);
  const result = await sharp(run.bytes).removeAlpha().webp(WEBP).toBuffer();
  const name = `${entry.id}-result.webp`;
  await writeFile(path.join(OUT, name), result);
  const value = Number((await psnr(result, clean)).toFixed(2));
  console.log(
    `${entry.id}: ${value.toFixed(2)} dB (watermarked ${entry.psnrWatermarked?.toFixed(2)} dB) by ${run.providerId} in ${run.seconds.toFixed(1)} s`,
  );
  return { ...entry, result: `${WEB_URL}/${name}`, psnr: value, provider: run.providerId };
}

async function main() {
  const seedArg = process.argv.indexOf('--seed');
  const seed = seedArg > 0 ? Number(process.argv[seedArg + 1]) : 1;
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as GalleryManifest;
  const entries: GalleryEntry[] = [];
  try {
    for (const entry of manifest.entries) entries.push(await fill(entry, seed));
  } finally {
    await closeEngines();
  }
  const next: GalleryManifest = { ...manifest, generatedAt: new Date().toISOString(), entries };
  await writeFile(MANIFEST, `${JSON.stringify(next, null, 2)}\n`);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `Average PSNR against the clean references: results ${mean(entries.map((e) => e.psnr!)).toFixed(2)} dB, ` +
      `watermarked ${mean(entries.map((e) => e.psnrWatermarked ?? 0)).toFixed(2)} dB (${entries.length} photos)`,
  );
}

await main();
