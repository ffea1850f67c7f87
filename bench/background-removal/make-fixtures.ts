/**
 * Regenerates server/test/fixtures/background-removal/coffee.matte.png: the local pipeline's real matte of
 * assets/photos/coffee.png, so option and cloud tests can compose from a true matte without running the model.
 * Run: node --import tsx bench/background-removal/make-fixtures.ts
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { predictMatte } from '../../server/src/models/isnet/matte';
import { decodeRaw } from '../../server/src/lib/image/raw-image';
import { IsnetModel } from '../../server/src/models/isnet/isnet.model';

const root = new URL('../../', import.meta.url);
const model = new IsnetModel({ variant: 'medium' });
const image = await decodeRaw(await readFile(new URL('assets/photos/coffee.png', root)), 3);
const alpha = await predictMatte(image, model);
await sharp(Buffer.from(alpha), { raw: { width: image.width, height: image.height, channels: 1 } })
  .toColourspace('b-w')
  .png({ compressionLevel: 9 })
  .toFile(new URL('server/test/fixtures/background-removal/coffee.matte.png', root).pathname);
await model.dispose();
