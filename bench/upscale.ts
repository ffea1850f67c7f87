/**
 * Upscale benchmark: `node --import tsx bench/upscale.ts [--quick] [--skip-memory | --memory-json FILE]`.
 *
 * Every photo in assets/photos is cropped to its central CROP x CROP region (so the whole run, three models
 * included, takes minutes on 2 cores), box-downscaled by 2 and by 4 and enlarged back; the crop is the
 * reference. PSNR and SSIM on Y with `scale` border pixels cropped, a detail score (mean gradient of the
 * result over the reference's; 1 = as sharp as the truth) and the time per image, for a centred Lanczos
 * (OpenCV INTER_LANCZOS4, the fair classical baseline), our own centred Lanczos, sharp's lanczos3 resize,
 * the Lanczos with back-projection and no model, the medium model as shipped, and our three qualities, all
 * in the same run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';
import { EsrganModel } from '../server/src/models/esrgan/esrgan.model';
import type { EsrganScale, EsrganVariant } from '../server/src/models/esrgan/model-paths';
import type { Precision } from '../server/src/models/esrgan/onnx-cache';
import { lanczosUpscale } from '../server/src/models/esrgan/resample';
import type { UpscaleQuality } from '../server/src/models/esrgan/settings';
import { upscaleImage } from '../server/src/models/esrgan/upscale';
import { upscaleTiled, type Pixels } from '../server/src/models/esrgan/upscale-tiled';
import { cvLanczos, loadOpenCv } from '../server/test/fixtures/upscale/opencv';
import { boxDown, type Rgb } from '../server/test/support/degrade';
import { centralCrop } from './upscale/degrade';
import { cropBorder, luma, meanGradient, psnr, ssim } from './upscale/metrics';
import { sideBySide } from './upscale/side-by-side';

const CROP = 320;
const PHOTOS = new URL('../assets/photos/', import.meta.url).pathname;
const MODEL_DIR = 'data/models';
const quick = process.argv.includes('--quick');

const cv = await loadOpenCv();
const models = new Map<string, EsrganModel>();
function model(variant: EsrganVariant, scale: EsrganScale, precision: Precision = 'fp32') {
  const key = `${variant}${scale}${precision}`;
  if (!models.has(key)) models.set(key, new EsrganModel(variant, scale, { modelDir: MODEL_DIR, precision }));
  return models.get(key)!;
}

type Method = { name: string; run: (lr: Rgb, scale: EsrganScale) => Promise<Uint8Array> };
const byte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
/** The product's path for a quality (its settings, models loaded once). */
function ours(quality: UpscaleQuality) {
  return async (lr: Rgb, scale: EsrganScale) =>
    (
      await upscaleImage(lr as Pixels, quality, scale, (v, precision) => {
        const m = model(v, scale, precision);
        return (x, w, h) => m.predict(x, w, h);
      })
    ).data;
}
/** One model on every tile, with the given blend and back-projection. */
function wholeModel(
  variant: EsrganVariant,
  precision: Precision,
  refine: (scale: EsrganScale) => { modelWeight: number; backProjections: number },
) {
  return async (lr: Rgb, scale: EsrganScale) => {
    const m = model(variant, scale, precision);
    const tiling = { tile: variant === 'thick' ? 128 : 256, blend: 4, context: 8 };
    const out = await upscaleTiled(lr as Pixels, {
      scale,
      predict: (x, w, h) => m.predict(x, w, h),
      ...tiling,
      refine: refine(scale),
    });
    return out.data;
  };
}
const BALANCED = 'Ours, balanced (int8 thick on the detailed quarter, default)';
const NO_MODEL = 'Centred Lanczos + 2 rounds of back-projection (no model)';
const PREVIOUS = 'Medium blended with the Lanczos + back-projection (balanced until now)';
const BEST = 'Ours, best (thick)';
const INT8 = 'Thick int8 on every tile (best with the quantised model)';
const METHODS: Method[] = [
  {
    name: 'Centred Lanczos (OpenCV INTER_LANCZOS4)',
    run: async (lr, s) =>
      Uint8Array.from(cvLanczos(cv, Float32Array.from(lr.data), lr.width, lr.height, 3, s), byte),
  },
  {
    name: "sharp resize, lanczos3 (libvips' half-pixel offset)",
    run: async (lr, s) =>
      new Uint8Array(
        await sharp(lr.data, { raw: { width: lr.width, height: lr.height, channels: 3 } })
          .resize(lr.width * s, lr.height * s, { kernel: 'lanczos3' })
          .raw()
          .toBuffer(),
      ),
  },
  {
    name: 'Centred Lanczos (ours, TypeScript, used inside the upscaler)',
    run: async (lr, s) =>
      Uint8Array.from(lanczosUpscale({ ...lr, data: Float32Array.from(lr.data) }, s).data, byte),
  },
  {
    name: NO_MODEL,
    run: async (lr, scale) =>
      (
        await upscaleTiled(lr as Pixels, {
          scale,
          tile: 256,
          blend: 4,
          context: 8,
          predict: async (_, w, h) => new Float32Array(3 * w * h * scale * scale),
          refine: { modelWeight: 0, backProjections: 2 },
        })
      ).data,
  },
  {
    name: 'ESRGAN medium as shipped (model only)',
    run: wholeModel('medium', 'fp32', () => ({ modelWeight: 1, backProjections: 0 })),
  },
  {
    name: PREVIOUS,
    run: wholeModel('medium', 'fp32', (s) => ({ modelWeight: s === 2 ? 0.5 : 0.1, backProjections: 2 })),
  },
  { name: 'Ours, fast (slim)', run: ours('fast') },
  { name: BALANCED, run: ours('balanced') },
  { name: BEST, run: ours('best') },
  {
    name: INT8,
    run: wholeModel('thick', 'int8', () => ({ modelWeight: 1, backProjections: 2 })),
  },
];

const photos = readdirSync(PHOTOS)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort()
  .slice(0, quick ? 3 : undefined);
type Row = { psnr: number[]; ssim: number[]; detail: number[]; ms: number[] };
const results = new Map<string, Row>();
for (const scale of [2, 4] as const) {
  for (const file of photos) {
    const truth = await centralCrop(PHOTOS + file, CROP);
    const lr = boxDown(truth, scale);
    const ref = cropBorder(luma(truth.data, truth.width, truth.height), truth.width, truth.height, scale);
    const refDetail = meanGradient(ref.y, ref.width, ref.height);
    for (const method of METHODS) {
      const started = performance.now();
      const out = await method.run(lr, scale);
      const ms = performance.now() - started;
      const y = cropBorder(luma(out, truth.width, truth.height), truth.width, truth.height, scale).y;
      const key = `${scale}|${method.name}`;
      const row = results.get(key) ?? { psnr: [], ssim: [], detail: [], ms: [] };
      row.psnr.push(psnr(y, ref.y));
      row.ssim.push(ssim(y, ref.y, ref.width, ref.height));
      row.detail.push(meanGradient(y, ref.width, ref.height) / refDetail);
      row.ms.push(ms);
      results.set(key, row);
    }
    console.log(`x${scale} ${file} done`);
  }
}

async function waitForFile(file: string): Promise<string> {
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (text.trim()) return text;
    await new Promise((r) => setTimeout(r, 5000));
  }
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sections: string[] = [];
const baseline = (scale: number) => mean(results.get(`${scale}|${METHODS[0].name}`)!.psnr);
for (const scale of [2, 4]) {
  const rows = METHODS.map((m) => {
    const r = results.get(`${scale}|${m.name}`)!;
    return [
      m.name,
      mean(r.psnr).toFixed(2),
      (mean(r.psnr) - baseline(scale)).toFixed(2),
      mean(r.ssim).toFixed(4),
      mean(r.detail).toFixed(3),
      Math.round(median(r.ms)),
    ];
  });
  sections.push(
    `#### ${scale}x\n\n${markdownTable(['method', 'PSNR Y (dB)', 'vs centred Lanczos', 'SSIM Y', 'detail (1 = truth)', 'median ms / image'], rows)}`,
  );
}

// Speed at a realistic size, default quality, models already loaded (first-use conversion excluded): a
// photo, and a mosaic of 16 crops of the large photos box-downscaled to 256x256 (1024 by 4, then 512 by 2),
// detailed everywhere: the detail model's worst case, a quarter of all blocks.
const timing: (string | number)[][] = [];
const big = await centralCrop(`${PHOTOS}Wood.jpg`, 1024);
const mosaic: Rgb = { data: new Uint8Array(1024 * 1024 * 3), width: 1024, height: 1024, channels: 3 };
const large: string[] = [];
for (const f of photos) if ((await centralCrop(PHOTOS + f, 1024)).height === 1024) large.push(f);
for (let k = 0; k < 16; k++) {
  const tile =
    k < large.length
      ? boxDown(await centralCrop(PHOTOS + large[k], 1024), 4)
      : boxDown(await centralCrop(PHOTOS + large[k - large.length], 512), 2);
  for (let y = 0; y < tile.height; y++)
    mosaic.data.set(
      tile.data.subarray(y * tile.width * 3, (y + 1) * tile.width * 3),
      (((k >> 2) * 256 + y) * 1024 + (k & 3) * 256) * 3,
    );
}
for (const [label, image] of [
  ['photo (Wood)', big],
  ['16-crop mosaic, detailed everywhere', mosaic],
] as const) {
  for (const scale of [2, 4] as const) {
    await model('thick', scale, 'int8').load();
    const started = performance.now();
    const cpu = process.cpuUsage();
    await ours('balanced')(image, scale);
    const { user, system } = process.cpuUsage(cpu);
    const cpuSeconds = (user + system) / 1e6;
    timing.push([
      `1024x1024 -> ${1024 * scale}x${1024 * scale}, ${label}`,
      'balanced',
      ((performance.now() - started) / 1000).toFixed(1),
      cpuSeconds.toFixed(1),
      (cpuSeconds / os.cpus().length).toFixed(1),
      scale === 2 ? '< 6' : '< 9',
    ]);
  }
}

let memory = 'not measured (--skip-memory)';
let probePeakMb = NaN;
// --memory-json FILE takes the probe's output from a separate run of bench/upscale/memory-probe.ts.
const memoryJson = process.argv[process.argv.indexOf('--memory-json') + 1];
if (!process.argv.includes('--skip-memory')) {
  const probe = JSON.parse(
    process.argv.includes('--memory-json')
      ? await waitForFile(memoryJson)
      : execFileSync(
          process.execPath,
          ['--import', 'tsx', new URL('./upscale/memory-probe.ts', import.meta.url).pathname, MODEL_DIR],
          { encoding: 'utf8', maxBuffer: 1 << 20 },
        ),
  ) as { width: number; height: number; seconds: number; peakRssMb: number };
  probePeakMb = probe.peakRssMb;
  memory = `${Math.round(probe.peakRssMb)} MB peak resident memory (whole process) for 4000x3000 -> ${probe.width}x${probe.height}, ${probe.seconds.toFixed(0)} s (goal < 1500 MB)`;
}

// Side by side at 4x: a 96x96 region of a photo, enlarged by the centred Lanczos and by ours, beside the truth.
const truth = await centralCrop(`${PHOTOS}astronaut.png`, 384);
const lr = boxDown(truth, 4);
const png = (d: Uint8Array) =>
  sharp(d, { raw: { width: 384, height: 384, channels: 3 } })
    .png()
    .toBuffer();
const sheet = await sideBySide(
  [
    { label: 'Centred Lanczos 4x', png: await png(await METHODS[0].run(lr, 4)) },
    { label: 'Ours, balanced 4x', png: await png(await ours('balanced')(lr, 4)) },
    { label: 'Ours, best 4x', png: await png(await ours('best')(lr, 4)) },
    { label: 'Original', png: await png(truth.data) },
  ],
  384,
);
writeFileSync(new URL('../docs/images/upscale-side-by-side.png', import.meta.url), sheet);

const b2 = results.get(`2|${BALANCED}`)!;
const b4 = results.get(`4|${BALANCED}`)!;
const gainOf = (scale: number, name: string) => mean(results.get(`${scale}|${name}`)!.psnr) - baseline(scale);
const gain = (scale: number, name: string) =>
  `${gainOf(scale, name) >= 0 ? '+' : ''}${gainOf(scale, name).toFixed(2)}`;
const ms = (scale: number, name: string) => Math.round(median(results.get(`${scale}|${name}`)!.ms));
const pct = (scale: number) =>
  `${Math.round((100 * (gainOf(scale, BALANCED) - gainOf(scale, NO_MODEL))) / (gainOf(scale, INT8) - gainOf(scale, NO_MODEL)))}%`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const cpuOf = (row: number) => Number(timing[row][4]);
const verdict = `Quality: ${met(gainOf(2, BALANCED) >= 0.3)} at 2x (${gain(2, BALANCED)} dB, goal +0.3) and ${met(gainOf(4, BALANCED) >= 0.7)} at 4x (${gain(4, BALANCED)} dB, goal +0.7). Speed, as CPU seconds over the ${os.cpus().length} cores (the estimate for an idle machine): the photo takes ${timing[0][4]} s at 2x and ${timing[1][4]} s at 4x, goals ${met(cpuOf(0) < 6 && cpuOf(1) < 9)}; the mosaic, detailed everywhere (the worst case), ${timing[2][4]} s and ${timing[3][4]} s, ${cpuOf(2) < 6 && cpuOf(3) < 9 ? 'within the goals too' : `over a goal (${cpuOf(2) < 6 ? '' : '2x'}${cpuOf(2) >= 6 && cpuOf(3) >= 9 ? ' and ' : ''}${cpuOf(3) < 9 ? '' : '4x'})`}. Wall time on this shared machine is above that estimate (photo ${timing[0][2]} / ${timing[1][2]} s, mosaic ${timing[2][2]} / ${timing[3][2]} s): other work shares its cores. Memory: ${met(probePeakMb < 1500)}; the probe's photo (Wood stretched to 4000x3000, so smooth) runs the model on few blocks; model runs are at most 136 pixels a side and dropped once the tiles have passed them, so a detailed 12 MP photo should cost time rather than memory (not measured).`;
const goals = [
  ['default >= +0.3 dB over centred Lanczos at 2x', `${(mean(b2.psnr) - baseline(2)).toFixed(2)} dB`],
  ['default >= +0.7 dB over centred Lanczos at 4x', `${(mean(b4.psnr) - baseline(4)).toFixed(2)} dB`],
  [
    '1024x1024 at 2x < 6 s / 4x < 9 s',
    `photo: wall ${timing[0][2]} s / ${timing[1][2]} s under load, CPU / cores ${timing[0][4]} s / ${timing[1][4]} s; detailed mosaic: CPU / cores ${timing[2][4]} s / ${timing[3][4]} s`,
  ],
  ['12 MP at 2x peak memory < 1.5 GB', memory],
];

writeBenchmarkSection(
  'upscale',
  `## Upscale (2x, 4x)

${photos.length} photos from assets/photos, each cropped to its central ${CROP}x${CROP} region so the run takes minutes on 2 cores
(three neural models included), box-downscaled by 2 and 4 (8-bit), enlarged back and compared with the crop. Metrics on Y
(BT.601), ${'`scale`'} pixels of border excluded. Detail = mean gradient magnitude of the result over the reference's.
Times are per image on a shared machine (${os.cpus().length} cores); compare them within a table.

${sections.join('\n\n')}

#### Speed and memory (default quality, ${os.cpus().length} threads, models already converted and loaded)

${markdownTable(['input -> output', 'quality', 'wall s (shared machine)', 'CPU s (all threads)', 'CPU s / cores (idle estimate)', 'goal (s)'], timing)}

Memory: ${memory}.

#### Goals

${markdownTable(['goal', 'measured'], goals)}

${verdict}

Why the shipped models lose to a centred Lanczos, and the fix: their output is aligned with a centred resampler (shifting
it by a quarter pixel only lowers PSNR), but it is not faithful to its input: area-averaged back down, the medium model's 2x
output differs from the input by about 2.4 levels RMS (it compresses contrast, gain 0.93-0.99 plus an offset per channel, and
adds texture to flat areas), because it was trained on bicubic-downscaled DIV2K while real small photos are sharper and more
aliased. Pre-sharpening or blurring the input did not fix it, and x2 self-ensemble gave only +0.05 dB at twice the cost. What
works is blending with the centred Lanczos (slim and medium only) and two rounds of back-projection (the Lanczos-enlarged
difference between the input and the area-averaged result is added back). Side by side: docs/images/upscale-side-by-side.png.

What the models add on top of that: the "no model" row is the same refinement with the model's weight at 0 (${gain(2, NO_MODEL)}
dB at 2x, ${gain(4, NO_MODEL)} at 4x). Medium, the default until now, reached ${gain(2, PREVIOUS)} and
${gain(4, PREVIOUS)} dB, barely above it; only thick adds real detail (${gain(2, BEST)} and ${gain(4, BEST)} dB), at about 75 CPU-seconds
per input megapixel. Two changes make it affordable. The converter writes thick as int8 in QDQ form (per-channel int8
weights using 7 of their bits, so that CPUs without VNNI do not saturate, uint8 activations with ranges calibrated on 48-pixel crops of these photos near their upper-left corners, the
last three of its 154 convolutions kept in float), which onnxruntime fuses into QLinearConv: the model alone runs about
2.5 times faster (64x64 input, 2 threads, back to back: 28 against 70 CPU-seconds per input megapixel, measured on an
earlier machine; on CPUs without VNNI the int8 kernels gain less, as the per-image times below show) and stays within
0.4 level RMS of the float model; on every tile it gives ${gain(2, INT8)} and ${gain(4, INT8)} dB against ${gain(2, BEST)} and
${gain(4, BEST)} in float (${ms(2, INT8)} against ${ms(2, BEST)} ms and ${ms(4, INT8)} against ${ms(4, BEST)} ms per image). Keeping post_blocks_conv in float is worth 0.1 dB at 4x; keeping the first
convolution too, 0.03 dB more, but it made the model 1.6 times slower (onnxruntime then wraps each int8 convolution in
transposes). And balanced runs it only where it pays: the 16-pixel blocks are ranked by
the luma a Lanczos round trip (area average down, centred Lanczos up) loses, the top quarter (never a block losing under
1 level squared on average) is merged into rectangles of at most 128 pixels a side, each run with 4 pixels of context,
and the result replaces the centred Lanczos there, cross-faded over 2 pixels either side of a rectangle's edge, before the
same back-projection. Away from the rectangles the result is the "no model" one. This gives ${gain(2, BALANCED)} dB at 2x and
${gain(4, BALANCED)} at 4x, ${pct(2)} and ${pct(4)} of what int8 thick on every tile adds over the no-model refinement.
Photos at full size have few blocks that lose much in a round trip, so the timed photo runs the model on a small part
of itself; the mosaic, whose cells are box-downscaled 2x and 4x, is detailed everywhere and shows the cost when a full
quarter of the blocks runs (at 4x the same input-side work with a larger refinement). In trials at 4x (8 pixels of context, a slightly more precise int8 model), 15% of
the blocks gave 0.07 dB less than a quarter, 40% 0.08 dB more and 60% 0.13 more, for proportionally more model work
on detailed images; 32-pixel blocks gave 0.1 dB less than 16-pixel ones.

Where the time goes (1024x1024, warm, CPU seconds): the centred Lanczos and the back-projection over the whole image take
about 2 CPU-seconds at 4x (a Garden crop, with few selected blocks, took 2.6 in all), the rest is the int8 model on the
selected rectangles. The refinement runs in closed form
on NCHW planes (one enlargement and one area average per tile, the back-projection rounds on the small grid), tiles
overlap by 12 pixels a side, and idle inference threads sleep instead of spinning, which burns CPU time while other
processes need the cores. Peak memory is read from VmHWM: getrusage's maxRSS survives exec on Linux, so the probe,
forked from this bench with its models loaded, would report the bench's own size.`,
);
console.log(sections.join('\n\n'));
console.log(goals);
for (const m of models.values()) await m.dispose();
