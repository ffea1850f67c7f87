import { AppError } from '../../../lib/errors';
import type { ImageFormat, ImageMime } from '../../../lib/image-format';
import type { RawImage } from '../../../lib/image/raw-image';
import { encodeResult } from '../../../lib/image/result-encoding';

/**
 * Turns a cloud provider's failure answer into an error the chain records before falling back.
 * 429 is kept distinct so logs show rate limiting apart from outages.
 */
export async function providerHttpError(provider: string, response: Response): Promise<AppError> {
  let detail = '';
  try {
    detail = (await response.text()).slice(0, 300);
  } catch {
    // the body is only for the log
  }
  const retryAfter = response.headers.get('retry-after');
  const what =
    response.status === 429
      ? `rate limited${retryAfter ? ` (retry after ${retryAfter} s)` : ''}`
      : response.status === 401 || response.status === 403
        ? 'refused the API key'
        : response.status === 402
          ? 'has no credits left'
          : `answered ${response.status}`;
  return new AppError('PROVIDER_FAILED', `${provider} ${what}`, { status: response.status, detail });
}

/** Reads an image answer, refusing anything that is not an image so a JSON error never becomes a "result". */
export async function readImageAnswer(
  provider: string,
  response: Response,
): Promise<{ bytes: Buffer; type: string }> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('image/')) {
    throw new AppError(
      'PROVIDER_FAILED',
      `${provider} answered ${type || 'without a content type'} instead of an image`,
    );
  }
  return { bytes: Buffer.from(await response.arrayBuffer()), type };
}

/** A multipart file part from bytes. */
export function blob(bytes: Buffer, type: string): Blob {
  return new Blob([Uint8Array.from(bytes)], { type });
}

/**
 * The photo as an inpainting service is sent it: as the local fills' results are written (its own format family,
 * JPEG and WebP at quality 95), so the service sees what the person sent.
 */
export async function encodeUpload(
  image: RawImage,
  format: ImageFormat,
): Promise<{ image: Buffer; mime: ImageMime }> {
  const { bytes, mime } = await encodeResult(image, 'object-removal', format);
  return { image: bytes, mime };
}
