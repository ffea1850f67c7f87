/**
 * MI-GAN as shipped: the package's ONNX pipeline run on the whole photo and mask, its own crop, resize and
 * blend, nothing of ours around it. The baseline the combined engine is measured against.
 */
import * as ort from 'onnxruntime-node';
import type { RawImage } from '../../server/src/lib/image/raw-image';
import { miganGraph } from '../../server/src/models/migan/model-files';
import { onnxSession } from '../../server/src/models/runtime/onnx-session';

let session: Promise<ort.InferenceSession> | undefined;

export async function miganAsShipped(image: RawImage, mask: Uint8Array): Promise<RawImage> {
  // MiganModel(2)'s options: the bench's two ways share one session.
  session ??= onnxSession({ graph: miganGraph(), threads: 2, interOpThreads: 1 });
  const { width: w, height: h } = image;
  const n = w * h;
  const planar = new Uint8Array(3 * n);
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) planar[k * n + i] = image.data[i * 3 + k];
    known[i] = mask[i] ? 0 : 255;
  }
  const result = await (
    await session
  ).run({
    image: new ort.Tensor('uint8', planar, [1, 3, h, w]),
    mask: new ort.Tensor('uint8', known, [1, 1, h, w]),
  });
  const out = result.result.data as Uint8Array;
  const data = new Uint8Array(3 * n);
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) data[i * 3 + k] = out[k * n + i];
  return { data, width: w, height: h, channels: 3 };
}
