/**
 * Makes the landing page's "See the Results" sliders from real outputs of the product's own engines, run on
 * photos from assets/photos (licences in assets/photos/README.md) through the server's engine registry, as
 * `npm run cli -- MODE` runs them (see scripts/lib/run-mode.ts; local providers, no cloud keys).
 *
 * - object-removal: rocket.jpg; a lightning mast is marked by hand-placed shapes (below) and the object-removal
 *   engine fills them. (LadyBird.jpg was tried first: the engine removes the ladybird but cannot continue the
 *   stem it sits on, which leaves a visible gap, so it is not used as the showcase.)
 * - background-removal: coffee.png; the engine cuts the cup and saucer out and puts them on a solid colour
 *   backdrop with its soft shadow (the engine's own `backdrop` and `shadow` options), so the slider reads as a
 *   product shot.
 * - professional-photo: astronaut.png (the square NASA portrait); the headshot engine frames, lights and sets her
 *   on its default studio grey backdrop at 1024 x 1024. The slider's "before" is the whole square photo at that
 *   size, so the two sides compare the photo as given with the headshot made of it.
 *
 * Run: node --import tsx scripts/generate-results.ts
 * Output: client/public/generated/results/ (format: client/src/features/marketing/model/results-manifest.ts):
 * `<mode>-before.webp` (the input as given to the engine), `<mode>-after.webp` (the engine's output), manifest.json.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ResultsEntry } from '../client/src/features/marketing/model/results-manifest';
import { closeEngines, runMode } from './lib/run-mode';

const ROOT = path.resolve(import.meta.dirname, '..');
const PHOTOS = path.join(ROOT, 'assets/photos');
const OUT = path.join(ROOT, 'client/public/generated/results');
const WEB_URL = '/generated/results';
const MAX_WIDTH = 1024;
const WEBP = { quality: 85, effort: 6 } as const;

/** The photo at web size, lossless, as the engine's input and the slider's "before". */
async function webSized(file: string): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(path.join(PHOTOS, file))
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .removeAlpha()
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** White shapes on black at the photo's size: the area the person would paint in the editor. */
function maskPng(width: number, height: number, shapes: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><g fill="#fff">${shapes}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Showcase {
  mode: ResultsEntry['mode'];
  source: string;
  caption: string;
  options: Record<string, unknown>;
  /** SVG shapes in the coordinates of the web-sized photo (at most MAX_WIDTH wide), for modes that take a mask. */
  mask?: string;
  /** A mode whose result has its own size (the headshot): the "before" is scaled to it; aspects must match. */
  ownSize?: boolean;
}

const SHOWCASES: Showcase[] = [
  {
    mode: 'object-removal',
    source: 'rocket.jpg',
    caption:
      'The lightning mast right of the rocket painted over and removed; sky, clouds and lights rebuilt.',
    // rocket.jpg is 640 x 427: the mast's white pole (x 436-456 from y 120) and its lattice tower, which widens
    // to the bottom edge, with the lamps at its foot.
    mask: '<rect x="436" y="120" width="20" height="80"/><polygon points="431,188 463,188 478,427 420,427"/>',
    // The texture search is seeded so the output is reproducible; seed 4 was chosen by looking at a few.
    options: { seed: 4 },
  },
  {
    mode: 'background-removal',
    source: 'coffee.png',
    caption: 'The cup and saucer cut out and set on a clean studio colour with a soft shadow.',
    options: { backdrop: { kind: 'color', color: '#e8eef7' }, shadow: true },
  },
  {
    mode: 'professional-photo',
    source: 'astronaut.png',
    caption: 'A portrait framed by the headshot rule, eyes levelled, lit and set on a studio grey backdrop.',
    options: {},
    ownSize: true,
  },
];

async function makeEntry(showcase: Showcase): Promise<ResultsEntry> {
  const { png, width, height } = await webSized(showcase.source);
  const mask = showcase.mask ? await maskPng(width, height, showcase.mask) : null;
  const result = await runMode(showcase.mode, png, showcase.options, mask);
  const after = sharp(result.bytes);
  const meta = await after.metadata();
  const same = showcase.ownSize
    ? meta.width! * height === meta.height! * width
    : meta.width === width && meta.height === height;
  if (!same)
    throw new Error(`${showcase.mode} returned ${meta.width} x ${meta.height}, not ${width} x ${height}.`);
  const beforeImage = showcase.ownSize
    ? await sharp(png).resize(meta.width, meta.height, { kernel: 'lanczos3' }).png().toBuffer()
    : png;
  const before = `${showcase.mode}-before.webp`;
  const afterFile = `${showcase.mode}-after.webp`;
  await writeFile(path.join(OUT, before), await sharp(beforeImage).webp(WEBP).toBuffer());
  await writeFile(path.join(OUT, afterFile), await after.webp(WEBP).toBuffer());
  console.log(
    `${showcase.mode}: ${showcase.source} ${meta.width} x ${meta.height} by ${result.providerId} in ${result.seconds.toFixed(1)} s`,
  );
  return {
    mode: showcase.mode,
    before: `${WEB_URL}/${before}`,
    after: `${WEB_URL}/${afterFile}`,
    width: meta.width!,
    height: meta.height!,
    source: showcase.source,
    provider: result.providerId,
    caption: showcase.caption,
  };
}

async function main() {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const entries: ResultsEntry[] = [];
  try {
    for (const showcase of SHOWCASES) entries.push(await makeEntry(showcase));
  } finally {
    await closeEngines();
  }
  const manifest = { version: 1, generatedAt: new Date().toISOString(), entries };
  await writeFile(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Wrote ${entries.length} showcase results to ${path.relative(ROOT, OUT)}`);
}

await main();
