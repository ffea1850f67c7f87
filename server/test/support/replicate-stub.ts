import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

interface StubPrediction {
  polls: number;
  version: string;
  input: Record<string, unknown>;
  canceled?: boolean;
}

/**
 * A loopback stand-in for Replicate's HTTP API (POST /v1/files, POST /v1/predictions, GET
 * /v1/predictions/{id}, POST /v1/predictions/{id}/cancel), answering with the documented JSON shapes. The
 * "model" is a plain resize of the uploaded file its input names, by the input's `scale`.
 */
export function replicateStub() {
  const seen: { path: string; auth?: string; body?: unknown }[] = [];
  const files = new Map<string, Buffer>();
  const predictions = new Map<string, StubPrediction>();
  /** While true, predictions stay 'processing' for ever, as a stuck model would. */
  const stall = { on: false };
  /** Callers waiting for the next poll of a stalled prediction: a run is then surely under way at Replicate. */
  const stalledPollWaiters: (() => void)[] = [];
  const stalledPoll = () => new Promise<void>((resolve) => stalledPollWaiters.push(resolve));
  /** When set, results come at this scale whatever the input asked, as a model that ignores it would. */
  const answer: { scale: number | null } = { scale: null };
  const server: Server = createServer((req, res) => {
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
        const json = JSON.parse(body.toString()) as { version: string; input: Record<string, unknown> };
        seen.at(-1)!.body = json;
        const id = `p${predictions.size}`;
        predictions.set(id, { polls: 0, version: json.version, input: json.input });
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
        if (stall.on) stalledPollWaiters.splice(0).forEach((resolve) => resolve());
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
        const { input } = predictions.get(out[1])!;
        const fileUrl = Object.values(input).find((v) => typeof v === 'string' && v.includes('/v1/files/'));
        const source = files.get(String(fileUrl).split('/').at(-1)!)!;
        const meta = await sharp(source).metadata();
        const scale = answer.scale ?? Number(input.scale);
        const png = await sharp(source)
          .resize((meta.width ?? 0) * scale, (meta.height ?? 0) * scale)
          .png()
          .toBuffer();
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(png);
      }
      send(404, { detail: 'Not found' });
    })();
  });
  /** Listens on a free loopback port and gives the base URL; `close` stops it. */
  const listen = async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const close = () => new Promise<void>((r) => server.close(() => r()));
  return { listen, close, seen, predictions, stall, stalledPoll, answer };
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
