import sharp from 'sharp';
import { encodePng } from '../../../lib/image';
import type { Provider, ProviderResult, RunContext } from '../../types';
import type { UpscaleInput } from '../upscale-options';

/**
 * Real-ESRGAN on Replicate (nightmareai/real-esrgan), through the documented HTTP API:
 * POST /v1/files (multipart field `content`) for the upload, POST /v1/predictions with
 * `{ version, input: { image, scale, face_enhance } }`, then GET the prediction's `urls.get` until its status
 * is succeeded, failed or canceled; `output` is the URL of the result. A run stopped before that (time limit,
 * cancelled job) POSTs the prediction's `urls.cancel`.
 */
export interface ReplicateConfig {
  apiToken: string;
  /** Model version id of nightmareai/real-esrgan. */
  version?: string;
  baseUrl?: string;
  pollIntervalMs?: number;
}

export const REAL_ESRGAN_VERSION = 'f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa';

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
  urls?: { get?: string; cancel?: string };
}

export function createReplicateProvider(config: ReplicateConfig | undefined): Provider<UpscaleInput> {
  const base = (config?.baseUrl ?? 'https://api.replicate.com').replace(/\/$/, '');
  const auth = { Authorization: `Bearer ${config?.apiToken ?? ''}` };
  return {
    id: 'replicate-real-esrgan',
    kind: 'cloud',
    isConfigured: () => Boolean(config?.apiToken),
    async run(input: UpscaleInput, ctx: RunContext): Promise<ProviderResult> {
      const { signal } = ctx;
      const upload = new FormData();
      // Lossless at the edge: the decoded photo is what the person sees.
      upload.append('content', new Blob([new Uint8Array(await encodePng(input.image))]), 'image.png');
      const file = await json<{ urls: { get: string } }>(
        await fetch(`${base}/v1/files`, { method: 'POST', headers: auth, body: upload, signal }),
      );
      // No `Prefer: wait`: the prediction's id must be known at once, so that it can be cancelled.
      let prediction = await json<Prediction>(
        await fetch(`${base}/v1/predictions`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            version: config?.version ?? REAL_ESRGAN_VERSION,
            input: { image: file.urls.get, scale: input.scale, face_enhance: false },
          }),
          signal,
        }),
      );
      ctx.progress(0.1, 'Upscaling in the cloud');
      try {
        while (prediction.status === 'starting' || prediction.status === 'processing') {
          await sleep(config?.pollIntervalMs ?? 1000, signal);
          const url = prediction.urls?.get ?? `${base}/v1/predictions/${prediction.id}`;
          prediction = await json<Prediction>(await fetch(url, { headers: auth, signal }));
        }
      } finally {
        // A time limit or a cancelled job leaves the prediction running, and Replicate bills it until it ends.
        if (prediction.status === 'starting' || prediction.status === 'processing') {
          await cancel(
            prediction.urls?.cancel ?? `${base}/v1/predictions/${prediction.id}/cancel`,
            auth,
            ctx,
          );
        }
      }
      if (prediction.status !== 'succeeded' || !prediction.output) {
        throw new Error(`replicate prediction ${prediction.status}: ${prediction.error ?? 'no output'}`);
      }
      const outputUrl = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
      const download = await fetch(outputUrl, { signal });
      if (!download.ok) throw new Error(`replicate output download failed: ${download.status}`);
      const image = Buffer.from(await download.arrayBuffer());
      const out = await sharp(image).metadata();
      const expected = [input.image.width * input.scale, input.image.height * input.scale];
      if (out.width !== expected[0] || out.height !== expected[1]) {
        throw new Error(
          `replicate returned ${out.width}x${out.height}, expected ${expected[0]}x${expected[1]}`,
        );
      }
      ctx.progress(1);
      return { image: await sharp(image).png().toBuffer(), mime: 'image/png' };
    },
  };
}

/** POST the prediction's cancel URL, on a deadline of its own since the job's signal has already fired. */
async function cancel(url: string, auth: Record<string, string>, ctx: RunContext): Promise<void> {
  try {
    const response = await fetch(url, { method: 'POST', headers: auth, signal: AbortSignal.timeout(10_000) });
    if (!response.ok)
      ctx.log.warn({ url, status: response.status }, 'replicate did not cancel the prediction');
  } catch (error) {
    ctx.log.warn({ url, err: error }, 'could not cancel the replicate prediction');
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok)
    throw new Error(`replicate ${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
