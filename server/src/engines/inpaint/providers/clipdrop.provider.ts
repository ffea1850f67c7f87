import { encodeMaskPng } from '../../../lib/image/mask';
import type { Provider, ProviderResult, RunContext } from '../../types';
import { decodeAnswer } from '../../cloud-answer';
import type { InpaintInput } from '../inpaint.input';
import { blob, encodeUpload, providerHttpError, readImageAnswer } from './http';

export interface ClipdropConfig {
  apiKey?: string;
  /** Default https://clipdrop-api.co; tests point it at a loopback server. */
  baseUrl?: string;
  /** 'fast' (default) or 'quality'. */
  mode?: 'fast' | 'quality';
  fetch?: typeof fetch;
}

/** Clipdrop's cleanup API limit. */
const MAX_PIXELS = 16_000_000;

/**
 * Clipdrop cleanup: POST {base}/cleanup/v1, header x-api-key, multipart image_file (JPEG or PNG) and
 * mask_file (PNG, same size, white = remove), optional mode; answers image/png, or JSON {error} with
 * 400/401/402/403/429/500.
 */
export function createClipdropProvider(config: ClipdropConfig): Provider<InpaintInput> {
  const baseUrl = (config.baseUrl ?? 'https://clipdrop-api.co').replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  return {
    id: 'clipdrop',
    kind: 'cloud',
    isConfigured: () => Boolean(config.apiKey),
    async run(input: InpaintInput, ctx: RunContext): Promise<ProviderResult> {
      const { image, mask, format } = input;
      if (image.width * image.height > MAX_PIXELS)
        throw new Error('clipdrop: image larger than 16 megapixels');
      // Clipdrop takes JPEG or PNG.
      const sent = await encodeUpload(image, format === 'jpeg' ? 'jpeg' : 'png');
      const form = new FormData();
      form.append('image_file', blob(sent.image, sent.mime), format === 'jpeg' ? 'image.jpg' : 'image.png');
      form.append('mask_file', blob(await encodeMaskPng(mask), 'image/png'), 'mask.png');
      if (config.mode) form.append('mode', config.mode);
      const response = await doFetch(`${baseUrl}/cleanup/v1`, {
        method: 'POST',
        headers: { 'x-api-key': config.apiKey ?? '' },
        body: form,
        signal: ctx.signal,
      });
      if (!response.ok) throw await providerHttpError('clipdrop', response);
      const { bytes } = await readImageAnswer('clipdrop', response);
      ctx.log.debug({ remainingCredits: response.headers.get('x-remaining-credits') }, 'clipdrop answered');
      // Clipdrop always answers PNG; the result is written in the person's format at the edge.
      return { image: await decodeAnswer(bytes, image, 'clipdrop') };
    },
  };
}
