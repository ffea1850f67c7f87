/**
 * Writes the benchmark's true masks (server/test/fixtures/select/NAME.png, white = object) from cases.ts, and a
 * contact sheet to check them by eye (each photo with its mask in blue and the tap in green).
 *
 *   node --import tsx bench/select/make-truth.ts [--sheet=FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { decodeRaw } from '../../server/src/lib/image/raw-image';
import { encodeMaskPng } from '../../server/src/lib/image/mask';
import { SELECT_CASES } from './cases';
import { overlayPanel } from './overlay';
import { drawTruth } from './truth';

const PHOTOS = new URL('../../assets/photos/', import.meta.url);
export const TRUTH = new URL('../../server/test/fixtures/select/', import.meta.url);

const sheetArg = process.argv.find((a) => a.startsWith('--sheet='));
const panels: Buffer[] = [];
for (const c of SELECT_CASES) {
  const image = await decodeRaw(readFileSync(new URL(c.photo, PHOTOS)), 3);
  const bits = drawTruth(image.data, image.width, image.height, c.truth, c.tap);
  writeFileSync(
    new URL(`${c.name}.png`, TRUTH),
    await encodeMaskPng({ bits, width: image.width, height: image.height }),
  );
  let area = 0;
  for (const v of bits) area += v;
  console.log(`${c.name}: ${area} px (${((100 * area) / bits.length).toFixed(1)} % of the photo)`);
  panels.push(await overlayPanel(image, bits, [{ x: c.tap[0], y: c.tap[1], label: 1 }], c.name, 420));
}
if (sheetArg) {
  const cols = 3;
  const rows = Math.ceil(panels.length / cols);
  await sharp({ create: { width: cols * 424, height: rows * 424, channels: 3, background: '#111' } })
    .composite(panels.map((input, i) => ({ input, left: (i % cols) * 424, top: Math.floor(i / cols) * 424 })))
    .png()
    .toFile(sheetArg.slice('--sheet='.length));
}
