import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { MODES } from '@common/modes';
import type { ImageFormat } from '../image-format';
import { rawToSharp, type RawImage } from './raw-image';
import { encodeResult, encodingFor, RESULT_ENCODINGS, type ResultKind } from './result-encoding';

/** A photo-like picture with detail in every channel, so each encoder setting shows in the bytes. */
function picture(channels: 3 | 4, width = 61, height = 37): RawImage {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 7 + y * 3) & 255;
      data[i + 1] = (x * y) & 255;
      data[i + 2] = (200 - x * 2 + ((x ^ y) & 15)) & 255;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : (y * 9) & 255;
    }
  return { data, width, height, channels };
}

const FORMATS: ImageFormat[] = ['jpeg', 'png', 'webp'];

/**
 * How each result was written before the providers answered pixels, copied from the code they replace, so the
 * table is held to the files of before: inpaint-io's encodeLike (the fills, face enhancement, the headshot),
 * Chat to Edit's runner, the Restore brush in the job handler, the local upscaler, the ISNet cut-out and the
 * same-mark batch's files.
 */
const BEFORE: Record<ResultKind, (pipeline: Sharp, format: ImageFormat, alpha: boolean) => Sharp> = {
  'object-removal': encodeLike,
  'watermark-removal': encodeLike,
  'face-enhancement': encodeLike,
  'professional-photo': encodeLike,
  'prompt-edit': (p, format, alpha) =>
    format === 'jpeg' && !alpha ? p.jpeg({ quality: 92, mozjpeg: false }) : p.png({ compressionLevel: 6 }),
  restore: (p, format, alpha) =>
    format === 'jpeg' && !alpha ? p.jpeg({ quality: 95, mozjpeg: true }) : p.png({ compressionLevel: 6 }),
  'same-mark': (p, format) =>
    format === 'jpeg'
      ? p.jpeg({ quality: 92, mozjpeg: true })
      : format === 'webp'
        ? p.webp({ quality: 92 })
        : p.png({ compressionLevel: 6 }),
  'image-upscale': (p) => p.png({ compressionLevel: 3, adaptiveFiltering: false }),
  'background-removal': (p) => p.png({ compressionLevel: 3, adaptiveFiltering: true }),
};

function encodeLike(pipeline: Sharp, format: ImageFormat): Sharp {
  return format === 'png'
    ? pipeline.png({ compressionLevel: 6 })
    : format === 'webp'
      ? pipeline.webp({ quality: 95 })
      : pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' });
}

const ALPHA_ON_JPEG: ResultKind[] = ['prompt-edit', 'restore', 'image-upscale', 'background-removal'];

describe('encodeResult', () => {
  it('has a row for every mode, the Restore brush and the same-mark batch', () => {
    expect(Object.keys(RESULT_ENCODINGS).sort()).toEqual([...MODES, 'restore', 'same-mark'].sort());
  });

  it("chooses each mode's format and settings of before for each input format", () => {
    const rgb = picture(3);
    const choices = Object.fromEntries(
      (Object.keys(RESULT_ENCODINGS) as ResultKind[]).map((kind) => [
        kind,
        FORMATS.map((format) => {
          const e = encodingFor(kind, format, rgb);
          return e.format === 'jpeg'
            ? `jpeg q${e.quality} ${e.chromaSubsampling}${e.mozjpeg ? ' mozjpeg' : ''}`
            : e.format === 'png'
              ? `png level ${e.compressionLevel}${e.adaptiveFiltering ? ' filtered' : ''}`
              : `webp q${e.quality}`;
        }),
      ]),
    );
    const like = ['jpeg q95 4:4:4', 'png level 6', 'webp q95'];
    expect(choices).toEqual({
      'object-removal': like,
      'watermark-removal': like,
      'face-enhancement': like,
      'professional-photo': like,
      'prompt-edit': ['jpeg q92 4:2:0', 'png level 6', 'png level 6'],
      restore: ['jpeg q95 4:2:0 mozjpeg', 'png level 6', 'png level 6'],
      'same-mark': ['jpeg q92 4:2:0 mozjpeg', 'png level 6', 'webp q92'],
      'image-upscale': Array(3).fill('png level 3'),
      'background-removal': Array(3).fill('png level 3 filtered'),
    });
  });

  it('writes a result with transparency as PNG where its row says JPEG', () => {
    for (const kind of Object.keys(RESULT_ENCODINGS) as ResultKind[])
      expect(encodingFor(kind, 'jpeg', picture(4)).format).not.toBe('jpeg');
  });

  it.each([3, 4] as const)(
    'writes every row byte for byte as the code it replaces (%i channels)',
    async (channels) => {
      const image = picture(channels);
      for (const kind of Object.keys(RESULT_ENCODINGS) as ResultKind[])
        for (const format of FORMATS) {
          // A JPEG photo decodes without alpha and the same-mark batch drops it, so of the rows that write
          // JPEG only Chat to Edit and the Restore brush met RGBA pixels with a JPEG input before.
          if (channels === 4 && format === 'jpeg' && !ALPHA_ON_JPEG.includes(kind)) continue;
          const before = await BEFORE[kind](rawToSharp(image), format, channels === 4).toBuffer();
          const now = await encodeResult(image, kind, format);
          expect({ kind, format, same: now.bytes.equals(before) }).toEqual({ kind, format, same: true });
          const meta = await sharp(now.bytes).metadata();
          expect(now.mime).toBe(`image/${meta.format}`);
        }
    },
  );

  it("writes the cut-out's RGBA pixels as the PNG libvips joined from its colours and alpha before", async () => {
    const rgb = picture(3);
    const rgba = picture(4);
    const alpha = Buffer.from(rgba.data.filter((_, i) => i % 4 === 3));
    for (let i = 0; i < alpha.length; i++) rgba.data.set(rgb.data.subarray(i * 3, i * 3 + 3), i * 4);
    const before = await rawToSharp(rgb)
      .joinChannel(alpha, { raw: { width: rgb.width, height: rgb.height, channels: 1 } })
      .png({ compressionLevel: 3, adaptiveFiltering: true })
      .toBuffer();
    expect((await encodeResult(rgba, 'background-removal', 'jpeg')).bytes.equals(before)).toBe(true);
  });
});
