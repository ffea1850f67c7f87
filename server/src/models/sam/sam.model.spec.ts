import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODER_OUTPUTS, multimaskDecoder } from './decoder-graph';
import { readSamFile, SAM_FILES } from './model-files';
import { LOW_RES } from './postprocess';

const PLANE = LOW_RES * LOW_RES;

describe('the model files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sam-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are the pinned ones', async () => {
    expect((await readSamFile('decoder')).length).toBe(SAM_FILES.decoder.bytes);
  });

  it('refuses a file that is not the pinned one', async () => {
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, SAM_FILES.encoder.file), 'not the model');
    await expect(readSamFile('encoder', dir)).rejects.toThrow(/is not the pinned file .* run npm ci/);
  });
});

describe('multimaskDecoder', () => {
  let packaged: ort.InferenceSession;
  let sut: ort.InferenceSession;
  beforeAll(async () => {
    const bytes = await readSamFile('decoder');
    packaged = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 2 });
    sut = await ort.InferenceSession.create(multimaskDecoder(bytes), { intraOpNumThreads: 2 });
  });
  afterAll(async () => {
    await packaged?.release();
    await sut?.release();
  });

  // Any embedding shows that the graph is the same computation; a smooth one keeps the masks non-trivial.
  const embedding = new Float32Array(256 * 64 * 64).map((_, i) => Math.sin(i * 0.37) * 0.5);
  const feeds = (coords: number[], labels: number[]) => ({
    image_embeddings: new ort.Tensor('float32', embedding, [1, 256, 64, 64]),
    point_coords: new ort.Tensor('float32', Float32Array.from(coords), [1, labels.length, 2]),
    point_labels: new ort.Tensor('float32', Float32Array.from(labels), [1, labels.length]),
    mask_input: new ort.Tensor('float32', new Float32Array(PLANE), [1, 1, LOW_RES, LOW_RES]),
    has_mask_input: new ort.Tensor('float32', new Float32Array([0]), [1]),
  });

  it.each([
    ['one tap (the best of tokens 1-3)', [300, 200, 0, 0], [1, -1]],
    ['two taps (token 0)', [300, 200, 500, 600, 0, 0], [1, 0, -1]],
  ])(
    'answers all four masks, among them exactly the one the packaged graph picks: %s',
    async (_, coords, labels) => {
      const base = feeds(coords, labels);
      const original = await packaged.run(
        { ...base, orig_im_size: new ort.Tensor('float32', Float32Array.from([400, 600]), [2]) },
        ['iou_predictions', 'low_res_masks'],
      );
      const result = await sut.run(base);
      expect(result[DECODER_OUTPUTS.masks].dims).toEqual([1, 4, LOW_RES, LOW_RES]);
      const iou = result[DECODER_OUTPUTS.iou].data as Float32Array;
      const masks = result[DECODER_OUTPUTS.masks].data as Float32Array;
      const chosen = original.low_res_masks.data as Float32Array;
      const picked = Array.from(iou).indexOf((original.iou_predictions.data as Float32Array)[0]);
      expect(picked).toBe(
        labels.length > 2 ? 0 : 1 + Array.from(iou.slice(1)).indexOf(Math.max(...iou.slice(1))),
      );
      expect(masks.subarray(picked * PLANE, (picked + 1) * PLANE)).toEqual(chosen);
    },
  );
});
