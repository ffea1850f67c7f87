/**
 * Child process for the peak-memory figure: upscales a 12-megapixel photo 2x with the default model, the
 * way the worker does, and prints the process's peak resident set size.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { EsrganModel } from '../../server/src/models/esrgan/esrgan.model';
import { upscaleImage } from '../../server/src/models/esrgan/upscale';

const source = new URL('../../assets/photos/Wood.jpg', import.meta.url).pathname;
const { data, info } = await sharp(source)
  .resize(4000, 3000, { fit: 'fill' })
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const started = Date.now();
const out = await upscaleImage(
  { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
  'balanced',
  2,
  (variant, precision) => {
    const model = new EsrganModel(variant, 2, { modelDir: process.argv[2] ?? 'data/models', precision });
    return (x, w, h) => model.predict(x, w, h);
  },
);
process.stdout.write(
  JSON.stringify({
    width: out.width,
    height: out.height,
    seconds: (Date.now() - started) / 1000,
    peakRssMb: peakRssKb() / 1024,
  }),
);

/**
 * Peak resident memory of this process image. Linux's maxRSS (getrusage) survives exec, so a child forked from
 * a large parent (the bench, with its models loaded) reports at least the parent's size; VmHWM belongs to
 * the new image only.
 */
function peakRssKb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}
