/**
 * One source tree's side of the around-the-models benchmark, in its own process (its own peak memory):
 * `node --import tsx bench/around-models/side.ts ROOT`, ROOT the project folder whose code is measured (this
 * one, or an older commit unpacked elsewhere for the before figures). JSON lines on stdin, answers on stdout:
 * - `{ task: 'cutout-session', input }`: ISNet's session alone on the photo's square -> `{ ms }`;
 * - `{ task: 'cutout-job', input }`: the stored photo's bytes to the PNG through the local provider in the
 *   worker pool and the result's encoding, as the server's job handler runs them (models warm) -> `{ ms }`;
 * - `{ task: 'portrait-check', input }`: background removal's portrait check alone in its helper thread, warm
 *   -> `{ ms, portrait }` (portrait 1 or 0; -1 and no time for a tree without the helper);
 * - `{ task: 'upscale', input, scale }`: decode, the balanced upscaler in this process with every model
 *   session timed, and the PNG this tree's provider writes -> `{ ms, modelMs }`;
 * - `{ task: 'lanczos', input, scale }`: sharp's Lanczos enlargement and the same PNG encode -> `{ ms }`;
 * - `{ peak: true }` -> `{ peakMb }` (VmHWM: this process with its worker thread).
 * Every task's answer also has `cpuMs`, the CPU time of this process's threads (worker and onnxruntime's too).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(process.argv[2] ?? '.');
const load = (file: string) => import(pathToFileURL(path.join(root, 'server/src', file)).href);
/** The first of a module's paths that the tree has: this tree's, then where an older tree kept it. */
const loadMoved = (...files: string[]) =>
  load(files.find((file) => existsSync(path.join(root, 'server/src', file))) ?? files[0]);

const { decodePhoto, rawToSharp, sharedPixels } = await loadMoved('lib/image/raw-image.ts', 'lib/image.ts');
const { createWorkerPool } = await loadMoved('inference/pool.ts', 'workers/pool.ts');
const { runCutoutInPool } = await load('engines/background-removal/local-isnet.provider.ts');
const { IsnetModel } = await load('models/isnet/isnet.model.ts');
const { resizeCornerAligned, rgbToIsnetTensor, ISNET_SIZE } = await load('models/isnet/preprocess.ts');
const { EsrganModel } = await load('models/esrgan/esrgan.model.ts');
const { upscaleImage } = await load('models/esrgan/upscale.ts');
const provider = await load('engines/image-upscale/local-esrgan.provider.ts');
const { encodePng } = await loadMoved('lib/image/raw-image.ts', 'lib/image.ts');
/** The one result encoder, in a tree that has it; none where the providers still wrote their own files. */
const results = await load('lib/image/result-encoding.ts').catch(() => undefined);
/** This tree's result encoding: the encoder's upscale row, its provider's own, or lib/image's before either. */
const encodeUpscaled: (image: unknown) => Promise<Buffer> = results
  ? async (image) => (await results.encodeResult(image, 'image-upscale', 'png')).bytes
  : (provider.encodeUpscaledPng ?? encodePng);

// The portrait check in its helper thread, where this tree has one (it ran on the model's thread before).
const portraitCheck = await load('models/person-matte/portrait-check.ts').catch(() => undefined);

const modelDir = path.join(process.cwd(), 'data/models');
const pool = createWorkerPool({ threads: 1 });
// Loaded on first use, so a side that only runs jobs (the memory probe) holds the worker's model alone.
let session: { predict(t: Float32Array): Promise<Float32Array>; dispose(): Promise<void> } | undefined;
const esrgan = new Map<string, { predict(x: Float32Array, w: number, h: number): Promise<Float32Array> }>();

const ctx = { signal: new AbortController().signal, progress: () => {}, log: undefined, timeoutMs: 0 };

async function cutoutSession(input: string) {
  const { image } = await decodePhoto(await readFile(input));
  const square = resizeCornerAligned(image.data, image.width, image.height, 3, ISNET_SIZE, ISNET_SIZE);
  const tensor = rgbToIsnetTensor(square, ISNET_SIZE, ISNET_SIZE);
  if (!session) {
    session = new IsnetModel({ variant: 'medium', threads: 2 });
    await session!.predict(tensor); // warm-up, untimed
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  await session!.predict(tensor);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function cutoutJob(input: string) {
  const bytes = await readFile(input);
  const started = performance.now();
  const photo = await decodePhoto(bytes);
  const cutout = await runCutoutInPool(
    pool,
    { ...photo, backdrop: { kind: 'transparent' }, shadow: false },
    'medium',
    ctx,
  );
  // Where the provider answers pixels, the PNG is written at the edge, as the job handler does.
  if (results && !Buffer.isBuffer(cutout)) await results.encodeResult(cutout, 'background-removal', 'png');
  return { ms: performance.now() - started };
}

/** The portrait check alone, as background removal runs it beside the model: its helper thread, warm. */
async function checkAlone(input: string) {
  if (!portraitCheck) return { ms: 0, portrait: -1 };
  const { image } = await decodePhoto(await readFile(input));
  const shared = sharedPixels(image);
  await portraitCheck.checkPortrait(shared); // warm-up, untimed
  const started = performance.now();
  const check = await portraitCheck.checkPortrait(shared);
  return { ms: performance.now() - started, portrait: check.face ? 1 : 0 };
}

async function upscale(input: string, scale: 2 | 4) {
  const bytes = await readFile(input);
  let modelMs = 0;
  const started = performance.now();
  const { image } = await decodePhoto(bytes);
  const result = await upscaleImage(image, 'balanced', scale, (variant: string, precision: string) => {
    const key = `${variant}-${scale}-${precision}`;
    let model = esrgan.get(key);
    if (!model) {
      model = new EsrganModel(variant, scale, { modelDir, precision, threads: 2 });
      esrgan.set(key, model!);
    }
    const m = model!;
    return async (x: Float32Array, w: number, h: number) => {
      const t = performance.now();
      const out = await m.predict(x, w, h);
      modelMs += performance.now() - t;
      return out;
    };
  });
  await encodeUpscaled(result);
  return { ms: performance.now() - started, modelMs };
}

async function lanczos(input: string, scale: number) {
  const bytes = await readFile(input);
  const started = performance.now();
  const { image } = await decodePhoto(bytes);
  const { data, info } = await rawToSharp(image)
    .resize(image.width * scale, image.height * scale, { kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  await encodeUpscaled({ data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 });
  return { ms: performance.now() - started };
}

function peakMb() {
  const line = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+)/);
  return { peakMb: Number(line?.[1] ?? 0) / 1024 };
}

const reply = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
/** Runs a task and adds the CPU time this process (all its threads) spent on it. */
async function timed(task: () => Promise<Record<string, number>>) {
  const cpu = process.cpuUsage();
  const result = await task();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, ...result };
}
reply({ ready: true, sharp: sharp.versions.vips });
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line) as { task?: string; input: string; scale?: 2 | 4; peak?: boolean };
  if (m.peak) reply(peakMb());
  else if (m.task === 'cutout-session') reply(await timed(() => cutoutSession(m.input)));
  else if (m.task === 'cutout-job') reply(await timed(() => cutoutJob(m.input)));
  else if (m.task === 'portrait-check') reply(await timed(() => checkAlone(m.input)));
  else if (m.task === 'upscale') reply(await timed(() => upscale(m.input, m.scale ?? 2)));
  else if (m.task === 'lanczos') reply(await timed(() => lanczos(m.input, m.scale ?? 4)));
}
await pool.close();
await session?.dispose();
