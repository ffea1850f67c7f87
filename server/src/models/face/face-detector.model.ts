/**
 * Faces and their landmarks with the TF.js graph models Human ships (MIT), on the wasm backend:
 * - blazeface.json: input `input` 1x256x256x3 float32 RGB scaled to -1..1; output 1x896x17 rows (see decode.ts).
 * - facemesh.json: input `input_1` 1x192x192x3 float32 RGB 0..1 of the face's square crop; outputs
 *   `output_mesh` 1x1404 (468 x [x, y, z] in crop pixels) and `output_faceflag` 1x1 (a face fills the crop, 0..1).
 * No rotation correction: faces tilted by more than about 30 degrees get looser landmarks.
 */
import * as tf from '../runtime/tf';
import type { RawImage } from '../../lib/image/raw-image';
import { loadGraphModel } from '../runtime/tfjs-graph-model';
import { humanModelsDir } from '../detect/model-paths';
import {
  BLAZEFACE_SIZE,
  blazefaceAnchors,
  blazefaceRows,
  containment,
  decodeBlazeface,
  iou,
  meshCrop,
  nonMaxSuppression,
  type Candidate,
} from './decode';
import { detectionTiles, letterboxSquare, sampleBox } from './sample';
import type { Face, FaceBox } from './types';

export const MESH_SIZE = 192;
export const LANDMARK_COUNT = 468;
/**
 * Detector rows kept as candidates; the mesh model's own score decides (0.9 for the weakest candidates, under
 * 0.3: the detector gives large faces in a tile low scores, but also finds faces in knees and folds).
 */
export const DETECT_SCORE = 0.2;
export const MESH_SCORE = 0.5;
/** Mesh runs per photo (about 10 ms each), and failed tries at one place before it is given up. */
const MAX_MESH_RUNS = 60;
const TRIES_PER_FACE = 4;
/**
 * The mesh's crop is the detector's box grown 1.4x (Human's); where no face was confirmed
 * it is tried once grown this much.
 * On a long face (a wide-open mouth, a full beard) or one filling much of the view, the detector's box is
 * tight around the eyes and nose, and the mesh only confirms the face once it sees the chin and brow too.
 */
const LOOSE_CROP = 1.8;
/** Only confident detections are tried again, at most this many. */
const LOOSE_MIN_SCORE = 0.5;
const MAX_LOOSE_RUNS = 8;

/**
 * A face whose box lies this much inside a larger face's is a piece of it: on a large face the tiles each see
 * an eye and a cheek, and the mesh confirms such a part as a face of its own.
 */
const PIECE_INSIDE = 0.6;

function withoutPieces(faces: Face[]): Face[] {
  const area = (f: Face) => f.box.width * f.box.height;
  return faces.filter(
    (face) =>
      !faces.some((other) => area(other) > area(face) && containment(face.box, other.box) >= PIECE_INSIDE),
  );
}

export class FaceDetectorModel {
  private models?: Promise<{ detector: tf.GraphModel; mesh: tf.GraphModel }>;
  private readonly anchors = blazefaceAnchors();
  loadAttempts = 0;

  constructor(private readonly modelsDir = humanModelsDir()) {}

  /** Loads once; a failed load is forgotten so the next call retries. */
  load(): Promise<{ detector: tf.GraphModel; mesh: tf.GraphModel }> {
    this.models ??= (async () => {
      this.loadAttempts++;
      return {
        detector: await loadGraphModel(this.modelsDir, 'blazeface.json'),
        mesh: await loadGraphModel(this.modelsDir, 'facemesh.json'),
      };
    })().catch((error: unknown) => {
      this.models = undefined;
      throw error;
    });
    return this.models;
  }

  /**
   * Every face with its landmarks, largest first. `minScore` skips the detector's less confident places, for a
   * caller that only asks about a large, clear face (is this photo a portrait?) and not the small or hidden ones.
   */
  async predict(image: RawImage, { minScore = 0 } = {}): Promise<Face[]> {
    const { detector, mesh } = await this.load();
    const long = Math.max(image.width, image.height);
    const views = [
      letterboxSquare(image.width, image.height),
      ...detectionTiles(image.width, image.height, Math.max(512, long / 3)),
    ];
    const candidates: Candidate[] = [];
    for (const view of views)
      candidates.push(...this.detect(detector, image, view).filter((c) => c.score >= minScore));
    // The detector's best box for a face is not always the one the mesh confirms (on large faces its boxes
    // are loose), so the candidates overlapping one place are tried in score order until one is confirmed.
    const faces: Face[] = [];
    const failures: Candidate[] = [];
    let meshRuns = 0;
    for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
      if (meshRuns >= MAX_MESH_RUNS) break;
      if (faces.some((f) => iou(f.box, candidate.box) > 0.3 || iou(meshCrop(f.box, 1), candidate.box) > 0.3))
        continue;
      if (failures.filter((f) => iou(f.box, candidate.box) > 0.3).length >= TRIES_PER_FACE) continue;
      meshRuns++;
      const face = this.landmarks(mesh, image, meshCrop(candidate.box), candidate.score);
      if (face && face.meshScore >= (candidate.score < 0.3 ? 0.9 : MESH_SCORE)) faces.push(face);
      else failures.push(candidate);
    }
    // A second look, with a looser crop, only at confident places no face was confirmed at.
    let looseRuns = 0;
    for (const candidate of failures) {
      if (looseRuns >= MAX_LOOSE_RUNS) break;
      if (candidate.score < LOOSE_MIN_SCORE) continue;
      if (faces.some((f) => iou(f.box, candidate.box) > 0.1 || iou(meshCrop(f.box, 1), candidate.box) > 0.1))
        continue;
      looseRuns++;
      const face = this.landmarks(mesh, image, meshCrop(candidate.box, LOOSE_CROP), candidate.score);
      if (face && face.meshScore >= MESH_SCORE) faces.push(face);
    }
    return withoutPieces(nonMaxSuppression(faces, 0.3)).sort(
      (a, b) => b.box.width * b.box.height - a.box.width * a.box.height,
    );
  }

  async dispose(): Promise<void> {
    const models = this.models;
    this.models = undefined;
    if (!models) return;
    const { detector, mesh } = await models;
    detector.dispose();
    mesh.dispose();
  }

  private detect(model: tf.GraphModel, image: RawImage, view: FaceBox): Candidate[] {
    const pixels = sampleBox(image, view, BLAZEFACE_SIZE);
    for (let i = 0; i < pixels.length; i++) pixels[i] = pixels[i] / 127.5 - 1;
    const input = tf.tensor4d(pixels, [1, BLAZEFACE_SIZE, BLAZEFACE_SIZE, 3]);
    const outputs = model.execute(input) as tf.Tensor[];
    input.dispose();
    const data = blazefaceRows(outputs.map((t) => ({ shape: t.shape, data: t.dataSync() as Float32Array })));
    tf.dispose(outputs);
    const scale = view.width / BLAZEFACE_SIZE;
    return decodeBlazeface(data, this.anchors, DETECT_SCORE).map(({ box, score }) => ({
      score,
      box: {
        x: view.x + box.x * scale,
        y: view.y + box.y * scale,
        width: box.width * scale,
        height: box.height * scale,
      },
    }));
  }

  private landmarks(model: tf.GraphModel, image: RawImage, crop: FaceBox, score: number): Face | null {
    const pixels = sampleBox(image, crop, MESH_SIZE);
    for (let i = 0; i < pixels.length; i++) pixels[i] /= 255;
    const [meshT, flagT] = tf.tidy(() => {
      const input = tf.tensor4d(pixels, [1, MESH_SIZE, MESH_SIZE, 3]);
      const outputs = model.execute(input, ['Identity_2:0', 'Identity_1:0']) as tf.Tensor[];
      return [outputs[0], outputs[1]];
    });
    const raw = meshT.dataSync() as Float32Array;
    const meshScore = (flagT.dataSync() as Float32Array)[0];
    meshT.dispose();
    flagT.dispose();
    const scale = crop.width / MESH_SIZE;
    const mesh = new Float32Array(LANDMARK_COUNT * 3);
    let x1 = Infinity;
    let y1 = Infinity;
    let x2 = -Infinity;
    let y2 = -Infinity;
    for (let i = 0; i < LANDMARK_COUNT; i++) {
      const x = crop.x + raw[i * 3] * scale;
      const y = crop.y + raw[i * 3 + 1] * scale;
      mesh[i * 3] = x;
      mesh[i * 3 + 1] = y;
      mesh[i * 3 + 2] = raw[i * 3 + 2] * scale;
      x1 = Math.min(x1, x);
      y1 = Math.min(y1, y);
      x2 = Math.max(x2, x);
      y2 = Math.max(y2, y);
    }
    if (!(x2 > x1 && y2 > y1)) return null;
    return {
      box: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 },
      score,
      meshScore,
      mesh,
    };
  }
}
