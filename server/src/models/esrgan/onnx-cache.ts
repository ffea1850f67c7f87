import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { convertKerasToOnnx, loadKerasModel } from './keras-to-onnx';
import { inputRange, kerasModelFolder, type EsrganScale, type EsrganVariant } from './model-paths';
import { WEIGHT_LEVELS } from './quantize';

/** Bumped whenever the converter's output changes, so cached files are rebuilt. */
export const CONVERTER_VERSION = 3;

export type Precision = 'fp32' | 'int8';

/** Activation ranges for the int8 model (calibrate-thick.ts); only thick is quantised. */
function rangesFile(variant: EsrganVariant, scale: EsrganScale): string {
  if (variant !== 'thick') throw new Error(`no int8 calibration for ESRGAN ${variant}`);
  return new URL(`./thick-x${scale}.ranges.json`, import.meta.url).pathname;
}

/**
 * Convolutions the int8 model keeps in float: the last three, whose outputs are (nearly) pixels. Keeping
 * the first one too would be barely closer to float and much slower: onnxruntime then runs the int8
 * convolutions in NCHW with a transpose around each.
 */
export const INT8_FLOAT_CONVS = ['post_blocks_conv', 'PreShuffle', 'SR'];

interface Manifest {
  converterVersion: number;
  /** sha256 of the Keras model.json and shards the file was made from (int8: and its ranges and float list). */
  sourceSha256: string;
  /** sha256 of the ONNX file itself, checked before every load. */
  onnxSha256: string;
}

const sha256 = (parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  return hash.digest('hex');
};

/**
 * Returns the path of the ONNX model for a variant, scale and precision (int8: thick only), converting the shipped Keras weights at first
 * use into `modelDir` (default data/models). A file whose hash does not match its manifest (truncated,
 * edited, from an older converter or other weights) is rebuilt.
 */
export async function ensureEsrganOnnx(
  variant: EsrganVariant,
  scale: EsrganScale,
  modelDir: string,
  precision: Precision = 'fp32',
): Promise<string> {
  const name = `esrgan-${variant}-x${scale}${precision === 'int8' ? '-int8' : ''}`;
  const file = path.resolve(modelDir, `${name}.onnx`);
  const manifestFile = `${file}.json`;
  const folder = kerasModelFolder(variant, scale);
  const { model, shards } = loadKerasModel(folder);
  const ranges = precision === 'int8' ? await readFile(rangesFile(variant, scale)) : undefined;
  const sourceSha256 = sha256([
    await readFile(path.join(folder, 'model.json')),
    ...shards,
    ...(ranges ? [ranges, Buffer.from(JSON.stringify({ INT8_FLOAT_CONVS, WEIGHT_LEVELS }))] : []),
  ]);

  if (existsSync(file) && existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    if (
      manifest.converterVersion === CONVERTER_VERSION &&
      manifest.sourceSha256 === sourceSha256 &&
      manifest.onnxSha256 === sha256([await readFile(file)])
    ) {
      return file;
    }
  }

  const onnx = convertKerasToOnnx(model, shards, {
    inputRange: inputRange(variant),
    name,
    quantize: ranges
      ? {
          ranges: JSON.parse(ranges.toString('utf8')) as Record<string, [number, number]>,
          keepFloat: INT8_FLOAT_CONVS,
        }
      : undefined,
  });
  await mkdir(path.dirname(file), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file.
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, onnx);
  await rename(tmp, file);
  const manifest: Manifest = {
    converterVersion: CONVERTER_VERSION,
    sourceSha256,
    onnxSha256: sha256([onnx]),
  };
  await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
  return file;
}
