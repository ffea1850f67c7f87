/**
 * Inpainting benchmark: `node --import tsx bench/inpaint.ts [--only=watermark|object] [--no-timing] [--no-report]`.
 * Quality on the seeded watermark and object sets (PSNR, SSIM, texture score in the mask's neighbourhood)
 * against OpenCV's Telea and Navier-Stokes inpainting, measured in the same run; then the time and peak
 * memory of the full local provider (decode, worker, encode) on a 2560x1600 photo with a 3 % mask.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runChain } from '../server/src/engines/chain';
import { createObjectRemovalEngine } from '../server/src/engines/inpaint/inpaint.engine';
import { decodePhoto } from '../server/src/lib/image/raw-image';
import { quietRunContext } from '../server/test/support/run-context';
import { seededRandom } from '../server/src/lib/random';
import { inpaintImage, type InpaintOptions } from '../server/src/models/inpaint/inpaint.model';
import { createWorkerPool } from '../server/src/inference/pool';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';
import { buildCases, type BenchCase } from './inpaint/cases';
import { writeContactSheet, type SheetRow } from './inpaint/contact-sheet';
import { measure, textureScore, type Metrics } from './inpaint/metrics';
import { loadOpenCv, opencvInpaint } from './inpaint/peers';

const args = new Set(process.argv.slice(2));
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7) as
  'watermark' | 'object' | undefined;
const METHODS = ['ours', 'telea', 'ns'] as const;
type Method = (typeof METHODS)[number];

interface CaseResult {
  c: BenchCase;
  metrics: Record<Method, Metrics>;
  ms: Record<Method, number>;
  outputs: Record<Method, Parameters<typeof measure>[0]>;
  /** The texture score of the clean photo itself: what a perfect fill would get. */
  referenceTexture: number;
}

async function timing() {
  const photo = new URL('../assets/photos/LadyBird.jpg', import.meta.url);
  const bytes = readFileSync(photo);
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const rnd = seededRandom(7);
  const mask = new Uint8Array(width * height);
  // Three blobs that together cover 3 % of the photo, as a person would paint over objects.
  const target = 0.03 * width * height;
  const shares = [0.5, 0.3, 0.2];
  for (const share of shares) {
    const r = Math.sqrt((share * target) / Math.PI);
    const cx = r + rnd() * (width - 2 * r);
    const cy = r + rnd() * (height - 2 * r);
    for (let y = Math.floor(cy - r); y <= cy + r; y++)
      for (let x = Math.floor(cx - r); x <= cx + r; x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) mask[y * width + x] = 1;
  }
  let covered = 0;
  for (const v of mask) covered += v ? 1 : 0;
  const pool = createWorkerPool({ threads: 1 });
  const engine = createObjectRemovalEngine({ pool });
  const ctx = quietRunContext(120_000);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  for (let run = 0; run < 4; run++) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    // As the server runs it: the stored photo decoded, the engine, the result encoded.
    const photo = await decodePhoto(bytes);
    await runChain(engine, { ...photo, mask: { bits: mask, width, height }, kind: 'object' }, ctx);
    const used = process.cpuUsage(cpu);
    if (run > 0) {
      times.push(performance.now() - t);
      cpuTimes.push((used.user + used.system) / 1000);
    }
  }
  clearInterval(sampler);
  await pool.close();
  return {
    width,
    height,
    fraction: covered / (width * height),
    medianMs: median(times),
    times,
    cpuMs: median(cpuTimes),
    peakRss,
  };
}

async function quality(): Promise<CaseResult[]> {
  const holder = await loadOpenCv();
  const cases = await buildCases(2024, only);
  const results: CaseResult[] = [];
  for (const c of cases) {
    const outputs = {} as CaseResult['outputs'];
    const ms = {} as CaseResult['ms'];
    let t = performance.now();
    outputs.ours = inpaintImage(c.input, c.mask, {
      kind: c.set === 'watermark' ? 'watermark' : 'object',
    }).image;
    ms.ours = performance.now() - t;
    t = performance.now();
    outputs.telea = opencvInpaint(holder, c.input, c.mask, 'telea');
    ms.telea = performance.now() - t;
    t = performance.now();
    outputs.ns = opencvInpaint(holder, c.input, c.mask, 'ns');
    ms.ns = performance.now() - t;
    const metrics = {} as CaseResult['metrics'];
    for (const m of METHODS) metrics[m] = measure(outputs[m], c.reference, c.mask);
    results.push({ c, metrics, ms, outputs, referenceTexture: textureScore(c.reference, c.mask) });
    const f = (m: Metrics) => `${m.psnr.toFixed(2)} dB ${m.ssim.toFixed(3)} tex ${m.texture.toFixed(2)}`;
    console.log(
      `${c.id} ${c.description.padEnd(48)} ours ${f(metrics.ours)} (${Math.round(ms.ours)} ms) | telea ${f(metrics.telea)} | ns ${f(metrics.ns)}`,
    );
  }
  return results;
}

/**
 * What the fill's last steps trade on the object set: the same fill with the detail scaling off, capped
 * tighter or not at all, and with its low frequencies left to the exemplars, beside the default.
 */
const VARIANTS: { label: string; completion: NonNullable<InpaintOptions['completion']> }[] = [
  { label: 'detail scaling off', completion: { detailGain: 1 } },
  { label: 'detail cap 4x the median (edges ask for less grain)', completion: { detailCap: 4 } },
  { label: 'detail cap off (edges ask for grain too)', completion: { detailCap: Infinity } },
  { label: 'low frequencies from the exemplars, not diffusion', completion: { guideBlend: 0 } },
];

function tradeOffs(results: CaseResult[]): string[][] {
  const objects = results.filter((r) => r.c.set === 'object');
  const row = (label: string, metrics: Metrics[]) => [
    label,
    mean(metrics.map((m) => m.psnr)).toFixed(2),
    mean(metrics.map((m) => m.ssim)).toFixed(3),
    mean(metrics.map((m) => m.texture)).toFixed(3),
  ];
  const rows = [
    row(
      'default (cap 32x, gain within 1/3-3x)',
      objects.map((r) => r.metrics.ours),
    ),
  ];
  for (const v of VARIANTS) {
    const metrics = objects.map((r) => {
      const out = inpaintImage(r.c.input, r.c.mask, { kind: 'object', completion: v.completion }).image;
      return measure(out, r.c.reference, r.c.mask);
    });
    rows.push(row(v.label, metrics));
    console.log(`variant ${v.label}: ${rows[rows.length - 1].slice(1).join(' / ')}`);
  }
  return rows;
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

function summary(results: CaseResult[], set: 'watermark' | 'object'): string[][] {
  const rows = results.filter((r) => r.c.set === set);
  const label: Record<Method, string> = {
    ours: 'ours (local-patchmatch)',
    telea: 'OpenCV Telea',
    ns: 'OpenCV Navier-Stokes',
  };
  const reference = ['clean reference', '-', '-', mean(rows.map((r) => r.referenceTexture)).toFixed(2), '-'];
  return [
    ...METHODS.map((m) => [
      label[m],
      mean(rows.map((r) => r.metrics[m].psnr)).toFixed(2),
      mean(rows.map((r) => r.metrics[m].ssim)).toFixed(3),
      mean(rows.map((r) => r.metrics[m].texture)).toFixed(2),
      String(Math.round(median(rows.map((r) => r.ms[m])))),
    ]),
    reference,
  ];
}

/** "PSNR dB, texture t" of our fill for one case, for the prose. */
function caseFigures(results: CaseResult[], id: string): string {
  const r = results.find((x) => x.c.id === id);
  return r ? `${r.metrics.ours.psnr.toFixed(2)} dB, texture ${r.metrics.ours.texture.toFixed(2)}` : 'not run';
}

/** The texture score of the clean photo in one case's hole, for the prose. */
function referenceTexture(results: CaseResult[], id: string): string {
  return results.find((x) => x.c.id === id)?.referenceTexture.toFixed(2) ?? 'not run';
}

function bestPeer(r: CaseResult): 'telea' | 'ns' {
  return r.metrics.telea.psnr >= r.metrics.ns.psnr ? 'telea' : 'ns';
}

async function main() {
  const time = args.has('--no-timing') ? null : await timing();
  if (time)
    console.log(
      `timing ${time.width}x${time.height}, mask ${(100 * time.fraction).toFixed(1)} %: median ${Math.round(time.medianMs)} ms (CPU ${Math.round(time.cpuMs)} ms), runs ${time.times.map(Math.round).join(', ')}, peak RSS ${Math.round(time.peakRss / 2 ** 20)} MiB`,
    );
  if (args.has('--timing-only')) return;
  const results = await quality();
  const sheet: SheetRow[] = results.map((r) => {
    const peer = bestPeer(r);
    return {
      label: `${r.c.id} ${r.c.description}`,
      mask: r.c.mask,
      tiles: [
        { title: 'input', image: r.c.input },
        { title: `ours ${r.metrics.ours.psnr.toFixed(1)} dB`, image: r.outputs.ours },
        {
          title: `${peer === 'telea' ? 'Telea' : 'NS'} ${r.metrics[peer].psnr.toFixed(1)} dB`,
          image: r.outputs[peer],
        },
        { title: 'reference', image: r.c.reference },
      ],
    };
  });
  if (args.has('--no-sheet')) return;
  mkdirSync(new URL('../docs/images/', import.meta.url), { recursive: true });
  await writeContactSheet(
    sheet,
    new URL('../docs/images/inpaint-contact-sheet.png', import.meta.url).pathname,
  );
  if (args.has('--no-report') || only) return;

  const header = ['method', 'PSNR (dB)', 'SSIM', 'texture score', 'median ms per case'];
  const perCase = markdownTable(
    ['case', 'description', 'ours PSNR / SSIM / texture', 'Telea', 'Navier-Stokes', 'reference texture'],
    results.map((r) => [
      r.c.id,
      r.c.description,
      ...METHODS.map(
        (m) =>
          `${r.metrics[m].psnr.toFixed(2)} / ${r.metrics[m].ssim.toFixed(3)} / ${r.metrics[m].texture.toFixed(2)}`,
      ),
      r.referenceTexture.toFixed(2),
    ]),
  );
  const wm = summary(results, 'watermark');
  const ob = summary(results, 'object');
  const wmGain = Number(wm[0][1]) - Math.max(Number(wm[1][1]), Number(wm[2][1]));
  // summary() rows: ours, telea, ns, reference.
  const obGain = Number(ob[0][1]) - Math.max(Number(ob[1][1]), Number(ob[2][1]));
  const trades = tradeOffs(results);
  const markdown = `## Inpainting (watermark removal, object removal)

\`node --import tsx bench/inpaint.ts\`. Seeded sets built by \`bench/inpaint/cases.ts\` from \`assets/photos\` (longer side 1024 px; inputs kept lossless so the figures measure the algorithm, not JPEG noise):
${results.filter((r) => r.c.set === 'watermark').length} watermark cases (translucent diagonal and tiled text, thin and bold fonts, opaque corner logos, date stamps, coloured translucent logos, a banner) and
${results.filter((r) => r.c.set === 'object').length} object cases (patches of other photos pasted as objects, radius 3-15 % of the short side), each with the clean photo as reference and the exact mask.
Metrics in the mask grown by 8 px: PSNR (RGB), SSIM (luma, 7x7), and the texture score (gradient energy inside the mask over a ring 4-15 px around it; 1.0 = as detailed as the surroundings).
Every method gets the same input and mask; the peers are OpenCV 4.12's \`cv.inpaint\` (radius 3) from \`@techstark/opencv-js\`, run in the same process.

**Watermark set** (goal: average PSNR at least 3 dB above the best peer; measured: **${wmGain >= 0 ? '+' : ''}${wmGain.toFixed(2)} dB**)

${markdownTable(header, wm)}

Translucent marks are recovered by inverting their blend, except where the inverted pixels come out much rougher than the photo around the mark (a high opacity multiplies the input's own noise by 1 / (1 - a)); those marks are filled instead. The mask is also grown over the colour halo that lossy formats leave around a saturated mark; the inputs here are lossless with exact masks, so no halo is found and no mask grows.

**Object set** (goal: PSNR no worse than the best peer, texture score at least 0.8 of the clean photo's own; measured: **${obGain >= 0 ? '+' : ''}${obGain.toFixed(2)} dB**, texture ${ob[0][3]} against ${ob[3][3]} for the clean photo itself)

${markdownTable(header, ob)}

Fills take their detail from their sources instead of averaging it away: patch distances also compare the texture channels (local mean absolute gradient) so a smooth fill does not attract smooth sources, votes let the best patches dominate, the finest level copies each pixel from its best match and melds the copies in the gradient domain (a screened Poisson solve keeps the differences each source has, so the steps where two sources meet fade instead of showing as a crackle on smooth fills), and the fill's fine detail is finally scaled, in three rounds and within 1/3-3x overall, towards the gradient energy of the photo around it, each pixel's share capped at 32 times the surroundings' median so that an edge beside the hole asks for no grain and a blurred background stays smooth. Before that fill, edges that cross the hole are continued: strong, one-directional edges entering it that stand out from the surroundings' own detail are paired by direction and cross-section and joined by a low-curvature curve drawn as a band whose halves repeat the grain of their own edge with its period (a lattice's struts), a straight thin line with no partner continues until it leaves the hole, and the exemplar fill grows the rest around them. After it, an isolated speck copied onto a flat part of the fill is rebuilt from the fill around it, and thin lines too faint against their texture to be drawn as structure (whiskers, blades, wires) are added over the fill along their straight course, fading out unless they reappear where that course leaves the hole. ${
    Number(ob[0][3]) < 0.8 * Number(ob[3][3])
      ? `Texture goal not met: our fills score ${ob[0][3]} against ${ob[3][3]} for the photos themselves. Where the surroundings are textured (fur, grass, wood, a leaf) fills reach about 0.9-1.0 of them (obj-01, obj-03, obj-08, obj-11). The shortfall is in holes whose true content is more detailed than anything entering them: obj-03's whiskers cross the hole (clean photo ${referenceTexture(results, 'obj-03')}); they are now carried on over the fur, but straight and tapering while the real ones curve on to the far side (${caseFigures(results, 'obj-03')}); obj-05's mast carries the grain of its lattice and pole (${caseFigures(results, 'obj-05')}; clean ${referenceTexture(results, 'obj-05')}), but the platform it stands on appears nowhere around the hole; obj-11's clean photo has a water drop inside the hole (${referenceTexture(results, 'obj-11')}). Melding the finest copy removed seams that had counted as texture (obj-04 ${caseFigures(results, 'obj-04')}, obj-07 ${caseFigures(results, 'obj-07')}, obj-10 ${caseFigures(results, 'obj-10')}; their clean photos score ${['obj-04', 'obj-07', 'obj-10'].map((id) => referenceTexture(results, id)).join(', ')}): the average score went down with it, PSNR did not.`
      : `Texture goal met: our fills score ${ob[0][3]} against ${ob[3][3]} for the photos themselves (${(Number(ob[0][3]) / Number(ob[3][3])).toFixed(2)} of it).`
  } The diffusion peers' scores come largely from the sharp edges of their streaks (see the contact sheet), not from texture.

What the last steps trade, on the object set (same fills, one setting changed):

${markdownTable(['setting', 'PSNR (dB)', 'SSIM', 'texture score'], trades)}

Scaling the fill's detail towards its surroundings is what lifts the texture score; it costs a little PSNR and SSIM, and past the default cap it adds grain beside edges (obj-04's blurred flower, whose clean photo scores ${referenceTexture(results, 'obj-04')}) while the score hardly moves, because the surroundings' detail is the most it asks for. Leaving the low frequencies to the exemplars gives crisper but often wrong shapes (a dark area where obj-07's petal should be) at a large cost in PSNR.${
    Math.max(...trades.map((t) => Number(t[3]))) < 0.8
      ? ' None of these settings reaches 0.8: what remains is content that appears nowhere around the hole.'
      : ''
  }

${time ? `**Speed and memory**: ${time.width}x${time.height} JPEG with a ${(100 * time.fraction).toFixed(1)} % mask (three round areas), through the object-removal engine's local provider (decode, worker thread, encode to JPEG q95): median **${(time.medianMs / 1000).toFixed(2)} s** over ${time.times.length} runs after one warm-up (${time.times.map((t) => (t / 1000).toFixed(2)).join(', ')} s; goal under 3 s), using a median **${(time.cpuMs / 1000).toFixed(2)} s of CPU time** across all threads, which is the wall time to expect on an idle machine since the work runs on one worker thread, peak resident memory of the whole process **${Math.round(time.peakRss / 2 ** 20)} MiB** (goal under 1.5 GB). Times are taken on a shared machine.` : ''}

Contact sheet (input, ours, best peer by PSNR, reference; each tile is a crop around the mask): [docs/images/inpaint-contact-sheet.png](images/inpaint-contact-sheet.png)

<details><summary>Per case (PSNR dB / SSIM / texture)</summary>

${perCase}

</details>`;
  writeBenchmarkSection('inpaint', markdown);
}

await main();
