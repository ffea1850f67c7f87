import sharp from 'sharp';
import { decodePhoto } from '../../../lib/image/raw-image';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../../../test/fixtures/inpaint/fixtures';
import { jsonAnswer, startLoopback } from '../../../../test/fixtures/inpaint/loopback-server';
import { quietRunContext } from '../../../../test/support/run-context';
import { createOpenAiEditProvider } from './openai-edit.provider';

const ctx = quietRunContext();
const plan = { steps: [], skipped: [{ text: 'add a hat', reason: "I can't add things." }] };

describe('OpenAI image edits provider', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('is configured only with a key', () => {
    expect(createOpenAiEditProvider({}).isConfigured()).toBe(false);
    expect(createOpenAiEditProvider({ apiKey: 'k' }).isConfigured()).toBe(true);
  });

  it('sends the documented multipart request and gives the answer back at the photo size', async () => {
    const image = fixtureBytes('coffee-320.jpg');
    const { width, height } = await sharp(image).metadata();
    const edited = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const server = await startLoopback(() =>
      jsonAnswer(200, { created: 1, data: [{ b64_json: edited.toString('base64') }] }),
    );
    close = server.close;
    const sut = createOpenAiEditProvider({ apiKey: 'sk-test', baseUrl: server.url, model: 'gpt-image-1' });

    const result = await sut.run(
      { ...(await decodePhoto(image)), prompt: 'add a hat', plan, tier: 'free', mask: null },
      ctx,
    );

    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/images/edits');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.form?.get('model')).toBe('gpt-image-1');
    expect(request.form?.get('prompt')).toBe('add a hat');
    const sent = request.form?.get('image') as File;
    expect(sent.type).toBe('image/png');
    expect(await sharp(Buffer.from(await sent.arrayBuffer())).metadata()).toMatchObject({ width, height });
    expect([result.image.width, result.image.height]).toEqual([width, height]);
    expect(result.steps?.[0].description).toMatch(/OpenAI/);
  });

  it('turns an error answer into a provider failure the chain can fall back from', async () => {
    const server = await startLoopback(() =>
      jsonAnswer(
        429,
        { error: { message: 'Rate limit reached', type: 'requests' } },
        { 'retry-after': '20' },
      ),
    );
    close = server.close;
    const sut = createOpenAiEditProvider({ apiKey: 'sk-test', baseUrl: server.url });
    await expect(
      sut.run(
        {
          ...(await decodePhoto(fixtureBytes('coffee-320.jpg'))),
          prompt: 'add a hat',
          plan,
          tier: 'free',
          mask: null,
        },
        ctx,
      ),
    ).rejects.toMatchObject({ code: 'PROVIDER_FAILED', message: expect.stringMatching(/rate limited/) });
  });
});
