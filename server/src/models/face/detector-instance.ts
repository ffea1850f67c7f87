import { FaceDetectorModel } from './face-detector.model';

/** One model per worker thread, loaded on first use and kept for the worker's life; shared by its tasks. */
let model: FaceDetectorModel | undefined;

export function faceDetector(): FaceDetectorModel {
  model ??= new FaceDetectorModel();
  return model;
}
