import { LANDMARKS } from '../../src/models/face/landmarks';
import type { Face } from '../../src/models/face/types';

/** A face drawn by its landmarks alone: an oval of `width`, eyes a third of the way down, tilted by `roll`. */
export function drawnFace(cx: number, cy: number, width: number, roll = 0): Face {
  const mesh = new Float32Array(468 * 3);
  const put = (i: number, x: number, y: number) => {
    const c = Math.cos(roll);
    const s = Math.sin(roll);
    mesh[i * 3] = cx + c * x - s * y;
    mesh[i * 3 + 1] = cy + s * x + c * y;
  };
  for (let i = 0; i < 468; i++) put(i, 0, 0);
  LANDMARKS.oval.forEach((i, k) => {
    const a = (2 * Math.PI * k) / LANDMARKS.oval.length - Math.PI / 2;
    put(i, (width / 2) * Math.cos(a), 0.65 * width * Math.sin(a));
  });
  for (const i of LANDMARKS.rightEye) put(i, -0.2 * width, -0.1 * width);
  for (const i of LANDMARKS.leftEye) put(i, 0.2 * width, -0.1 * width);
  const box = { x: cx - width / 2, y: cy - 0.65 * width, width, height: 1.3 * width };
  return { box, score: 0.9, meshScore: 0.9, mesh };
}
