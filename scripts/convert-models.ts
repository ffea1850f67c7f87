/**
 * Converts every upscale model a quality setting uses (ESRGAN slim and thick, 2x and 4x, fp32 and int8) from the
 * Keras weights its npm package ships to ONNX, into DATA_DIR/models or the folder given. The servers do this at
 * first use; the Dockerfile runs it at build so containers start with the models ready.
 *
 *   node --import tsx scripts/convert-models.ts [folder]
 */
import path from 'node:path';
import { ensureEsrganOnnx } from '../server/src/models/esrgan/onnx-cache';
import { UPSCALE_QUALITIES } from '@common/schemas/mode-options';
import { upscaleSettings } from '../server/src/models/esrgan/settings';

const folder = path.resolve(process.argv[2] ?? path.join('data', 'models'));
for (const scale of [2, 4] as const) {
  for (const quality of UPSCALE_QUALITIES) {
    const { variant, precision } = upscaleSettings(quality, scale).model;
    const file = await ensureEsrganOnnx(variant, scale, folder, precision);
    console.log(`${quality} ${scale}x: ${path.relative(process.cwd(), file)}`);
  }
}
