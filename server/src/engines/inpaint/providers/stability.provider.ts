import type { Provider, ProviderResult, RunContext } from '../../types';
import { encodeMaskPng } from '../../../lib/image/mask';
import { decodeAnswer } from '../../cloud-answer';
import type { InpaintInput } from '../inpaint.input';
import { blob, encodeUpload, providerHttpError, readImageAnswer } from './http';

export interface StabilityConfig {
  apiKey?: string;
  /** Default https://api.stability.ai; tests point it at a loopback server. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Stability's documented input limits for edit endpoints. */
const MIN_SIDE = 64;
const MAX_PIXELS = 9_437_184;

/**
 * Stability AI erase: POST {base}/v2beta/stable-image/edit/erase, Authorization: Bearer KEY,
 * Accept: image/*, multipart image, mask (white = erase), grow_mask (0-20), seed, output_format;
 * answers the image with a `finish-reason` header (SUCCESS or CONTENT_FILTERED), or JSON
 * {id, name, errors} with 400/403/413/422/429/500.
 */
export function createStabilityProvider(config: StabilityConfig): Provider<InpaintInput> {
  const baseUrl = (config.baseUrl ?? 'https://api.stability.ai').replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  return {
    id: 'stability',
    kind: 'cloud',
    isConfigured: () => Boolean(config.apiKey),
    async run(input: InpaintInput, ctx: RunContext): Promise<ProviderResult> {
      const { image, mask, format } = input;
      const pixels = image.width * image.height;
      if (Math.min(image.width, image.height) < MIN_SIDE || pixels > MAX_PIXELS) {
        throw new Error('stability: image size outside the accepted range');
      }
      const sent = await encodeUpload(image, format);
      const form = new FormData();
      form.append('image', blob(sent.image, sent.mime), 'image');
      form.append('mask', blob(await encodeMaskPng(mask), 'image/png'), 'mask.png');
      form.append('grow_mask', String(Math.min(20, input.grow ?? 5)));
      if (input.seed !== undefined) form.append('seed', String(input.seed));
      form.append('output_format', format);
      const response = await doFetch(`${baseUrl}/v2beta/stable-image/edit/erase`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.apiKey ?? ''}`, accept: 'image/*' },
        body: form,
        signal: ctx.signal,
      });
      if (!response.ok) throw await providerHttpError('stability', response);
      const finish = response.headers.get('finish-reason');
      if (finish && finish !== 'SUCCESS') throw new Error(`stability: finish reason ${finish}`);
      const { bytes } = await readImageAnswer('stability', response);
      return { image: await decodeAnswer(bytes, image, 'stability') };
    },
  };
}
