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
  oursMs: number;
}

type BeforeFigures = Record<string, { psnr: number; ssim: number }>;

async function run(): Promise<Result[]> {
  const cv = await loadOpenCv();
  const set =
    onlyPart === 'wide'
      ? []
      : await buildWatermarkSet({ parts: onlyPart ? [onlyPart] : undefined, clean: false, side: SIDE });
  const wide =
    wideDir && (!onlyPart || onlyPart === 'wide')
      ? await buildWideSet(wideDir, { side: SIDE, clean: false })
      : [];
  const cases = [...set, ...wide].filter((c) => !onlyCases || onlyCases.includes(c.id));
  const results: Result[] = [];
  for (const c of cases) {
    const t = performance.now();
    const ours = inpaintImage(c.input, c.looseMask, { kind: 'watermark' }).image;
    const oursMs = performance.now() - t;
    const outputs: Record<Method, RawImage> = {
      ours,
      fill: inpaintImage(c.input, c.looseMask, { kind: 'object', feather: 0 }).image,
      telea: opencvInpaint(cv, c.input, c.looseMask, 'telea'),
      ns: opencvInpaint(cv, c.input, c.looseMask, 'ns'),
    };
    const metrics = {} as Record<Method, Metrics>;
    for (const m of METHODS) metrics[m] = measure(outputs[m], c.reference, c.looseMask);
    results.push({ c, metrics, outputs, oursMs });
    console.log(
      `${c.id} ${c.kind.padEnd(20)} ours ${metrics.ours.psnr.toFixed(2)} (${Math.round(oursMs)} ms) fill ${metrics.fill.psnr.toFixed(2)} telea ${metrics.telea.psnr.toFixed(2)} ns ${metrics.ns.psnr.toFixed(2)}`,
    );
  }
  return results;
}

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

async function main() {
  const results = await run();
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
    for (const part of ['tuning', 'heldout', 'wide'] as const) {
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

  const parts: (Part | 'wide')[] = wideDir ? ['tuning', 'heldout', 'wide'] : ['tuning', 'heldout'];
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

Median time of our removal per case: ${Math.round(results.map((r) => r.oursMs).sort((a, b) => a - b)[results.length >> 1])} ms (single thread, on a shared machine; for orientation only).

Contact sheet of the ten cases where we gain least over the best peer (input, ours, our fill alone, best peer, clean photo; crops around the mask): [docs/images/watermark-contact-sheet.png](images/watermark-contact-sheet.png)

<details><summary>Per case (PSNR dB / SSIM)</summary>

${perCase}

</details>`,
  );
}

await main();
