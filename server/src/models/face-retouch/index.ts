/**
 * Face enhancement's pixel work: the whole-photo restoration (the learned 2x of JPEG luma, the colour's clean-up, noise),
 * the faces' fine detail and the per-face retouch. All run in the worker pool (tasks `measure-photo`, `restore-photo`
 * per strip, `face-detail` and `retouch-face`); faces come from models/face.
 */
export type { RestoreReport } from './restore';
export { photoStrips, type Strip } from './strips';
export { shiftFace, STRENGTH, type RetouchOptions, type RetouchStrength } from './retouch';
export { isColourful } from './colour';
export { cropRaw, pasteRaw } from './planes';
export { addDetail } from './detail';
