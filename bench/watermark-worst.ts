/**
 * Watermark removal on the kinds it did worst on against OpenCV's fills (bench/watermark-worst/cases.ts):
 * `node --import tsx bench/watermark-worst.ts [--part=heldout|tuning] [--cases=hw-01,...] [--no-report]`.
 * The removal as the server runs it (with MI-GAN's learned fill), the same before the learned fill was asked for
 * the lost pixels alone (asked for the whole painted mask), our pipeline without a learned fill, and OpenCV's
 * Telea and Navier-Stokes fills, on the same input and painted box; PSNR against the clean photo in the mask grown
 * by 8 px. The goal (issue 58): no case more than 1 dB below the better OpenCV fill.
 */
import { markdownTable, writeBenchmarkSection } from './lib/report';
import { measure } from './inpaint/metrics';
import { loadOpenCv, opencvInpaint } from './inpaint/peers';
import { buildWorstCases, type WorstCase, type WorstPart } from './watermark-worst/cases';
import type { RawImage } from '../server/src/lib/image/raw-image';
import { inpaintImage, inpaintSteps, type InpaintResult } from '../server/src/models/inpaint/inpaint.model';
import { inpaintWithLearned } from '../server/src/models/inpaint/inpaint-with-learned';
import { learnedFillFor } from '../server/src/models/migan/learned-guide';
import { MiganModel } from '../server/src/models/migan/migan.model';

const args = process.argv.slice(2);
const onlyPart = args.find((a) => a.startsWith('--part='))?.slice(7) as WorstPart | undefined;
const onlyCases = args
  .find((a) => a.startsWith('--cases='))
  ?.slice(8)
  .split(',');
const report = !onlyPart && !onlyCases && !args.includes('--no-report');

const METHODS = ['ours', 'before', 'own', 'telea', 'ns'] as const;
type Method = (typeof METHODS)[number];
const LABEL: Record<Method, string> = {
  ours: 'ours (as the server runs it)',
  before: 'before (learned fill of the whole mask)',
  own: 'our fill alone, no learned fill',
  telea: 'Telea',
  ns: 'Navier-Stokes',
};

interface Result {
  c: WorstCase;
  psnr: Record<Method, number>;
  /** CPU time of the removal as the server runs it (the process's, MI-GAN's threads included). */
  cpuMs: number;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The removal as it was: the learned fill asked for the whole painted mask, combined into the lost pixels. */
async function asBefore(c: WorstCase, model: MiganModel): Promise<InpaintResult> {
  const whole = await learnedFillFor(c.input, c.mask, { kind: 'watermark' }, model);
  const run = inpaintSteps(c.input, c.mask, { kind: 'watermark' });
  let step = run.next();
  while (!step.done) step = run.next(whole);
  return step.value;
}

async function run(): Promise<Result[]> {
  const cv = await loadOpenCv();
  const model = new MiganModel(2);
  await model.load();
  const cases = (await buildWorstCases(onlyPart ? [onlyPart] : undefined)).filter(
    (c) => !onlyCases || onlyCases.includes(c.id),
  );
  const results: Result[] = [];
  for (const c of cases) {
    const started = cpuMs();
    const ours = (await inpaintWithLearned(c.input, c.mask, { kind: 'watermark' }, model)).image;
    const spent = cpuMs() - started;
    const outputs: Record<Method, RawImage> = {
      ours,
      before: (await asBefore(c, model)).image,
      own: inpaintImage(c.input, c.mask, { kind: 'watermark' }).image,
      telea: opencvInpaint(cv, c.input, c.mask, 'telea'),
      ns: opencvInpaint(cv, c.input, c.mask, 'ns'),
    };
    const psnr = {} as Record<Method, number>;
    for (const m of METHODS) psnr[m] = measure(outputs[m], c.reference, c.mask).psnr;
    results.push({ c, psnr, cpuMs: spent });
    console.log(
      `${c.id} ${c.kind.padEnd(20)} ${METHODS.map((m) => `${m} ${psnr[m].toFixed(2)}`).join(' ')} (${Math.round(spent)} ms CPU)`,
    );
  }
  await model.dispose();
  return results;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const peer = (r: Result) => Math.max(r.psnr.telea, r.psnr.ns);
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;

function summary(rows: Result[]) {
  const gain = (m: Method) => rows.map((r) => r.psnr[m] - peer(r));
  const worst = (m: Method) => rows.reduce((a, r) => (r.psnr[m] - peer(r) < a.psnr[m] - peer(a) ? r : a));
  return {
    gain: { ours: mean(gain('ours')), before: mean(gain('before')), own: mean(gain('own')) },
    worst: { ours: worst('ours'), before: worst('before') },
    below: (m: Method) => rows.filter((r) => r.psnr[m] < peer(r) - 1).map((r) => r.c.id),
  };
}

function kindTable(rows: Result[]): string {
  const kinds = [...new Set(rows.map((r) => r.c.kind))];
  const row = (label: string, group: Result[]) => [
    label,
    group.length,
    ...METHODS.map((m) => mean(group.map((r) => r.psnr[m])).toFixed(2)),
    signed(mean(group.map((r) => r.psnr.before - peer(r)))),
    signed(mean(group.map((r) => r.psnr.ours - peer(r)))),
    signed(Math.min(...group.map((r) => r.psnr.ours - peer(r)))),
  ];
  return markdownTable(
    [
      'kind',
      'cases',
      ...METHODS.map((m) => LABEL[m]),
      'before − best peer',
      'ours − best peer',
      'worst case − best peer',
    ],
    [
      ...kinds.map((k) =>
        row(
          k,
          rows.filter((r) => r.c.kind === k),
        ),
      ),
      row('**all**', rows),
    ],
  );
}

function partText(title: string, rows: Result[]): string {
  const s = summary(rows);
  const w = s.worst.ours;
  const wb = s.worst.before;
  return `**${title}**: ours **${signed(s.gain.ours)} dB** over the better OpenCV fill on average (before ${signed(s.gain.before)}, our fill alone ${signed(s.gain.own)}); worst case ${w.c.id} ${signed(w.psnr.ours - peer(w))} dB (before: ${wb.c.id} ${signed(wb.psnr.before - peer(wb))}); more than 1 dB below it: ${s.below('ours').join(', ') || 'none'} (before: ${s.below('before').join(', ') || 'none'}).

${kindTable(rows)}`;
}

async function main() {
  const results = await run();
  const parts: [WorstPart, string][] = [
    ['heldout', 'Held-out part (Liberation faces, photos never tuned on)'],
    ['tuning', 'Tuning part (DejaVu faces, the watermark set’s tuning photos)'],
  ];
  for (const [part] of parts) {
    const rows = results.filter((r) => r.c.part === part);
    if (!rows.length) continue;
    const s = summary(rows);
    console.log(
      `${part}: ours ${signed(s.gain.ours)} dB over the best peer (before ${signed(s.gain.before)}, own ${signed(s.gain.own)}); more than 1 dB below: ${s.below('ours').join(', ') || 'none'}`,
    );
  }
  if (!report) return;
  const perCase = markdownTable(
    ['case', 'kind', 'photo', 'description', ...METHODS.map((m) => LABEL[m]), 'CPU s (ours)'],
    results.map((r) => [
      r.c.id,
      r.c.kind,
      r.c.photo,
      r.c.description,
      ...METHODS.map((m) => r.psnr[m].toFixed(2)),
      (r.cpuMs / 1000).toFixed(1),
    ]),
  );
  writeBenchmarkSection(
    'watermark-worst',
    `## Watermark removal on its worst kinds against OpenCV

\`npm run bench -- watermark-worst\`. The kinds on which people's own held-out set found the removal furthest below OpenCV's fills (issue 58): small opaque credit text in the busiest corner of a detailed photo, a colour logo (an emblem of two or three colours and a word) in a corner, and small light text in a night photo's darkest corner; ${results.length} cases of \`bench/watermark-worst/cases.ts\`, photos at 1280 px on the longer side (smaller ones as they are), saved as JPEG 80-92 after marking, each painted as a box with a 4-20 px margin. The held-out part draws in faces the watermark set never uses (Liberation) on photos no removal setting was chosen on (the set's held-out photos and three it never uses); the tuning part in the set's DejaVu faces on its tuning photos. PSNR (RGB, dB) against the clean photo in the mask grown by 8 px. "Ours" is the removal as the server runs it, with MI-GAN's learned fill; "before" is the same with the learned fill asked for the whole painted mask, as it was; the peers are OpenCV 4.12's \`cv.inpaint\` (radius 3). Goal: no case more than 1 dB below the better of the two.

${parts
  .map(([part, title]) => [title, results.filter((r) => r.c.part === part)] as const)
  .filter(([, rows]) => rows.length)
  .map(([title, rows]) => partText(title, rows))
  .join('\n\n')}

CPU time of our removal (the benchmark's process, MI-GAN's threads included; the machine is shared, so wall-clock times are not comparable): median ${(results.map((r) => r.cpuMs).sort((a, b) => a - b)[results.length >> 1] / 1000).toFixed(1)} s per case.

<details><summary>Per case (PSNR dB)</summary>

${perCase}

</details>`,
  );
}

await main();
