import { encodePng, type RawImage } from '../lib/image/raw-image';
import type { RunContext } from './types';

/**
 * One prediction on Replicate, through its documented HTTP API: POST /v1/files (multipart field `content`)
 * for the upload, POST /v1/predictions with `{ version, input }`, then GET the prediction's `urls.get` until
 * its status is succeeded, failed or canceled; `output` is the URL of the result. A run stopped before that
 * (time limit, cancelled job) POSTs the prediction's `urls.cancel`, since Replicate bills it until it ends.
 * Shared by the modes whose cloud provider is a model on Replicate.
 */
export interface ReplicateAccount {
  apiToken: string;
  baseUrl?: string;
  pollIntervalMs?: number;
}

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
  urls?: { get?: string; cancel?: string };
}

export interface PredictionRequest {
  /** The model version's id. */
  version: string;
  /** The photo, uploaded losslessly: the decoded photo is what the person sees. */
  image: RawImage;
  /** The model's own input, given the uploaded photo's URL. */
  input(imageUrl: string): Record<string, unknown>;
  /** Shown to the person while the model runs. */
  message: string;
}

/** Runs the prediction and returns the bytes of its output file. */
export async function runPrediction(
  account: ReplicateAccount,
  request: PredictionRequest,
  ctx: RunContext,
): Promise<Buffer> {
  const { signal } = ctx;
  const base = (account.baseUrl ?? 'https://api.replicate.com').replace(/\/$/, '');
  const auth = { Authorization: `Bearer ${account.apiToken}` };
  const upload = new FormData();
  upload.append('content', new Blob([new Uint8Array(await encodePng(request.image))]), 'image.png');
  const file = await json<{ urls: { get: string } }>(
    await fetch(`${base}/v1/files`, { method: 'POST', headers: auth, body: upload, signal }),
  );
  // No `Prefer: wait`: the prediction's id must be known at once, so that it can be cancelled.
  let prediction = await json<Prediction>(
    await fetch(`${base}/v1/predictions`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: request.version, input: request.input(file.urls.get) }),
      signal,
    }),
  );
  ctx.progress(0.1, request.message);
  try {
    while (prediction.status === 'starting' || prediction.status === 'processing') {
      await sleep(account.pollIntervalMs ?? 1000, signal);
      const url = prediction.urls?.get ?? `${base}/v1/predictions/${prediction.id}`;
      prediction = await json<Prediction>(await fetch(url, { headers: auth, signal }));
    }
  } finally {
    if (prediction.status === 'starting' || prediction.status === 'processing') {
      await cancel(prediction.urls?.cancel ?? `${base}/v1/predictions/${prediction.id}/cancel`, auth, ctx);
    }
  }
  if (prediction.status !== 'succeeded' || !prediction.output) {
    throw new Error(`replicate prediction ${prediction.status}: ${prediction.error ?? 'no output'}`);
  }
  const outputUrl = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  const download = await fetch(outputUrl, { signal });
  if (!download.ok) throw new Error(`replicate output download failed: ${download.status}`);
  return Buffer.from(await download.arrayBuffer());
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
