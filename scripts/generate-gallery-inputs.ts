/**
 * Makes the inputs of the /test-results gallery: 15 photos from assets/photos, resized to a web size, each with
 * a seeded synthetic watermark, plus the clean reference, the watermark's mask and manifest.json with
 * `result: null`. The script that runs the watermark engine fills `result`, `psnr` and `provider` later.
 *
 * Run: node --import tsx scripts/generate-gallery-inputs.ts [--seed 20251011]
 * Output: client/public/generated/gallery/ (format: client/src/features/gallery/model/gallery-manifest.ts)
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { GalleryEntry, GalleryManifest } from '../client/src/features/gallery/model/gallery-manifest';
import { seededRandom } from '../server/src/lib/random';

const ROOT = path.resolve(import.meta.dirname, '..');
const PHOTOS = path.join(ROOT, 'assets/photos');
const OUT = path.join(ROOT, 'client/public/generated/gallery');
const WEB_URL = '/generated/gallery';
const MAX_WIDTH = 1024;
const COUNT = 15;
// Both images are stored lossy for the web; quality 90 keeps the compression error well below the watermark's.
const WEBP = { quality: 90, effort: 5 } as const;

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const between = (r: Random, lo: number, hi: number) => lo + r() * (hi - lo);

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const WORDS = ['SAMPLE', 'PREVIEW', 'PROOF', '© Studio North', 'Northlight Photo', 'DRAFT'];

/** One watermark as SVG over a transparent canvas of the photo's size; four styles seen in the wild. */
function watermarkSvg(r: Random, width: number, height: number): string {
  const style = pick(r, ['diagonal', 'corner-logo', 'date-stamp', 'repeated'] as const);
  const body = (() => {
    switch (style) {
      case 'diagonal': {
        const size = Math.round(width * between(r, 0.09, 0.13));
        const angle = Math.round(between(r, -35, -15));
        const opacity = between(r, 0.35, 0.55).toFixed(2);
        return `<text x="${width / 2}" y="${height / 2}" font-family="${FONT}" font-weight="700" font-size="${size}" text-anchor="middle" dominant-baseline="middle" fill="#fff" fill-opacity="${opacity}" stroke="#000" stroke-opacity="0.25" stroke-width="${Math.max(1, size / 40)}" transform="rotate(${angle} ${width / 2} ${height / 2})">${pick(r, WORDS.slice(0, 3))}</text>`;
      }
      case 'corner-logo': {
        const size = Math.round(width * between(r, 0.035, 0.05));
        const x = width - size * 9.5;
        const y = height - size * 1.6;
        const opacity = between(r, 0.6, 0.8).toFixed(2);
        return `<g fill="#fff" fill-opacity="${opacity}"><circle cx="${x}" cy="${y - size * 0.35}" r="${size * 0.7}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="${size / 6}"/><text x="${x + size * 1.2}" y="${y}" font-family="${FONT}" font-weight="700" font-size="${size}">${pick(r, WORDS.slice(3, 5))}</text></g>`;
      }
      case 'date-stamp': {
        const size = Math.round(width * between(r, 0.035, 0.045));
        const date = `'${String(Math.floor(between(r, 90, 100)))} ${String(Math.floor(between(r, 1, 13))).padStart(2, '0')} ${String(Math.floor(between(r, 1, 29))).padStart(2, '0')}`;
        return `<text x="${width - size * 0.8}" y="${height - size * 0.9}" font-family="DejaVu Sans Mono, monospace" font-weight="700" font-size="${size}" text-anchor="end" fill="#ff8a1f" fill-opacity="0.9">${date}</text>`;
      }
      case 'repeated': {
        const size = Math.round(width * between(r, 0.04, 0.055));
        const word = pick(r, WORDS);
        const opacity = between(r, 0.3, 0.45).toFixed(2);
        const rows = [0.25, 0.5, 0.75].map(
          (f, i) =>
            `<text x="${width * (0.2 + i * 0.3)}" y="${height * f}" font-family="${FONT}" font-weight="600" font-size="${size}" text-anchor="middle" fill="#fff" fill-opacity="${opacity}" transform="rotate(-20 ${width * (0.2 + i * 0.3)} ${height * f})">${word}</text>`,
        );
        return rows.join('');
      }
    }
  })();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
}

/** Peak signal-to-noise ratio over RGB, in dB. */
async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += (x[i] - y[i]) ** 2;
  const mse = sum / x.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

async function makeEntry(file: string, index: number, r: Random): Promise<GalleryEntry> {
  const id = `${String(index + 1).padStart(2, '0')}-${path
    .parse(file)
    .name.toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
  const base = sharp(path.join(PHOTOS, file)).rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true });
  const { data: clean, info } = await base.clone().webp(WEBP).toBuffer({ resolveWithObject: true });
  const svg = Buffer.from(watermarkSvg(r, info.width, info.height));
  const watermarked = await sharp(clean)
    .composite([{ input: svg }])
    .webp(WEBP)
    .toBuffer();
  // The mask covers the watermark's pixels plus a 3 px margin for anti-aliased edges.
  const mask = await sharp(svg)
    .extractChannel('alpha')
    .blur(2)
    .threshold(1)
    .png({ compressionLevel: 9 })
    .toBuffer();

  await Promise.all([
    writeFile(path.join(OUT, `${id}-clean.webp`), clean),
    writeFile(path.join(OUT, `${id}-watermarked.webp`), watermarked),
    writeFile(path.join(OUT, `${id}-mask.png`), mask),
  ]);
  return {
    id,
    source: file,
    width: info.width,
    height: info.height,
    watermarked: `${WEB_URL}/${id}-watermarked.webp`,
    clean: `${WEB_URL}/${id}-clean.webp`,
    mask: `${WEB_URL}/${id}-mask.png`,
    psnrWatermarked: Number((await psnr(watermarked, clean)).toFixed(2)),
    result: null,
    psnr: null,
    provider: null,
  };
}

async function main() {
  const seedArg = process.argv.indexOf('--seed');
  const seed = seedArg > 0 ? Number(process.argv[seedArg + 1]) : 20251011;
  const r = seededRandom(seed);
  const photos = (await readdir(PHOTOS)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  if (photos.length < COUNT)
    throw new Error(`assets/photos has ${photos.length} photos; the gallery needs ${COUNT}.`);
  // A seeded shuffle picks which 15 photos take part.
  const chosen = photos
    .map((f) => ({ f, k: r() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, COUNT)
    .map(({ f }) => f)
    .sort();

  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const entries: GalleryEntry[] = [];
  for (const [i, file] of chosen.entries()) entries.push(await makeEntry(file, i, r));

  const manifest: GalleryManifest = { version: 1, generatedAt: new Date().toISOString(), entries };
  await writeFile(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Wrote ${entries.length} gallery entries (seed ${seed}) to ${path.relative(ROOT, OUT)}`);
}

await main();
