import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { decodePhoto } from '../../../lib/image/raw-image';
import { decodeMaskPng } from '../../../lib/image/mask';
import { fixtureBytes } from '../../../../test/fixtures/inpaint/fixtures';
import { jsonAnswer, startLoopback } from '../../../../test/fixtures/inpaint/loopback-server';
import { quietRunContext } from '../../../../test/support/run-context';
import { createStabilityProvider } from './stability.provider';

const ctx = quietRunContext();

async function input() {
  const image = fixtureBytes('garden-192x128.png');
  const mask = await sharp({
    create: { width: 192, height: 128, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns='http://www.w3.org/2000/svg' width='192' height='128'><circle cx='60' cy='60' r='15' fill='white'/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  const photo = await decodePhoto(image);
  return { ...photo, mask: await decodeMaskPng(mask, 192, 128), kind: 'watermark' as const, seed: 42 };
}

describe('stability erase provider', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('sends the documented request and returns the image', async () => {
    const answer = await sharp(fixtureBytes('garden-192x128.png')).png().toBuffer();
    const server = await startLoopback(() => ({
      status: 200,
      headers: { 'content-type': 'image/png', 'finish-reason': 'SUCCESS', seed: '42' },
      body: answer,
    }));
    close = server.close;
    const sut = createStabilityProvider({ apiKey: 'sk-test', baseUrl: server.url });
    const result = await sut.run(await input(), ctx);

    const [request] = server.requests;
    expect(request.path).toBe('/v2beta/stable-image/edit/erase');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers.accept).toBe('image/*');
    expect(request.form?.get('output_format')).toBe('png');
    expect(request.form?.get('seed')).toBe('42');
    expect(Number(request.form?.get('grow_mask'))).toBeLessThanOrEqual(20);
    const mask = await sharp(Buffer.from(await (request.form?.get('mask') as File).arrayBuffer()))
      .greyscale()
      .raw()
      .toBuffer();
    // The transparent-background mask was turned into the opaque black and white mask the API expects.
    expect(mask[60 * 192 + 60]).toBe(255);
    expect(mask[5 * 192 + 5]).toBe(0);
    expect([result.image.width, result.image.height]).toEqual([192, 128]);
  });

  it('refuses a content-filtered answer', async () => {
    const answer = await sharp(fixtureBytes('garden-192x128.png')).png().toBuffer();
    const server = await startLoopback(() => ({
      status: 200,
      headers: { 'content-type': 'image/png', 'finish-reason': 'CONTENT_FILTERED' },
      body: answer,
    }));
    close = server.close;
    const sut = createStabilityProvider({ apiKey: 'sk-test', baseUrl: server.url });
    await expect(sut.run(await input(), ctx)).rejects.toThrow(/CONTENT_FILTERED/);
  });

  it.each([
    [400, 'bad_request', /answered 400/],
    [403, 'content_moderation', /API key/],
    [429, 'rate_limit_exceeded', /rate limited/],
  ])('turns a %i %s answer into a provider failure', async (status, name, message) => {
    const server = await startLoopback(() =>
      jsonAnswer(status, { id: 'a1b2', name, errors: ['documented error'] }),
    );
    close = server.close;
    const sut = createStabilityProvider({ apiKey: 'sk-test', baseUrl: server.url });
    const error = await sut.run(await input(), ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(message);
  });
});
