/**
 * Face enhancement's pixel work: the whole-photo restoration (JPEG clean-up, noise) and the per-face retouch.
 * Both run in the worker pool (tasks `restore-photo` and `retouch-face`); faces come from models/face.
 */
export type { RestoreReport } from './restore';
export { shiftFace, STRENGTH, type RetouchOptions, type RetouchStrength } from './retouch';
export { isColourful } from './colour';
export { cropRaw, pasteRaw } from './planes';
