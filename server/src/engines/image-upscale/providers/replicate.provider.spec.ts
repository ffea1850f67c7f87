import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { RawImage } from '../../../lib/image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietRunContext } from '../../../../test/support/run-context';
import { createReplicateProvider } from './replicate.provider';

/**
 * A loopback stand-in for Replicate's HTTP API (POST /v1/files, POST /v1/predictions, GET
 * /v1/predictions/{id}), answering with the documented JSON shapes. The "model" is a plain resize.
 */
function replicateStub() {
  const seen: { path: string; auth?: string; body?: unknown }[] = [];
  const files = new Map<string, Buffer>();
  const predictions = new Map<
    string,
    { polls: number; input: { image: string; scale: number }; output?: string; canceled?: boolean }
  >();
  /** While true, predictions stay 'processing' for ever, as a stuck model would. */
  const stall = { on: false };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer((req, res) => {
    void (async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const body = await readBody(req);
      seen.push({ path: `${req.method} ${req.url}`, auth: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      // Result files are served from a public delivery host, without the token.
      if (req.url?.startsWith('/v1/') && req.headers.authorization !== 'Bearer r8_test')
        return send(401, { detail: 'Unauthenticated' });
      if (req.method === 'POST' && req.url === '/v1/files') {
        const form = await new Response(body, {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
        const content = form.get('content') as File;
        const id = `file${files.size}`;
        files.set(id, Buffer.from(await content.arrayBuffer()));
        return send(201, { id, size: content.size, urls: { get: `${base}/v1/files/${id}` } });
      }
      if (req.method === 'POST' && req.url === '/v1/predictions') {
        const json = JSON.parse(body.toString()) as {
          version: string;
          input: { image: string; scale: number };
        };
        seen.at(-1)!.body = json;
        const id = `p${predictions.size}`;
        predictions.set(id, { polls: 0, input: json.input });
        return send(201, {
          id,
          status: 'starting',
          output: null,
          error: null,
          urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel` },
        });
      }
      const cancel = req.url?.match(/^\/v1\/predictions\/(\w+)\/cancel$/);
      if (req.method === 'POST' && cancel) {
        predictions.get(cancel[1])!.canceled = true;
        return send(200, { id: cancel[1], status: 'canceled', output: null, error: null });
      }
      const poll = req.url?.match(/^\/v1\/predictions\/(\w+)$/);
      if (req.method === 'GET' && poll) {
        const p = predictions.get(poll[1])!;
        p.polls++;
        const done = p.polls >= 2 && !stall.on;
        return send(200, {
          id: poll[1],
          status: done ? 'succeeded' : 'processing',
          output: done ? `${base}/out/${poll[1]}.png` : null,
          error: null,
          urls: { get: `${base}/v1/predictions/${poll[1]}` },
        });
      }
      const out = req.url?.match(/^\/out\/(\w+)\.png$/);
      if (req.method === 'GET' && out) {
        const p = predictions.get(out[1])!;
        const source = files.get(p.input.image.split('/').at(-1)!)!;
        const meta = await sharp(source).metadata();
        const png = await sharp(source)
          .resize((meta.width ?? 0) * p.input.scale, (meta.height ?? 0) * p.input.scale)
          .png()
          .toBuffer();
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(png);
      }
      send(404, { detail: 'Not found' });
    })();
  });
  return { server, seen, predictions, stall };
}

/** A decoded photo of one colour, as the handler hands it to the providers. */
function solid(width: number, height: number, rgb: [number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = rgb[i % 3];
  return { data, width, height, channels: 3 };
}

describe('Replicate Real-ESRGAN provider', () => {
  const { server, seen, predictions, stall } = replicateStub();
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const ctx = quietRunContext();

  it('is configured only with a token', () => {
    expect(createReplicateProvider(undefined).isConfigured()).toBe(false);
    expect(createReplicateProvider({ apiToken: 'r8_test' }).isConfigured()).toBe(true);
  });

  it('uploads, predicts, polls and returns the upscaled image at the exact size', async () => {
    const sut = createReplicateProvider({ apiToken: 'r8_test', baseUrl, version: 'v123', pollIntervalMs: 5 });
    const image = solid(30, 20, [0x33, 0xaa, 0x66]);
    const result = await sut.run({ image, scale: 4, quality: 'balanced', maxOutputPixels: 1e6 }, ctx);
    const meta = await sharp(result.image).metadata();
    expect([meta.width, meta.height, result.mime]).toEqual([120, 80, 'image/png']);
    const create = seen.find((s) => s.path === 'POST /v1/predictions');
    expect(create?.body).toMatchObject({ version: 'v123', input: { scale: 4, face_enhance: false } });
    expect(seen.filter((s) => s.path.includes(' /v1/')).every((s) => s.auth === 'Bearer r8_test')).toBe(true);
  });

  it('fails (so the chain falls back) when the token is refused', async () => {
    const sut = createReplicateProvider({ apiToken: 'wrong', baseUrl, pollIntervalMs: 5 });
    const image = solid(8, 8, [0, 0, 0]);
    await expect(sut.run({ image, scale: 2, quality: 'fast', maxOutputPixels: 1e6 }, ctx)).rejects.toThrow(
      /401/,
    );
  });

  it('cancels the prediction when the run is stopped, so it stops billing', async () => {
    stall.on = true;
    try {
      const sut = createReplicateProvider({ apiToken: 'r8_test', baseUrl, pollIntervalMs: 5 });
      const image = solid(8, 8, [0, 0, 0]);
      const stop = new AbortController();
      setTimeout(() => stop.abort(new Error('time limit')), 100);
      await expect(
        sut.run({ image, scale: 2, quality: 'fast', maxOutputPixels: 1e6 }, { ...ctx, signal: stop.signal }),
      ).rejects.toThrow(/time limit/);
      const last = [...predictions.values()].at(-1)!;
      expect(last.canceled).toBe(true);
      expect(seen.at(-1)?.path).toMatch(/^POST \/v1\/predictions\/p\d+\/cancel$/);
    } finally {
      stall.on = false;
    }
  });
});
