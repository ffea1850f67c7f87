/**
 * The orthonormal 8x8 DCT-II (JPEG's, including its scaling) and its inverse, separable, each 8-point pass
 * split into even and odd halves (22 multiplications instead of 64): the clean-up runs it hundreds of
 * thousands of times per megapixel.
 */
const C1 = 0.5 * Math.cos(Math.PI / 16);
const C2 = 0.5 * Math.cos((2 * Math.PI) / 16);
const C3 = 0.5 * Math.cos((3 * Math.PI) / 16);
const C4 = 0.5 * Math.cos((4 * Math.PI) / 16);
const C5 = 0.5 * Math.cos((5 * Math.PI) / 16);
const C6 = 0.5 * Math.cos((6 * Math.PI) / 16);
const C7 = 0.5 * Math.cos((7 * Math.PI) / 16);

/** One 8-point forward pass over src[o], src[o + s], ... into dst at the same offsets. */
function forward8(src: Float32Array, dst: Float32Array, o: number, s: number): void {
  const x0 = src[o];
  const x1 = src[o + s];
  const x2 = src[o + 2 * s];
  const x3 = src[o + 3 * s];
  const x4 = src[o + 4 * s];
  const x5 = src[o + 5 * s];
  const x6 = src[o + 6 * s];
  const x7 = src[o + 7 * s];
  const s0 = x0 + x7;
  const s1 = x1 + x6;
  const s2 = x2 + x5;
  const s3 = x3 + x4;
  const d0 = x0 - x7;
  const d1 = x1 - x6;
  const d2 = x2 - x5;
  const d3 = x3 - x4;
  const e0 = s0 + s3;
  const e1 = s1 + s2;
  const e2 = s0 - s3;
  const e3 = s1 - s2;
  dst[o] = C4 * (e0 + e1);
  dst[o + 4 * s] = C4 * (e0 - e1);
  dst[o + 2 * s] = C2 * e2 + C6 * e3;
  dst[o + 6 * s] = C6 * e2 - C2 * e3;
  dst[o + s] = C1 * d0 + C3 * d1 + C5 * d2 + C7 * d3;
  dst[o + 3 * s] = C3 * d0 - C7 * d1 - C1 * d2 - C5 * d3;
  dst[o + 5 * s] = C5 * d0 - C1 * d1 + C7 * d2 + C3 * d3;
  dst[o + 7 * s] = C7 * d0 - C5 * d1 + C3 * d2 - C1 * d3;
}

/** One 8-point inverse pass. */
function inverse8(src: Float32Array, dst: Float32Array, o: number, s: number): void {
  const X0 = src[o] * C4;
  const X1 = src[o + s];
  const X2 = src[o + 2 * s];
  const X3 = src[o + 3 * s];
  const X4 = src[o + 4 * s] * C4;
  const X5 = src[o + 5 * s];
  const X6 = src[o + 6 * s];
  const X7 = src[o + 7 * s];
  const a0 = X0 + X4;
  const a1 = X0 - X4;
  const b0 = C2 * X2 + C6 * X6;
  const b1 = C6 * X2 - C2 * X6;
  const e0 = a0 + b0;
  const e3 = a0 - b0;
  const e1 = a1 + b1;
  const e2 = a1 - b1;
  const o0 = C1 * X1 + C3 * X3 + C5 * X5 + C7 * X7;
  const o1 = C3 * X1 - C7 * X3 - C1 * X5 - C5 * X7;
  const o2 = C5 * X1 - C1 * X3 + C7 * X5 + C3 * X7;
  const o3 = C7 * X1 - C5 * X3 + C3 * X5 - C1 * X7;
  dst[o] = e0 + o0;
  dst[o + 7 * s] = e0 - o0;
  dst[o + s] = e1 + o1;
  dst[o + 6 * s] = e1 - o1;
  dst[o + 2 * s] = e2 + o2;
  dst[o + 5 * s] = e2 - o2;
  dst[o + 3 * s] = e3 + o3;
  dst[o + 4 * s] = e3 - o3;
}

const tmp = new Float32Array(64);

/** out = C . block . C^T (rows of `block` are image rows; out[v * 8 + u], u horizontal frequency). */
export function dctBlock(block: Float32Array, out: Float32Array): void {
  for (let r = 0; r < 8; r++) forward8(block, tmp, r * 8, 1);
  for (let c = 0; c < 8; c++) forward8(tmp, out, c, 8);
}

/** The inverse of dctBlock. */
export function idctBlock(coefficients: Float32Array, out: Float32Array): void {
  for (let c = 0; c < 8; c++) inverse8(coefficients, tmp, c, 8);
  for (let r = 0; r < 8; r++) inverse8(tmp, out, r * 8, 1);
}
