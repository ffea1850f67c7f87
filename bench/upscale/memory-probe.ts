/**
 * Child process for the peak-memory figure: upscales a 12-megapixel photo 2x with the default model, the
 * way the worker does, and prints the process's peak resident set size.
 */
import sharp from 'sharp';
import { EsrganModel } from '../../server/src/models/esrgan/esrgan.model';
import { upscaleSettings } from '../../server/src/models/esrgan/settings';
import { upscaleTiled } from '../../server/src/models/esrgan/upscale-tiled';

const source = new URL('../../assets/photos/Wood.jpg', import.meta.url).pathname;
const { data, info } = await sharp(source)
  .resize(4000, 3000, { fit: 'fill' })
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const model = new EsrganModel('medium', 2, { modelDir: process.argv[2] ?? 'data/models' });
const started = Date.now();
const out = await upscaleTiled(
  { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
  { scale: 2, predict: (x, w, h) => model.predict(x, w, h), ...upscaleSettings('medium', 2) },
);
process.stdout.write(
  JSON.stringify({
    width: out.width,
    height: out.height,
    seconds: (Date.now() - started) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
