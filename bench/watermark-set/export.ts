/**
 * Writes the watermark set as files to look at or to feed other tools:
 * `node --import tsx bench/watermark-set/export.ts OUT_DIR [--part=tuning|heldout]`.
 * Per case: ID-input.png, ID-reference.png, ID-true-mask.png, ID-loose-mask.png (white = mark), and
 * cases.json with the descriptions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodePng } from '../../server/src/lib/image/raw-image';
import { buildWatermarkSet, type Part } from './index';

const out = process.argv[2];
const part = process.argv.find((a) => a.startsWith('--part='))?.slice(7) as Part | undefined;
if (!out) {
  console.error('Usage: node --import tsx bench/watermark-set/export.ts OUT_DIR [--part=tuning|heldout]');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const cases = await buildWatermarkSet(part ? { parts: [part] } : {});
const maskPng = (bits: Uint8Array, width: number, height: number) =>
  encodePng({ data: bits.map((v) => (v ? 255 : 0)), width, height, channels: 1 });
for (const c of cases) {
  const { width, height } = c.input;
  writeFileSync(path.join(out, `${c.id}-input.png`), await encodePng(c.input));
  writeFileSync(path.join(out, `${c.id}-reference.png`), await encodePng(c.reference));
  writeFileSync(path.join(out, `${c.id}-true-mask.png`), await maskPng(c.trueMask, width, height));
  writeFileSync(path.join(out, `${c.id}-loose-mask.png`), await maskPng(c.looseMask, width, height));
}
writeFileSync(
  path.join(out, 'cases.json'),
  JSON.stringify(
    cases.map(({ id, part, kind, description, photo }) => ({ id, part, kind, description, photo })),
    null,
    2,
  ),
);
console.log(`${cases.length} cases written to ${out}`);
