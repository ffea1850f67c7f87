import * as ort from 'onnxruntime-node';
import { onnxSession, releaseOnnxSession } from '../runtime/onnx-session';
import { ensureEsrganOnnx, type Precision } from './onnx-cache';
import type { EsrganScale, EsrganVariant } from './model-paths';

/**
 * ESRGAN (idealo RDN/RRDN weights from @upscalerjs/esrgan-*) on onnxruntime-node.
 * Tensor contract: input `image` float32 [1, 3, h, w], RGB 0..255; output `upscaled` float32
 * [1, 3, h*scale, w*scale], RGB 0..255, unclamped.
 */
export interface EsrganModelOptions {
  modelDir: string;
  /** Intra-op threads; the machine's cores by default. */
  threads?: number;
  /** int8 (thick only): the quantised model, about 2.5 times faster for 0.04 dB on the upscale bench. */
  precision?: Precision;
}

export class EsrganModel {
  private session?: Promise<ort.InferenceSession>;
  loadAttempts = 0;

  constructor(
    readonly variant: EsrganVariant,
    readonly scale: EsrganScale,
    private readonly options: EsrganModelOptions,
  ) {}

  load(): Promise<ort.InferenceSession> {
    this.session ??= (async () => {
      this.loadAttempts++;
      const file = await ensureEsrganOnnx(
        this.variant,
        this.scale,
        this.options.modelDir,
        this.options.precision,
      );
      return onnxSession({
        graph: { file },
        threads: this.options.threads ?? 0,
        graphOptimization: 'all',
        // Idle intra-op threads sleep instead of spinning: on a busy machine, spinning threads burn the
        // cores other work (and the other intra-op thread) needs.
        spinning: false,
      });
    })().catch((error: unknown) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  /** Runs one tile; returns NCHW float32 [3, h*scale, w*scale]. */
  async predict(nchw: Float32Array, width: number, height: number): Promise<Float32Array> {
    const session = await this.load();
    const input = new ort.Tensor('float32', nchw, [1, 3, height, width]);
    const { upscaled } = await session.run({ image: input });
    const data = upscaled.data as Float32Array;
    input.dispose();
    return data;
  }

  async dispose(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await releaseOnnxSession(await session);
  }
}
