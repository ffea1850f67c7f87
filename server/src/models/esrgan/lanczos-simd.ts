/**
 * The vertical pass of the centred Lanczos enlargement at 2x and 4x in WebAssembly SIMD: the single largest
 * piece of the upscaler's pixel work outside the model (each output pixel of each channel is eight products
 * of one source column's nine-sample window, see lanczos-passes.ts).
 *
 * It computes exactly what the JavaScript loop `dst[q] += k0 * m0 + ... + k7 * m7` computes, two columns at
 * a time: the samples are widened from float32 to float64 (exactly), multiplied and summed in float64 in the
 * same order, added to the target widened the same way, and rounded back to float32 once. WebAssembly never
 * fuses a multiply and an add, so every lane gets the JavaScript result bit for bit.
 *
 * The module is small enough to be written here as bytes rather than built from a separate toolchain.
 */
import { WINDOW } from './lanczos-passes';

const TAPS = WINDOW - 1;
const I32 = 0x7f;
const V128 = 0x7b;

/** Unsigned LEB128. */
function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a small non-negative constant (i32.const). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if (n === 0 && (byte & 0x40) === 0) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const name = (s: string) => vec([...s].map((c) => [c.charCodeAt(0)]));

// Instructions.
const get = (local: number) => [0x20, ...leb(local)];
const set = (local: number) => [0x21, ...leb(local)];
const i32 = (n: number) => [0x41, ...sleb(n)];
const I32_ADD = 0x6a;
const I32_MUL = 0x6c;
const I32_LT_U = 0x49;
const I32_GE_U = 0x4f;
const simd = (op: number, ...immediates: number[]) => [0xfd, ...leb(op), ...immediates];
/** Two float32 at an address, widened to a float64 pair. */
const loadPair = [...simd(0x5d, 3, 0), ...simd(0x5f)]; // v128.load64_zero, f64x2.promote_low_f32x4
const ADD = simd(0xf0); // f64x2.add
const MUL = simd(0xf2); // f64x2.mul

/**
 * columns(mid, dst, W, h, weights): for every source row y < h, the `scale` output rows y * scale + p of
 * `dst` gain phase p of the nine rows of `mid` from row y on (byte addresses; rows W float32 wide; W even;
 * weights: scale x 8 float64, phase by phase).
 */
function columnsBody(scale: number): number[] {
  const [MID, DST, W, H, WEIGHTS] = [0, 1, 2, 3, 4];
  // i32 locals after the parameters, then the v128 ones.
  const [Y, R, O, END, ROW_BYTES] = [5, 6, 7, 8, 9];
  const k = (p: number, t: number) => 10 + p * TAPS + t;
  const m = (i: number) => 10 + scale * TAPS + i;
  const ACC = 10 + scale * TAPS + WINDOW;
  const code: number[] = [];
  const emit = (...parts: (number | number[])[]) => parts.forEach((part) => code.push(...[part].flat()));
  const rowAt = (base: number, rows: number) =>
    rows === 0 ? get(base) : [...get(base), ...get(ROW_BYTES), ...i32(rows), I32_MUL, I32_ADD];

  emit(get(W), i32(4), I32_MUL, set(ROW_BYTES));
  for (let p = 0; p < scale; p++)
    for (let t = 0; t < TAPS; t++)
      emit(get(WEIGHTS), 0x2b, 3, leb((p * TAPS + t) * 8), simd(0x14), set(k(p, t))); // f64.load, splat
  emit(0x02, 0x40, 0x03, 0x40); // block, loop (rows)
  emit(get(Y), get(H), I32_GE_U, 0x0d, 1); // done when y >= h
  emit(get(MID), get(Y), get(ROW_BYTES), I32_MUL, I32_ADD, set(R));
  emit(get(DST), get(Y), i32(scale), I32_MUL, get(ROW_BYTES), I32_MUL, I32_ADD, set(O));
  emit(get(R), get(ROW_BYTES), I32_ADD, set(END));
  emit(0x03, 0x40); // loop (column pairs)
  for (let i = 0; i < WINDOW; i++) emit(rowAt(R, i), loadPair, set(m(i)));
  for (let p = 0; p < scale; p++) {
    // The second half of the phases reads taps -3..4 of the window, the first half -4..3.
    const first = p < scale / 2 ? 0 : 1;
    emit(get(k(p, 0)), get(m(first)), MUL, set(ACC));
    for (let t = 1; t < TAPS; t++) emit(get(ACC), get(k(p, t)), get(m(first + t)), MUL, ADD, set(ACC));
    emit(rowAt(O, p), rowAt(O, p), loadPair, get(ACC), ADD, simd(0x5e), simd(0x5b, 3, 0, 0)); // demote, store64_lane 0
  }
  emit(get(O), i32(8), I32_ADD, set(O));
  emit(get(R), i32(8), I32_ADD, set(R));
  emit(get(R), get(END), I32_LT_U, 0x0d, 0, 0x0b); // next pair while r < end; end loop
  emit(get(Y), i32(1), I32_ADD, set(Y), 0x0c, 0, 0x0b, 0x0b); // y++, next row; end loop, block
  const locals = vec([
    [...leb(5), I32],
    [...leb(scale * TAPS + WINDOW + 1), V128],
  ]);
  const body = [...locals, ...code, 0x0b];
  return [...leb(body.length), ...body];
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const type = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([])];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([type])),
    ...section(3, vec([[0], [0]])),
    ...section(5, vec([[0x00, 1]])), // one memory, at least one page, grown on demand
    ...section(
      7,
      vec([
        [...name('columns2'), 0x00, 0],
        [...name('columns4'), 0x00, 1],
        [...name('memory'), 0x02, 0],
      ]),
    ),
    ...section(10, vec([columnsBody(2), columnsBody(4)])),
  ]);
}

interface Exports {
  columns2(mid: number, dst: number, W: number, h: number, weights: number): void;
  columns4(mid: number, dst: number, W: number, h: number, weights: number): void;
  memory: WebAssembly.Memory;
}

let instance: Exports | undefined;
const PAGE = 65536;
/** Bytes before `mid` in memory: the weights. */
const WEIGHT_BYTES = 4 * TAPS * 8;

/** Views of this thread's module memory for one enlargement, grown as needed. */
export interface SimdPlanes {
  /** The horizontal pass's output, (h + 2 pad) rows of W. */
  mid: Float32Array;
  /** The target, H rows of W. */
  dst: Float32Array;
  /** Runs the vertical pass: dst rows gain the enlargement of mid's rows from `firstRow` on. */
  columns(firstRow: number): void;
}

/**
 * Memory for an enlargement whose horizontal pass has `midLength` samples and whose target has
 * `dstLength`, with the phase weights in place. The views are valid until the next call in this thread.
 */
export function simdPlanes(
  scale: 2 | 4,
  weights: Float64Array[],
  W: number,
  h: number,
  midLength: number,
  dstLength: number,
): SimdPlanes {
  instance ??= new WebAssembly.Instance(new WebAssembly.Module(moduleBytes())).exports as unknown as Exports;
  const { memory } = instance;
  const dstAt = WEIGHT_BYTES + midLength * 4;
  const needed = dstAt + dstLength * 4 + 16;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
  const weightView = new Float64Array(memory.buffer, 0, scale * TAPS);
  weights.forEach((k, p) => weightView.set(k, p * TAPS));
  const run = scale === 2 ? instance.columns2 : instance.columns4;
  return {
    mid: new Float32Array(memory.buffer, WEIGHT_BYTES, midLength),
    dst: new Float32Array(memory.buffer, dstAt, dstLength),
    columns: (firstRow) => run(WEIGHT_BYTES + firstRow * W * 4, dstAt, W, h, 0),
  };
}
