/**
 * MI-GAN in onnxruntime-node. The packaged pipeline takes `image` 1x3xHxW uint8 and `mask` 1x1xHxW uint8
 * (255 = known, 0 = hole) and answers `result` 1x3xHxW uint8. Given a 512x512 input it neither crops nor
 * resizes (its crop is at least 512 px), so the generator runs at its native size; the caller (window.ts)
 * does the cropping and resampling itself. The pipeline's blend reaches about 3 px into the hole from its
 * edge (a 3x3 max pool and a 5x5 blur of the known mask), which is why callers widen the hole they send.
 */
import * as ort from 'onnxruntime-node';
import { onnxSession, releaseOnnxSession } from '../runtime/onnx-session';
import { miganGraph } from './model-files';

export const MIGAN_SIDE = 512;

/** Anything that fills a MIGAN_SIDE-square RGB crop: the model, or a stand-in in tests of the geometry. */
export interface SquareFiller {
  /** `rgb`: interleaved, MIGAN_SIDE^2 pixels; `hole`: 1 = fill. Answers interleaved RGB of the same size. */
  fill(rgb: Uint8Array, hole: Uint8Array): Promise<Uint8Array>;
}

export class MiganModel implements SquareFiller {
  private session?: Promise<ort.InferenceSession>;

  /** `threads`: intra-op threads; 2 fills the 2-core machines this runs on. */
  constructor(readonly threads = 2) {}

  /** Loads once; a failed load is forgotten so the next call retries. */
  load(): Promise<ort.InferenceSession> {
    this.session ??= onnxSession({
      graph: miganGraph(),
      threads: this.threads,
      interOpThreads: 1,
    }).catch((error: unknown) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  async fill(rgb: Uint8Array, hole: Uint8Array): Promise<Uint8Array> {
    const n = MIGAN_SIDE * MIGAN_SIDE;
    if (rgb.length !== 3 * n || hole.length !== n) throw new Error('MI-GAN takes a 512x512 RGB crop');
    const session = await this.load();
    const planar = new Uint8Array(3 * n);
    const known = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      planar[i] = rgb[i * 3];
      planar[n + i] = rgb[i * 3 + 1];
      planar[2 * n + i] = rgb[i * 3 + 2];
      known[i] = hole[i] ? 0 : 255;
    }
    const result = await session.run({
      image: new ort.Tensor('uint8', planar, [1, 3, MIGAN_SIDE, MIGAN_SIDE]),
      mask: new ort.Tensor('uint8', known, [1, 1, MIGAN_SIDE, MIGAN_SIDE]),
    });
    const out = result.result.data as Uint8Array;
    const rgbOut = new Uint8Array(3 * n);
    for (let i = 0; i < n; i++) {
      rgbOut[i * 3] = out[i];
      rgbOut[i * 3 + 1] = out[n + i];
      rgbOut[i * 3 + 2] = out[2 * n + i];
    }
    result.result.dispose();
    return rgbOut;
  }

  async dispose(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await releaseOnnxSession(await session);
  }
}
