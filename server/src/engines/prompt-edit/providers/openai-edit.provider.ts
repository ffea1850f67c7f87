import sharp from 'sharp';
import { decodePhoto, encodePng } from '../../../lib/image/raw-image';
import { AppError } from '../../../lib/errors';
import { blob, providerHttpError } from '../../inpaint/providers/http';
import type { Provider, ProviderResult, RunContext } from '../../types';
import type { PromptEditInput } from '../prompt-edit.input';

export interface OpenAiEditConfig {
  apiKey?: string;
  /** Default https://api.openai.com/v1; tests point it at a loopback server. */
  baseUrl?: string;
  /** Default gpt-image-1. */
  model?: string;
  fetch?: typeof fetch;
}

/** The API's limit on an input image. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/**
 * OpenAI image edits: POST {base}/images/edits with `Authorization: Bearer`, multipart `model`, `image` (PNG,
 * JPEG or WebP), `prompt`, `size` ('auto'); answers JSON `{ data: [{ b64_json }] }`, or `{ error: { message } }`
 * with 400/401/429/500. It can do what the local plan cannot (add things, restyle), so the chain asks it only
 * for instructions with such wishes.
 */
export function createOpenAiEditProvider(config: OpenAiEditConfig): Provider<PromptEditInput> {
  const baseUrl = (config.baseUrl ?? 'https://api.openai.com/v1').replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  return {
    id: 'openai',
    kind: 'cloud',
    isConfigured: () => Boolean(config.apiKey),
    async run(input: PromptEditInput, ctx: RunContext): Promise<ProviderResult> {
      const { width, height } = input.image;
      const upload = await encodePng(input.image);
      if (upload.length > MAX_UPLOAD_BYTES) throw new Error('openai: image larger than 25 MB');
      const form = new FormData();
      form.append('model', config.model ?? 'gpt-image-1');
      form.append('image', blob(upload, 'image/png'), 'image.png');
      form.append('prompt', input.prompt);
      form.append('size', 'auto');
      const response = await doFetch(`${baseUrl}/images/edits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.apiKey ?? ''}` },
        body: form,
        signal: ctx.signal,
      });
      if (!response.ok) throw await providerHttpError('openai', response);
      const answer = (await response.json()) as { data?: { b64_json?: string }[] };
      const encoded = answer.data?.[0]?.b64_json;
      if (!encoded) throw new AppError('PROVIDER_FAILED', 'openai answered without an image');
      // The model answers at one of its own sizes; give the person back their photo's size.
      const resized = await sharp(Buffer.from(encoded, 'base64'))
        .resize(width, height, { fit: 'fill' })
        .png({ compressionLevel: 0 })
        .toBuffer();
      return {
        image: (await decodePhoto(resized)).image,
        steps: [{ kind: 'cloud-edit', description: 'Edited with OpenAI from your instruction' }],
      };
    },
  };
}
