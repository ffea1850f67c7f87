/**
 * Face enhancement's pixel work: the whole-photo restoration (JPEG clean-up, noise, the 2x by back-projection)
 * and the per-face retouch. All run in the worker pool (tasks `measure-photo`, `restore-photo` per strip and
 * `retouch-face`); faces come from models/face.
 */
export type { RestoreReport } from './restore';
export type { Rect } from './block-match';
export { photoStrips, type Strip } from './strips';
export { shiftFace, STRENGTH, type RetouchOptions, type RetouchStrength } from './retouch';
export { isColourful } from './colour';
export { cropRaw, pasteRaw } from './planes';
