/**
 * Film date imprints ("remove the date stamp" in Chat to Edit): the date-stamp finder on seven-segment imprints
 * drawn as a film camera's LEDs burn them (glowing, added to the photo's light), shrunk and saved as JPEG as
 * phones do, over the project's photos (server/test/fixtures/date-imprint); per kind of imprint, for the kind it
 * was tuned on and the kinds held out apart; and proposals on the project's photos without an imprint.
 *
 * Prints its tables, and writes them to docs/BENCHMARKS.md when the shipped finder runs on the whole set. Each
 * figure is shown beside the stored one of the finder before the last change (bench/date-imprint/before-FINDER.json;
 * `--save-before` stores this run's there).
 * `--sheet` writes a contact sheet of the worst cases and, per kind, the found case whose mask strays most: each
 * imprint's corner, and the mask over it.
 *
 *   npm run bench -- date-imprint [--finder=date-stamp|warm-date-stamp|watermark-imprint] [--sheet=FILE.png]
 *     [--only=ID-PREFIX] [--save-before]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp, { type OverlayOptions } from 'sharp';
import type { RawImage } from '../server/src/lib/image/raw-image';
import { findTextMarks } from '../server/src/models/text-marks';
import { findDateImprint } from '../server/src/models/watermark-detect/date-imprint';
import {
  cleanCases,
  imprintCases,
  imprintPhoto,
  KINDS,
  type ImprintCase,
} from '../server/test/fixtures/date-imprint/cases';
import {
  renderImprint,
  renderPhoto,
  scoreImprint,
  type ImprintScore,
  type RenderedImprint,
} from '../server/test/fixtures/date-imprint/film-imprint';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
const finderName = arg('finder') ?? 'date-stamp';
const FINDERS: Record<string, (image: RawImage) => Uint8Array | null> = {
  'date-stamp': (image) => findTextMarks(image, 'date-stamp'),
  'warm-date-stamp': (image) => findTextMarks(image, 'warm-date-stamp'),
  'watermark-imprint': (image) => findDateImprint(image),
};
const find = FINDERS[finderName];
if (!find) throw new Error(`--finder: one of ${Object.keys(FINDERS).join(', ')}`);
const only = arg('only');

/** A case counts as found when the mask covers at least half of the digits' strokes. */
const FOUND_RECALL = 0.5;

interface Row {
  c: ImprintCase;
  score: ImprintScore;
  ms: number;
}

const BEFORE = new URL(`./date-imprint/before-${finderName}.json`, import.meta.url);
interface Before {
  cases: Record<string, ImprintScore>;
  clean: Record<string, boolean>;
}
const before: Before | null = existsSync(BEFORE)
  ? (JSON.parse(readFileSync(BEFORE, 'utf8')) as Before)
  : null;
const change = (then: string | null | undefined, now: string) => (then == null ? now : `${then} → ${now}`);
const fmt = (v: number) => v.toFixed(2);
const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

function summary(scores: ImprintScore[]) {
  const proposed = scores.filter((s) => s.precision !== null);
  return {
    cases: scores.length,
    found: scores.filter((s) => s.recall >= FOUND_RECALL).length,
    recall: mean(scores.map((s) => s.recall)),
    glow: mean(scores.map((s) => s.glow)),
    precision: proposed.length ? mean(proposed.map((s) => s.precision!)) : null,
  };
}

function summaryRow(label: string, rows: Row[]): (string | number)[] {
  const now = summary(rows.map((r) => r.score));
  const was =
    before && rows.every((r) => before.cases[r.c.id]) ? summary(rows.map((r) => before.cases[r.c.id])) : null;
  const p = (s: { precision: number | null } | null) =>
    s ? (s.precision === null ? '-' : fmt(s.precision)) : null;
  return [
    label,
    now.cases,
    change(was && String(was.found), String(now.found)),
    change(was && fmt(was.recall), fmt(now.recall)),
    change(was && fmt(was.glow), fmt(now.glow)),
    change(p(was), p(now)!),
    Math.round(median(rows.map((r) => r.ms))),
  ];
}

const cases = imprintCases().filter((c) => !only || c.id.startsWith(only));
const rows: Row[] = [];
const sheet = arg('sheet');
/** Crops of the sheet, W x H each. */
const [W, H] = [420, 140];
/** Each case's two crops for the sheet (kept rather than the photos, which would fill the memory). */
const sheetRows: { c: ImprintCase; score: ImprintScore; panels: [Buffer, Buffer] }[] = [];
// A first photo untimed, so the timings do not include the module's warm-up.
find(await renderPhoto(imprintPhoto('Storm.jpg'), 1024, 80));
for (const c of cases) {
  const rendered = await renderImprint(imprintPhoto(c.photo), c.spec);
  const { value: mask, ms } = timed(() => find(rendered.image));
  const score = scoreImprint(mask, rendered, rendered.image.width);
  rows.push({ c, score, ms });
  if (sheet) sheetRows.push({ c, score, panels: await sheetPanels(c, rendered, mask) });
  console.info(
    `${score.recall >= FOUND_RECALL ? 'found' : 'MISS '} ${c.id} ${c.photo} ${c.spec.side}px "${c.spec.text}": recall ${fmt(score.recall)} glow ${fmt(score.glow)} precision ${score.precision === null ? '-' : fmt(score.precision)} ${Math.round(ms)} ms`,
  );
}

const clean: { id: string; quiet: boolean; ms: number }[] = [];
if (!only || only === 'clean') {
  for (const c of cleanCases()) {
    const image = await renderPhoto(imprintPhoto(c.photo), c.side, c.quality);
    const { value: mask, ms } = timed(() => find(image));
    clean.push({ id: c.id, quiet: !mask, ms });
    if (mask) console.info(`PROPOSED on clean ${c.id} (${image.width}x${image.height})`);
  }
}

const header = [
  'kind',
  'cases',
  `found (strokes ≥ ${FOUND_RECALL} covered)`,
  'stroke recall',
  'glow covered',
  'precision',
  'median ms',
];
const kinds = KINDS.filter((k) => rows.some((r) => r.c.kind === k));
const quietBefore =
  before && clean.every((c) => c.id in before.clean) ? clean.filter((c) => before.clean[c.id]).length : null;
const markdown = `Finder: ${finderName}. Means over cases; recall and glow are 0 where nothing was proposed, precision is over the
cases with a proposal. "a → b": stored before the last change → now.

${markdownTable(header, [
  ...kinds.map((k) =>
    summaryRow(
      `${k.label} (${k.part})`,
      rows.filter((r) => r.c.kind === k),
    ),
  ),
  ...(['tuning', 'held-out'] as const)
    .map((part) => [part, rows.filter((r) => r.c.kind.part === part)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([part, list]) => summaryRow(part === 'tuning' ? '**tuning part**' : '**held-out kinds**', list)),
])}
${
  clean.length
    ? `
Clean photos (the project's ${clean.length / 2} photos, each at 1280 and 2048 px, JPEG quality 60-85): no proposal on
${change(quietBefore?.toString(), String(clean.filter((c) => c.quiet).length))} of ${clean.length}; median ${Math.round(median(clean.map((c) => c.ms)))} ms per photo.`
    : ''
}`;
console.info(`\n${markdown}`);
// The shipped finder on the whole set is what docs/BENCHMARKS.md reports; other finders and parts only print.
if (finderName === 'date-stamp' && !only) {
  const heldOut = summary(rows.filter((r) => r.c.kind.part === 'held-out').map((r) => r.score));
  const lead = `**Held-out kinds: ${heldOut.found} of ${heldOut.cases} found, stroke recall ${fmt(heldOut.recall)}, glow covered ${fmt(heldOut.glow)}, precision ${heldOut.precision === null ? '-' : fmt(heldOut.precision)}**; clean photos quiet: ${clean.filter((c) => c.quiet).length} of ${clean.length}.`;
  writeBenchmarkSection(
    'date-imprint',
    `## Film date imprints\n\n\`npm run bench -- date-imprint\`: "remove the date stamp" on seven-segment imprints drawn as a film camera's LEDs burn them, shrunk and saved as JPEG as phones do, over the project's photos (server/test/fixtures/date-imprint), per kind; the tuning kind and the held-out kinds apart, and the clean photos.\n\n${lead}\n\n${markdown}`,
  );
}

if (sheet) writeFileSync(sheet, await imprintSheet(sheetRows));

if (process.argv.includes('--save-before')) {
  mkdirSync(new URL('./date-imprint/', import.meta.url), { recursive: true });
  const stored = {
    cases: Object.fromEntries(rows.map((r) => [r.c.id, r.score])),
    clean: Object.fromEntries(clean.map((c) => [c.id, c.quiet])),
  };
  writeFileSync(BEFORE, `${JSON.stringify(stored, null, 1)}\n`);
}

/**
 * The imprint's corner of the photo, and the same crop with the proposal over it: red the mask, green the
 * strokes it missed, blue the visible glow's edge.
 */
async function sheetPanels(
  c: ImprintCase,
  rendered: RenderedImprint,
  mask: Uint8Array | null,
): Promise<[Buffer, Buffer]> {
  const { image } = rendered;
  const { width, height } = image;
  const h = c.spec.height * height;
  const cw = Math.min(width, Math.round(h * 12));
  const ch = Math.min(height, Math.round(h * 4));
  const left = c.spec.corner === 'bottom-right' ? width - cw : 0;
  const over = new Uint8Array(image.data);
  for (let i = 0; i < width * height; i++) {
    const p = i * 3;
    if (mask?.[i]) over.set([Math.min(255, over[p] * 0.4 + 150), over[p + 1] * 0.4, over[p + 2] * 0.4], p);
    else if (rendered.strokes[i]) over.set([0, 255, 0], p);
    else if (rendered.glow[i] && !rendered.glow[i - 1]) over.set([60, 120, 255], p);
  }
  const crop = (data: Uint8Array) =>
    sharp(data, { raw: { width, height, channels: 3 } })
      .extract({ left, top: height - ch, width: cw, height: ch })
      .resize(W, H, { fit: 'contain', background: '#000' })
      .png()
      .toBuffer();
  return [await crop(image.data), await crop(over)];
}

/**
 * The 8 cases with the lowest recall and precision, then per kind the found case whose mask strays most (the
 * lowest precision), two a line, each with its label.
 */
async function imprintSheet(list: typeof sheetRows): Promise<Buffer> {
  const score = (r: (typeof list)[number]) => r.score.recall + (r.score.precision ?? 0);
  const misses = [...list].sort((a, b) => score(a) - score(b)).slice(0, 8);
  const doubtful = KINDS.flatMap((kind) => {
    const found = list.filter(
      (r) => r.c.kind === kind && r.score.recall >= FOUND_RECALL && !misses.includes(r),
    );
    return found.sort((a, b) => (a.score.precision ?? 1) - (b.score.precision ?? 1)).slice(0, 1);
  });
  const worst = [...misses, ...doubtful];
  const LABEL = 18;
  const layers: OverlayOptions[] = [];
  for (const [k, { c, score, panels }] of worst.entries()) {
    const x = (k % 2) * (2 * W + 16);
    const y = Math.floor(k / 2) * (H + LABEL + 6);
    const label = `${c.id} ${c.photo} ${c.spec.side}px q${c.spec.quality}: recall ${fmt(score.recall)}, glow ${fmt(score.glow)}, precision ${score.precision === null ? '-' : fmt(score.precision)}`;
    layers.push(
      {
        input: Buffer.from(
          `<svg width="${2 * W}" height="${LABEL}"><text x="2" y="14" font-family="sans-serif" font-size="13" fill="#eee">${label}</text></svg>`,
        ),
        left: x,
        top: y,
      },
      { input: panels[0], left: x, top: y + LABEL },
      { input: panels[1], left: x + W + 4, top: y + LABEL },
    );
  }
  const lines = Math.max(1, Math.ceil(worst.length / 2));
  return sharp({
    create: { width: 4 * W + 20, height: lines * (H + LABEL + 6), channels: 3, background: '#111' },
  })
    .composite(layers)
    .png()
    .toBuffer();
}
