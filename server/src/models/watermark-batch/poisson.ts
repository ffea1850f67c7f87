/**
 * The mark rebuilt from its gradients (Dekel et al. 2017): the image whose differences are the median
 * gradients, zero on the border of the box (the mark ends inside it), by over-relaxed Gauss-Seidel. It fills
 * the inside of bold strokes and logos, where a mark has no gradient of its own.
 */
export function integrateGradients(
  gx: Float32Array,
  gy: Float32Array,
  w: number,
  h: number,
  iterations = 400,
): Float32Array {
  // Divergence of the central-difference field, taken with backward differences of forward ones.
  const div = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      div[i] = (gx[i + 1] - gx[i - 1]) / 2 + (gy[i + w] - gy[i - w]) / 2;
    }
  // The central differences' Laplacian spans two pixels: solve on that stencil (x±2, y±2), /4.
  const u = new Float32Array(w * h);
  const omega = 1.9;
  for (let it = 0; it < iterations; it++)
    for (let y = 2; y < h - 2; y++)
      for (let x = 2; x < w - 2; x++) {
        const i = y * w + x;
        const sum = u[i - 2] + u[i + 2] + u[i - 2 * w] + u[i + 2 * w];
        u[i] += omega * ((sum - 4 * div[i]) / 4 - u[i]);
      }
  return u;
}
