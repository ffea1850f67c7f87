import sharp from 'sharp';
import { encodeJpeg, encodePng, type RawImage } from '../../../lib/image/raw-image';
import { withTimeout } from '../../../lib/with-timeout';
import type { MatteImage } from '../../../models/isnet/cutout';

/** Default deadline of one cloud call. */
export const CLOUD_TIMEOUT_MS = 30_000;

export interface CloudMatteRequest {
  url: string;
  headers: Record<string, string>;
  /** Multipart text fields besides the image. */
  fields: Record<string, string>;
  image: RawImage;
  /** The job's signal; the call also gives up on its own after `timeoutMs`. */
  signal: AbortSignal;
  timeoutMs?: number;
  provider: string;
}

/** A cloud API's error answer, kept short: status and the API's own words. */
export class CloudProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${provider} answered ${status}: ${detail}`);
    this.name = 'CloudProviderError';
  }
}

/**
 * Posts the photo as multipart `image_file` and returns the answer's matte: the alpha channel of an RGBA
 * cut-out, or the grey level of an alpha-only answer. Backdrop and shadow are then composed locally from it,
 * so every provider offers the same options with the same look.
 */
export async function fetchCloudMatte(request: CloudMatteRequest): Promise<MatteImage> {
  const form = new FormData();
  // Encoded at the edge: JPEG at quality 95 keeps the upload small; PNG where the photo has transparency.
  const { image } = request;
  const upload = image.channels === 4 ? await encodePng(image) : await encodeJpeg(image, 95, false);
  form.append(
    'image_file',
    new Blob([new Uint8Array(upload)]),
    image.channels === 4 ? 'image.png' : 'image.jpg',
  );
  for (const [key, value] of Object.entries(request.fields)) form.append(key, value);
  const body = await withTimeout(
    async (signal) => {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: form,
        signal,
      });
      if (!response.ok) {
        const text = (await response.text()).slice(0, 300);
        throw new CloudProviderError(request.provider, response.status, text || response.statusText);
      }
      return Buffer.from(await response.arrayBuffer());
    },
    { signal: request.signal, timeoutMs: request.timeoutMs ?? CLOUD_TIMEOUT_MS },
  );
  const decoded = sharp(body);
  const meta = await decoded.metadata();
  const band = meta.hasAlpha ? decoded.ensureAlpha().extractChannel(3) : decoded.greyscale();
  const { data, info } = await band.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}
