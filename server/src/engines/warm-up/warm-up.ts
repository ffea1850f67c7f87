/**
 * Start-up warm-up: once the server listens (or the worker takes jobs), every local mode runs once on a small
 * portrait in the background, so that the first person to use a mode does not wait for its models to load
 * (ONNX sessions, TF.js graphs, the inference thread's modules). Only local providers run: a warm-up never
 * makes a paid cloud call. A person's edit that arrives meanwhile waits at most for the one warm-up task
 * ahead of it in the inference thread, which it would otherwise have paid as its own loading.
 */
import { readFile } from 'node:fs/promises';
import type { Mode } from '@common/modes';
import { decodePhoto, imageSize } from '../../lib/image/raw-image';
import { encodeResult } from '../../lib/image/result-encoding';
import type { Logger } from '../../lib/logger';
import type { Mask } from '../../lib/image/mask';
import { embeddingKey, type TapSelector } from '../../models/sam';
import type { EngineRegistry, ModeRequest } from '../mode-runner';

/** assets/photos/face-grace-hopper-navy-portrait.jpg: a US Navy portrait, public domain. */
const SAMPLE = new URL('./sample-portrait.jpg', import.meta.url);

interface WarmUpStep {
  mode: Mode;
  prompt?: string;
  /** A painted box, for the modes that need one. */
  painted?: boolean;
  /**
   * The finders a web server runs itself: watermark removal's "Find watermark", whose text detector is a
   * model of its own, and the headshot's people (on the portrait, the face models).
   */
  find?: boolean;
}

/**
 * In the order people reach for the modes: Chat to Edit is the editor's default. Its instruction names a thing
 * the detector looks for and a tone change, so the language model and the object detector load too.
 */
const STEPS: readonly WarmUpStep[] = [
  { mode: 'prompt-edit', prompt: 'remove the cup and make it brighter' },
  { mode: 'background-removal' },
  { mode: 'object-removal', painted: true },
  { mode: 'watermark-removal', painted: true, find: true },
  { mode: 'image-upscale' },
  { mode: 'face-enhancement' },
  { mode: 'professional-photo', find: true },
];

export interface WarmUpReport {
  /** Milliseconds per mode, in the order run; a mode this server does not have is absent. */
  modes: { mode: Mode; ms: number; error?: string }[];
  totalMs: number;
}

export interface WarmUpOptions {
  log: Logger;
  signal: AbortSignal;
  /** A web server whose workers run the edits: only the finders it runs itself ("Find watermark", people). */
  findersOnly?: boolean;
}

/** Runs every mode of `engines` once, locally; failures are reported, never thrown (nothing depends on them). */
export async function warmUpEngines(
  engines: EngineRegistry,
  { log, signal, findersOnly = false }: WarmUpOptions,
): Promise<WarmUpReport> {
  const started = performance.now();
  const { image, format } = await decodePhoto(await readFile(SAMPLE));
  const modes: WarmUpReport['modes'] = [];
  for (const step of STEPS) {
    const runner = engines[step.mode];
    if (!runner || signal.aborted || (findersOnly && !step.find)) continue;
    const since = performance.now();
    let error: string | undefined;
    try {
      if (step.find) {
        await runner.findMask?.(image, signal);
        await runner.findPeople?.(image, signal);
      }
      if (!findersOnly) {
        const request: ModeRequest = {
          image,
          format,
          mask: step.painted ? paintedBox(image.width, image.height) : null,
          prompt: step.prompt ?? null,
          options: runner.parseOptions({}),
          plan: 'free',
        };
        const result = await runner.run(request, {
          signal,
          timeoutMs: 0,
          log,
          progress: () => {},
          localOnly: true,
        });
        // The result written as a job writes it, so the encoders' first use is not a person's either.
        await encodeResult(result.image, step.mode, format);
      }
    } catch (failure) {
      // Chat to Edit finds no cup on a portrait: its detector has loaded all the same.
      error = failure instanceof Error ? failure.message : String(failure);
    }
    modes.push({ mode: step.mode, ms: Math.round(performance.now() - since), error });
  }
  return { modes, totalMs: Math.round(performance.now() - started) };
}

/** A box over a corner of the backdrop, as a person paints over a small mark. */
function paintedBox(width: number, height: number): Mask {
  const bits = new Uint8Array(width * height);
  const [w, h] = [Math.round(width * 0.15), Math.round(height * 0.08)];
  for (let y = Math.round(height * 0.05); y < Math.round(height * 0.05) + h; y++) {
    bits.fill(1, y * width + Math.round(width * 0.05), y * width + Math.round(width * 0.05) + w);
  }
  return { bits, width, height };
}

/** Tap to select's segmenter, in its own thread: the sample's encoding loads it (and takes one cache place). */
async function warmUpSelector(selector: TapSelector): Promise<number> {
  const started = performance.now();
  const bytes = await readFile(SAMPLE);
  const { width, height } = await imageSize(bytes);
  await selector.warm({
    key: embeddingKey('warm-up', width, height),
    width,
    height,
    read: async () => bytes,
  });
  return Math.round(performance.now() - started);
}

/**
 * The warm-up as `npm start` and `npm run worker` run it: in the background, logged with what the loaded
 * models cost in memory; `stop` abandons it at shutdown.
 */
export function warmUpInBackground(
  engines: EngineRegistry,
  { log, selector, findersOnly }: { log: Logger; selector?: TapSelector; findersOnly?: boolean },
): { stop(): void } {
  const controller = new AbortController();
  const rssBefore = process.memoryUsage().rss;
  void Promise.all([
    warmUpEngines(engines, { log, signal: controller.signal, findersOnly }),
    selector ? warmUpSelector(selector) : null,
  ]).then(
    ([report, selectorMs]) => {
      if (controller.signal.aborted) return;
      const addedMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
      log.info({ ...report, selectorMs, addedMb }, 'models warm');
    },
    (error) => log.warn({ err: error }, 'model warm-up failed'),
  );
  return { stop: () => controller.abort(new Error('shutting down')) };
}
