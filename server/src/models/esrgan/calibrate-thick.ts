/**
 * Calibration of the int8 thick model: `node --import tsx server/src/models/esrgan/calibrate-thick.ts`.
 * Runs the float model, with every tensor the quantiser touches as an extra output, over small crops of
 * the photos in assets/photos (away from the centre the upscale bench measures), and writes each tensor's
 * [min, max] to thick-x4.ranges.json, which the converter reads (onnx-cache.ts). Re-run it only when the
 * converter's float graph changes; the ranges file's hash is part of the cache key.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { convertKerasToOnnx, loadKerasModel } from './keras-to-onnx';
import { kerasModelFolder } from './model-paths';

const PHOTOS = new URL('../../../../assets/photos/', import.meta.url).pathname;
const SIZE = 48;

/** A SIZE x SIZE NCHW crop: box-downscaled by 4 from the photo's upper-left quarter, then at full size. */
async function crops(file: string): Promise<Float32Array[]> {
  const meta = await sharp(file).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const result: Float32Array[] = [];
  for (const factor of [4, 1]) {
    const side = SIZE * factor;
    if (w < side + 8 || h < side + 8) continue;
    const { data } = await sharp(file)
      .removeAlpha()
      .extract({ left: Math.round(w * 0.12), top: Math.round(h * 0.12), width: side, height: side })
      .resize(SIZE, SIZE, { kernel: 'cubic' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const nchw = new Float32Array(3 * SIZE * SIZE);
    for (let i = 0; i < SIZE * SIZE; i++)
      for (let c = 0; c < 3; c++) nchw[c * SIZE * SIZE + i] = data[i * 3 + c];
    result.push(nchw);
  }
  return result;
}

export async function calibrateThick(scale: 2 | 4): Promise<Record<string, [number, number]>> {
  const { model, shards } = loadKerasModel(kerasModelFolder('thick', scale));
  const onnx = convertKerasToOnnx(model, shards, { inputRange: 1, name: 'calibration', observe: true });
  const session = await ort.InferenceSession.create(onnx, { graphOptimizationLevel: 'basic' });
  const ranges: Record<string, [number, number]> = {};
  const files = readdirSync(PHOTOS).filter((f) => /\.(jpe?g|png)$/i.test(f));
  for (const file of files) {
    for (const input of await crops(PHOTOS + file)) {
      const outputs = await session.run({ image: new ort.Tensor('float32', input, [1, 3, SIZE, SIZE]) });
      for (const name of session.outputNames) {
        if (name === 'upscaled') continue;
        const data = outputs[name].data as Float32Array;
        let lo = Infinity;
        let hi = -Infinity;
        for (const v of data) {
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        const r = ranges[name] ?? [Infinity, -Infinity];
        ranges[name] = [Math.min(r[0], lo), Math.max(r[1], hi)];
        outputs[name].dispose();
      }
    }
  }
  await session.release();
  return ranges;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scale = Number(process.argv[2] ?? 4) as 2 | 4;
  const ranges = await calibrateThick(scale);
  const rounded = Object.fromEntries(
    Object.entries(ranges).map(([k, [lo, hi]]) => [
      k,
      [Number(lo.toPrecision(6)), Number(hi.toPrecision(6))],
    ]),
  );
  writeFileSync(
    new URL(`./thick-x${scale}.ranges.json`, import.meta.url),
    `${JSON.stringify(rounded, null, 1)}\n`,
  );
  console.log(`${Object.keys(ranges).length} tensors calibrated`);
}
