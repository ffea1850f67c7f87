/** The orthonormal 8x8 DCT-II (JPEG's, including its scaling), as a matrix: C[u * 8 + x]. */
const C = (() => {
  const m = new Float32Array(64);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < 8; x++)
      m[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  return m;
})();

const tmp = new Float32Array(64);

/** out = C . block . C^T (rows of `block` are image rows). */
export function dctBlock(block: Float32Array, out: Float32Array): void {
  for (let r = 0; r < 8; r++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += C[u * 8 + x] * block[r * 8 + x];
      tmp[r * 8 + u] = s;
    }
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let r = 0; r < 8; r++) s += C[v * 8 + r] * tmp[r * 8 + u];
      out[v * 8 + u] = s;
    }
}

/** out = C^T . coefficients . C. */
export function idctBlock(coefficients: Float32Array, out: Float32Array): void {
  for (let v = 0; v < 8; v++)
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += C[u * 8 + x] * coefficients[v * 8 + u];
      tmp[v * 8 + x] = s;
    }
  for (let r = 0; r < 8; r++)
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += C[v * 8 + r] * tmp[v * 8 + x];
      out[r * 8 + x] = s;
    }
}
