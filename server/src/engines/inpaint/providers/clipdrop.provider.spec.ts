import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { decodePhoto } from '../../../lib/image/raw-image';
import { decodeMaskPng } from '../../../lib/image/mask';
import { fixtureBytes } from '../../../../test/fixtures/inpaint/fixtures';
import { jsonAnswer, startLoopback } from '../../../../test/fixtures/inpaint/loopback-server';
import { quietRunContext } from '../../../../test/support/run-context';
import { createClipdropProvider } from './clipdrop.provider';

const ctx = quietRunContext();

async function input() {
  const image = fixtureBytes('coffee-320.jpg');
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const mask = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'><rect x='20' y='30' width='40' height='20' fill='white'/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  const photo = await decodePhoto(image);
  return { ...photo, mask: await decodeMaskPng(mask, width, height), kind: 'object' as const, width, height };
}

describe('clipdrop provider', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('is configured only with a key', () => {
    expect(createClipdropProvider({}).isConfigured()).toBe(false);
    expect(createClipdropProvider({ apiKey: 'k' }).isConfigured()).toBe(true);
  });

  it('sends the documented multipart request and returns the answer in the input format', async () => {
    const { width, height, ...payload } = await input();
    const cleaned = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const server = await startLoopback(() => ({
      status: 200,
      headers: { 'content-type': 'image/png', 'x-remaining-credits': '99', 'x-credits-consumed': '1' },
      body: cleaned,
    }));
    close = server.close;
    const sut = createClipdropProvider({ apiKey: 'secret', baseUrl: server.url });
    const result = await sut.run(payload, ctx);

    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/cleanup/v1');
    expect(request.headers['x-api-key']).toBe('secret');
    const imageFile = request.form?.get('image_file') as File;
    const maskFile = request.form?.get('mask_file') as File;
    expect(imageFile.type).toBe('image/jpeg');
    const maskRaw = await sharp(Buffer.from(await maskFile.arrayBuffer()))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(maskRaw.info.width).toBe(width);
    expect(maskRaw.data[40 * width + 30]).toBe(255);
    expect(maskRaw.data[5 * width + 5]).toBe(0);
    expect([result.image.width, result.image.height, result.image.channels]).toEqual([width, height, 3]);
  });

  it.each([
    [402, /no credits/],
    [403, /API key/],
    [429, /rate limited/],
    [500, /answered 500/],
  ])('turns a %i answer into a provider failure', async (status, message) => {
    const { width: _w, height: _h, ...payload } = await input();
    const server = await startLoopback(() =>
      jsonAnswer(status, { error: 'documented error text' }, status === 429 ? { 'retry-after': '30' } : {}),
    );
    close = server.close;
    const sut = createClipdropProvider({ apiKey: 'secret', baseUrl: server.url });
    const error = await sut.run(payload, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('PROVIDER_FAILED');
    expect((error as AppError).message).toMatch(message);
    expect((error as AppError).details).toMatchObject({ status });
  });
});
