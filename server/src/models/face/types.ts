/** An axis-aligned box in image pixels (x, y = top-left corner). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One face found in a photo. `mesh` holds facemesh's 468 landmarks as [x0, y0, z0, x1, y1, z1, ...] in the
 * photo's pixels (z in the same scale, relative, not used for regions); `box` is the landmarks' bounding box.
 */
export interface Face {
  box: FaceBox;
  /** The detector's confidence 0..1. */
  score: number;
  /** The mesh model's confidence that a face fills its crop, 0..1. */
  meshScore: number;
  mesh: Float32Array;
}
