/**
 * Watermark removal on the extended set (bench/watermark-set: the marks people upload, loosely painted
 * masks): `node --import tsx bench/watermark.ts [--photos=DIR] [--part=tuning|heldout|wide] [--cases=t-10,t-12]
 * [--side=512] [--no-report] [--save-before]`. With `--part` or `--no-report` each part's summary is printed and
 * docs/ is left alone.
 * Our removal, our fill alone (the completion engine, no blend inversion) and OpenCV's Telea and
 * Navier-Stokes fills get the same input and the same loose mask; each is measured against the clean photo
 * in the mask grown by 8 px. Tuning and held-out parts are reported apart. `--save-before` stores our
 * figures as the "before" column (bench/watermark-set/before.json), for a change to be measured against.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { inpaintImage } from '../server/src/models/inpaint/inpaint.model';
import type { RawImage } from '../server/src/lib/image/raw-image';
import { markdownTable, writeBenchmarkSection } from './lib/report';
import { writeContactSheet } from './inpaint/contact-sheet';
import { measure, type Metrics } from './inpaint/metrics';
import { loadOpenCv, opencvInpaint } from './inpaint/peers';
import { buildWatermarkSet, buildWideSet, wideName, type Part, type WatermarkCase } from './watermark-set';

const args = new Set(process.argv.slice(2));
const onlyPart = process.argv.find((a) => a.startsWith('--part='))?.slice(7) as Part | 'wide' | undefined;
/** A few cases while iterating; like --part, the report and the before figures are then left alone. */
const onlyCases = process.argv
  .find((a) => a.startsWith('--cases='))
  ?.slice(8)
  .split(',');
/** A folder of photos outside the repository to mark as well (part `wide`, reported apart); see the set's README. */
const wideDir = process.argv.find((a) => a.startsWith('--photos='))?.slice(9);
const WIDE_TITLE = `Photos of \`${wideName(wideDir ?? '')}\` (outside the repository)`;
/** Longer side of the photos: 512 keeps a run of the whole set within minutes on a shared machine. */
const SIDE = Number(process.argv.find((a) => a.startsWith('--side='))?.slice(7) ?? 512);
const BEFORE = new URL('./watermark-set/before.json', import.meta.url);
/** The figures of the removal as it was before the latest change (`--save-previous`), for the side-by-side table. */
const PREVIOUS = new URL('./watermark-set/previous.json', import.meta.url);

const METHODS = ['ours', 'fill', 'telea', 'ns'] as const;
type Method = (typeof METHODS)[number];

interface Result {
  c: WatermarkCase;
  metrics: Record<Method, Metrics>;
  outputs: Record<Method, RawImage>;
  /** CPU time of our removal (the process's: nothing else runs in it meanwhile), and per step. */
  oursCpuMs: number;
  steps: Record<string, number>;
}

/** The steps of the removal in the order they run (inpaint.model.ts, `profile`). */
const STEPS = [
  'background',
  'invert',
  'checkFill',
  'invertedPhoto',
  'split',
  'fill',
  'outline',
  'ghost',
  'neverWorse',
] as const;
/** Longer side of the tiled marks timed at about 2 megapixels (1732 x 1083 on the set's 16:10 photos). */
const LARGE_SIDE = 1732;

type BeforeFigures = Record<string, { psnr: number; ssim: number }>;

async function run(): Promise<Result[]> {
  const cv = await loadOpenCv();
  const set =
    onlyPart === 'wide'
      ? []
      : await buildWatermarkSet({
          parts: onlyPart ? [onlyPart] : undefined,
          clean: false,
          side: SIDE,
          added: true,
        });
  const wide =
    wideDir && (!onlyPart || onlyPart === 'wide')
      ? await buildWideSet(wideDir, { side: SIDE, clean: false })
      : [];
  // The tiled marks again at about 2 megapixels, where a tiled mark was slowest: timed, reported apart.
  const large =
    onlyPart || onlyCases || args.has('--no-report')
      ? []
      : (await buildWatermarkSet({ clean: false, side: LARGE_SIDE }))
          .filter((c) => c.kind === 'tiled')
          .map((c) => ({ ...c, id: `${c.id}-2mp` }));
  const cases = [...set, ...wide, ...large].filter((c) => !onlyCases || onlyCases.includes(c.id));
  const results: Result[] = [];
  for (const c of cases) {
    const before = process.cpuUsage();
    const removal = inpaintImage(c.input, c.looseMask, { kind: 'watermark', profile: true });
    const spent = process.cpuUsage(before);
    const ours = removal.image;
    const oursCpuMs = (spent.user + spent.system) / 1000;
    const outputs: Record<Method, RawImage> = {
      ours,
      fill: inpaintImage(c.input, c.looseMask, { kind: 'object', feather: 0 }).image,
      telea: opencvInpaint(cv, c.input, c.looseMask, 'telea'),
      ns: opencvInpaint(cv, c.input, c.looseMask, 'ns'),
    };
    const metrics = {} as Record<Method, Metrics>;
    for (const m of METHODS) metrics[m] = measure(outputs[m], c.reference, c.looseMask);
    results.push({ c, metrics, outputs, oursCpuMs, steps: removal.stats.stepCpuMs ?? {} });
    console.log(
      `${c.id} ${c.kind.padEnd(20)} ${c.input.width}x${c.input.height} ours ${metrics.ours.psnr.toFixed(2)} (${Math.round(oursCpuMs)} ms CPU) fill ${metrics.fill.psnr.toFixed(2)} telea ${metrics.telea.psnr.toFixed(2)} ns ${metrics.ns.psnr.toFixed(2)}`,
    );
  }
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const bestPeer = (r: Result) => Math.max(r.metrics.telea.psnr, r.metrics.ns.psnr);
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;

function partTable(results: Result[], before: BeforeFigures | null): string {
  const kinds = [...new Set(results.map((r) => r.c.kind))];
  const row = (label: string, rows: Result[]) => {
    const b = rows.map((r) => before?.[r.c.id]?.psnr).filter((v): v is number => v !== undefined);
    return [
      label,
      rows.length,
      b.length === rows.length ? mean(b).toFixed(2) : '-',
      mean(rows.map((r) => r.metrics.ours.psnr)).toFixed(2),
      mean(rows.map((r) => r.metrics.fill.psnr)).toFixed(2),
      mean(rows.map((r) => r.metrics.telea.psnr)).toFixed(2),
      mean(rows.map((r) => r.metrics.ns.psnr)).toFixed(2),
      signed(mean(rows.map((r) => r.metrics.ours.psnr - bestPeer(r)))),
    ];
  };
  return markdownTable(
    [
      'kind of mark',
      'cases',
      'before (dB)',
      'ours (dB)',
      'our fill alone',
      'Telea',
      'Navier-Stokes',
      'ours − best peer',
    ],
    [
      ...kinds.map((k) =>
        row(
          k,
          results.filter((r) => r.c.kind === k),
        ),
      ),
      row('**all**', results),
    ],
  );
}

function partSummary(results: Result[], before: BeforeFigures | null) {
  const ours = mean(results.map((r) => r.metrics.ours.psnr));
  const peer = Math.max(
    mean(results.map((r) => r.metrics.telea.psnr)),
    mean(results.map((r) => r.metrics.ns.psnr)),
  );
  const b = results.map((r) => before?.[r.c.id]?.psnr);
  const beforeMean = b.every((v) => v !== undefined) ? mean(b as number[]) : null;
  const worseThanPeer = results.filter((r) => r.metrics.ours.psnr < bestPeer(r) - 0.5).map((r) => r.c.id);
  const worseThanFill = results
    .filter((r) => r.metrics.ours.psnr < r.metrics.fill.psnr - 0.5)
    .map((r) => r.c.id);
  return {
    ours,
    peer,
    gain: ours - peer,
    beforeGain: beforeMean === null ? null : beforeMean - peer,
    worseThanPeer,
    worseThanFill,
  };
}

/** CPU time per step, summed over `rows`, as a table row (ms). */
function stepRow(label: string, rows: Result[]): (string | number)[] {
  const total = (f: (r: Result) => number) => Math.round(rows.reduce((a, r) => a + f(r), 0));
  return [
    label,
    rows.length,
    total((r) => r.oursCpuMs),
    Math.round(Math.max(...rows.map((r) => r.oursCpuMs))),
    ...STEPS.map((step) => total((r) => r.steps[step] ?? 0)),
  ];
}

function stepTable(rows: [string, Result[]][]): string {
  return markdownTable(
    ['cases', 'n', 'CPU ms, all', 'slowest case', ...STEPS],
    rows.filter(([, r]) => r.length).map(([label, r]) => stepRow(label, r)),
  );
}

async function main() {
  const all = await run();
  const large = all.filter((r) => r.c.id.endsWith('-2mp'));
  const results = all.filter((r) => !r.c.id.endsWith('-2mp'));
  if (onlyCases) return;
  for (const [flag, file] of [
    ['--save-before', BEFORE],
    ['--save-previous', PREVIOUS],
  ] as const) {
    if (!args.has(flag)) continue;
    const figures: BeforeFigures = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    for (const r of results)
      figures[r.c.id] = { psnr: +r.metrics.ours.psnr.toFixed(3), ssim: +r.metrics.ours.ssim.toFixed(4) };
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    return;
  }
  const before: BeforeFigures | null = existsSync(BEFORE) ? JSON.parse(readFileSync(BEFORE, 'utf8')) : null;
  // A part alone (or --no-report) is a look, not a run of record: its summary on the console, the report and
  // its contact sheet left as they are.
  if (args.has('--no-report') || onlyPart) {
    for (const part of ['heldout', 'tuning', 'wide'] as const) {
      const rows = results.filter((r) => r.c.part === part);
      if (!rows.length) continue;
      const s = partSummary(rows, before);
      console.log(
        `${part}: ${rows.length} cases, ours ${s.ours.toFixed(2)} dB, ${signed(s.gain)} dB over the best peer (mean over cases ${signed(mean(rows.map((r) => r.metrics.ours.psnr - bestPeer(r))))}); more than 0.5 dB below the best peer: ${s.worseThanPeer.join(', ') || 'none'}; more than 0.5 dB below our fill alone: ${s.worseThanFill.join(', ') || 'none'}`,
      );
    }
    return;
  }
  const hardest = [...results]
    .sort((a, b) => a.metrics.ours.psnr - bestPeer(a) - (b.metrics.ours.psnr - bestPeer(b)))
    .slice(0, 10);
  mkdirSync(new URL('../docs/images/', import.meta.url), { recursive: true });
  await writeContactSheet(
    hardest.map((r) => {
      const peer = r.metrics.telea.psnr >= r.metrics.ns.psnr ? 'telea' : 'ns';
      return {
        label: `${r.c.id} ${r.c.kind}`,
        mask: r.c.looseMask,
        tiles: [
          { title: 'input', image: r.c.input },
          {
            title: `ours ${r.metrics.ours.psnr.toFixed(1)} dB (before ${before?.[r.c.id]?.psnr.toFixed(1) ?? '-'})`,
            image: r.outputs.ours,
          },
          { title: `fill alone ${r.metrics.fill.psnr.toFixed(1)} dB`, image: r.outputs.fill },
          {
            title: `${peer === 'telea' ? 'Telea' : 'NS'} ${r.metrics[peer].psnr.toFixed(1)} dB`,
            image: r.outputs[peer],
          },
          { title: 'reference', image: r.c.reference },
        ],
      };
    }),
    new URL('../docs/images/watermark-contact-sheet.png', import.meta.url).pathname,
  );

  // The held-out part first: it is the figure that predicts photos the removal was not tuned on.
  const parts: (Part | 'wide')[] = wideDir ? ['heldout', 'tuning', 'wide'] : ['heldout', 'tuning'];
  const title = { tuning: 'Tuning part', heldout: 'Held-out part (never tuned on)', wide: WIDE_TITLE };
  const sections = parts.map((part) => {
    const rows = results.filter((r) => r.c.part === part);
    const s = partSummary(rows, before);
    return `**${title[part]}**: ours ${s.ours.toFixed(2)} dB, **${signed(s.gain)} dB** over the best peer${s.beforeGain === null ? '' : ` (before: ${signed(s.beforeGain)} dB)`}; cases more than 0.5 dB below the best peer: ${s.worseThanPeer.join(', ') || 'none'}; more than 0.5 dB below our fill alone: ${s.worseThanFill.join(', ') || 'none'}.

${partTable(rows, before)}`;
  });
  const perCase = markdownTable(
    ['case', 'kind', 'description', 'before', 'ours', 'fill alone', 'Telea', 'Navier-Stokes'],
    results.map((r) => [
      r.c.id,
      r.c.kind,
      r.c.description,
      before?.[r.c.id]?.psnr.toFixed(2) ?? '-',
      ...METHODS.map((m) => `${r.metrics[m].psnr.toFixed(2)} / ${r.metrics[m].ssim.toFixed(3)}`),
    ]),
  );
  writeBenchmarkSection(
    'watermark',
    `## Watermark removal on the marks people upload

\`npm run bench -- watermark\`. The set of \`bench/watermark-set\` (see its README): ${results.filter((r) => r.c.part !== 'wide').length} marked photos from \`assets/photos\`, longer side ${SIDE} px, in a tuning part and a held-out part with their own photos and seeds; each removal is given the loose mask a person paints (a few to a few tens of pixels wider than the mark, rectangles around small text), not the mark's exact outline. PSNR (RGB) against the clean photo in the mask grown by 8 px, per kind of mark (mean over its cases). "Before" is the removal as it was before the per-region mark model and the never-worse check (figures stored in \`bench/watermark-set/before.json\` by \`--save-before\`); "our fill alone" is the completion engine without blend inversion; the peers are OpenCV 4.12's \`cv.inpaint\` (radius 3), run in the same process on the same input and mask. Goal: at least 3 dB above the best peer on average.

${sections.join('\n\n')}

**Time.** CPU time of our removal (\`process.cpuUsage()\` of the benchmark's process, which runs nothing else meanwhile: the machine is shared, so wall-clock times are not comparable), in ms, per step of \`inpaint.model.ts\` (its \`profile\` option): the background guess (diffusion, halo), the two inversions (\`invert\`), the fill of the whole mask that judges them (\`checkFill\`), the photo handed back (\`invertedPhoto\`), the split of unexplained parts into photo and mark (\`split\`, with patch novelty), the fill of what is lost (\`fill\`), the outline rebuild, the leftover-mark (\`ghost\`) and never-worse checks. Median per case ${Math.round(median(results.map((r) => r.oursCpuMs)))} ms at ${SIDE} px; the tiled marks again at about 2 megapixels (longer side ${LARGE_SIDE} px): ${large.map((r) => `${r.c.id} ${(r.oursCpuMs / 1000).toFixed(1)} s CPU, ${r.metrics.ours.psnr.toFixed(2)} dB (best peer ${bestPeer(r).toFixed(2)})`).join('; ') || 'not run'}.

${stepTable([
  ['held-out part', results.filter((r) => r.c.part === 'heldout')],
  ['tuning part', results.filter((r) => r.c.part === 'tuning')],
  ...large.map((r): [string, Result[]] => [`${r.c.id} (${r.c.input.width}x${r.c.input.height})`, [r]]),
])}

Contact sheet of the ten cases where we gain least over the best peer (input, ours, our fill alone, best peer, clean photo; crops around the mask): [docs/images/watermark-contact-sheet.png](images/watermark-contact-sheet.png)

<details><summary>Per case (PSNR dB / SSIM)</summary>

${perCase}

</details>`,
  );
}

await main();
