/**
 * Chat to Edit: how fast an instruction is read, how well the held-out instructions are read, and how long
 * whole plans take on big photos, each timed in this run beside its floor (decoding and encoding the same
 * photo, or the object-removal engine alone on the same mask). Writes its section of docs/BENCHMARKS.md.
 * Run: node --import tsx bench/prompt-edit.ts [--reps=N]
 */
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { interpretInstruction, loadReader } from '../server/src/engines/prompt-edit/interpret';
import { createEngineRegistry } from '../server/src/engines/registry';
import { runOnFile } from '../server/src/engines/run-on-file';
import { encodeResult } from '../server/src/lib/image/result-encoding';
import { decodePhoto, decodeRaw, encodeJpeg } from '../server/src/lib/image/raw-image';
import { normalizeUpload } from '../server/src/lib/image-intake';
import { silentLogger } from '../server/src/lib/logger';
import { dateStamped } from '../server/test/support/prompt-edit-photos';
import { locateForRemoval } from '../server/src/models/detect';
import { createWorkerPool } from '../server/src/inference/pool';
import { HELD_OUT } from './prompt-edit/heldout-instructions';
import { HELD_OUT_2 } from './prompt-edit/heldout-instructions-2';
import { scoreInterpreter } from './prompt-edit/score';
import { keywordPlanner, scoreReal, type SplitScore } from './prompt-edit/real-score';
import { REAL_REQUESTS } from './prompt-edit/real-requests';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';

const reps = Number(process.argv.find((a) => a.startsWith('--reps='))?.slice(7) ?? 3);
const photo = (name: string) => readFile(new URL(`../assets/photos/${name}`, import.meta.url));

async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** A photo scaled to about `megapixels`, as a camera would save it. */
async function atSize(name: string, megapixels: number): Promise<Buffer> {
  const meta = await sharp(await photo(name)).metadata();
  const scale = Math.sqrt((megapixels * 1e6) / (meta.width! * meta.height!));
  return sharp(await photo(name))
    .resize(Math.round(meta.width! * scale), Math.round(meta.height! * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

// 1. Reading instructions
const load = await timed(() => loadReader());
const prompts = [
  ...HELD_OUT.map((c) => c.prompt),
  "Hi everyone! It's my grandma's photo from the 80s, the colours are off and it's kind of blurry, could you fix it, crop it to a square and remove the date stamp please? Thanks so much!",
  'remove the dog on the left, then the people in the background, make it 20% brighter and a bit warmer, and crop for an instagram story',
];
const perInstruction: number[] = [];
for (let r = 0; r < reps; r++)
  for (const p of prompts) perInstruction.push((await timed(() => interpretInstruction(p))).ms);
const realTimes: number[] = [];
/** CPU time of this process per read: other work on a shared machine does not inflate it as it does wall time. */
const realCpu: number[] = [];
for (let r = 0; r < reps; r++)
  for (const row of REAL_REQUESTS) {
    const cpu = process.cpuUsage();
    realTimes.push((await timed(() => interpretInstruction(row.text))).ms);
    const used = process.cpuUsage(cpu);
    realCpu.push((used.user + used.system) / 1000);
  }
realTimes.sort((a, b) => a - b);
realCpu.sort((a, b) => a - b);
const realScore = scoreReal(REAL_REQUESTS, interpretInstruction);
const matcherScore = scoreReal(REAL_REQUESTS, keywordPlanner);
/** Each source on its own, held-out sources first: the held-out part is held out by whole source. */
const sources = [...new Set(REAL_REQUESTS.map((r) => r.source))].sort((a, b) => {
  const split = (name: string) => REAL_REQUESTS.find((r) => r.source === name)!.split;
  return split(a) === split(b) ? a.localeCompare(b) : split(a) === 'held-out' ? -1 : 1;
});
const bySource = sources.map((source) => {
  const rows = REAL_REQUESTS.filter((r) => r.source === source);
  return {
    source,
    rows,
    ours: scoreReal(rows, interpretInstruction).overall,
    matcher: scoreReal(rows, keywordPlanner).overall,
  };
});
const heldOut = scoreInterpreter(HELD_OUT, interpretInstruction);
const heldOut2 = scoreInterpreter(HELD_OUT_2, interpretInstruction);
const misread = [...heldOut.failures, ...heldOut2.failures].map((f) => {
  const got = f.got.steps.map((x) => x.kind).join(', ') || 'nothing';
  const skipped = f.got.skipped.length ? ` (skipped: ${f.got.skipped.map((x) => x.text).join('; ')})` : '';
  return `- "${f.prompt}" → ${got}${skipped}`;
});

// 2. Whole plans on big photos, against their floors
const pool = createWorkerPool({ threads: 1 });
const registry = createEngineRegistry({ pool });
const runner = registry['prompt-edit']!;
const ctx = {
  signal: new AbortController().signal,
  timeoutMs: 600_000,
  log: silentLogger,
  progress: () => {},
};
/** As in the server: the stored upload (already checked and re-encoded) decoded once, the steps, the encoded result. */
const run = async (image: Buffer, prompt: string) => {
  const photo = await decodePhoto(image);
  const result = await runner.run({ ...photo, mask: null, prompt, options: {}, plan: 'yearly' }, ctx);
  return encodeResult(result.image, 'prompt-edit', photo.format);
};

const big = (await normalizeUpload(await atSize('Wood.jpg', 12))).data;
const tonePrompt = 'make it 20% brighter with more contrast and a bit warmer';
const tone: number[] = [];
const floor: number[] = [];
await run(big, tonePrompt);
for (let r = 0; r < reps; r++) {
  tone.push((await timed(() => run(big, tonePrompt))).ms);
  floor.push((await timed(async () => encodeJpeg(await decodeRaw(big), 92, false))).ms);
}

const cup = (await normalizeUpload(await atSize('coffee.png', 2))).data;
const cupRaw = await decodeRaw(cup);
const removal: number[] = [];
const locate: number[] = [];
const inpaintOnly: number[] = [];
await run(cup, 'remove the cup');
for (let r = 0; r < reps; r++) {
  removal.push((await timed(() => run(cup, 'remove the cup'))).ms);
  const found = await timed(() => locateForRemoval(pool, cupRaw, 'cup', { which: 'default' }));
  locate.push(found.ms);
  if ('mask' in found.value) {
    const bits = found.value.mask;
    const white = Buffer.alloc(bits.length);
    for (let i = 0; i < bits.length; i++) white[i] = bits[i] ? 255 : 0;
    const mask = await sharp(white, { raw: { width: cupRaw.width, height: cupRaw.height, channels: 1 } })
      .png()
      .toBuffer();
    inpaintOnly.push(
      (
        await timed(() =>
          runOnFile(registry['object-removal']!, { image: cup, mask, prompt: null, options: {} }),
        )
      ).ms,
    );
  }
}
const stampedMeta = await sharp(await photo('Storm.jpg')).metadata();
const stampWidth = Math.round(Math.sqrt((2e6 * stampedMeta.width!) / stampedMeta.height!));
const stamped = (await normalizeUpload(await dateStamped(await photo('Storm.jpg'), stampWidth))).data;
const stamp: number[] = [];
await run(stamped, 'remove the date stamp');
for (let r = 0; r < reps; r++) stamp.push((await timed(() => run(stamped, 'remove the date stamp'))).ms);
const cli = await timed(() => runOnFile(runner, { image: big, mask: null, prompt: tonePrompt, options: {} }));
await pool.close();

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pct = (share: number) => `${Math.round(share * 100)} %`;
const figures = (x: SplitScore) => [
  `${pct(x.plannedShare)} (${x.planned}/${x.doable})`,
  `${pct(x.refusedShare)} (${x.refused})`,
  x.generative ? `${pct(x.generativeShare)} (${x.generativeRight}/${x.generative})` : '-',
];
const sorted = [...perInstruction].sort((a, b) => a - b);
const markdown = `## Chat to Edit (reading instructions, whole plans)

**Reading.** ${prompts.length} instructions (the ${HELD_OUT.length} held-out ones and two long compound posts), ${reps} times
each after the language model, WordNet and the word list have loaded (${load.ms.toFixed(0)} ms once per process): median
${median(perInstruction).toFixed(2)} ms, 95th percentile ${sorted[Math.floor(sorted.length * 0.95)].toFixed(2)} ms, slowest
${sorted.at(-1)!.toFixed(2)} ms (goal: under 50 ms).

**Real requests** (\`bench/prompt-edit/real-requests/\`, ${REAL_REQUESTS.length} requests people wrote, from public sources
listed in its README, each judged by hand for the main wish): the share of doable requests whose plan holds a step
of the main wish, the share of doable requests refused outright, and the share of requests for generated content
(adding things, restyling, changing people) that are declined with a reason. The held-out part is held out by
whole source (issue posts, requests quoted in the press, help posts on photo forums, one crowd-written set, a
benchmark's hand-written instructions, \`imgedit-uge\`, and a paper's test instructions, \`ggip2p-paper\`), and
for IER's Zhopped pairs by photo: the test split's Zhopped requests (\`ier-zhopped-pairs\`, \`ier-zhopped-rest\`)
are held out, the validation split's in three hands are tuning. \`ier-zhopped-rest\` was added last and read only
as counts. Every tuning batch was labelled before the interpreter read it; its first reading, kept in the
requests' README, is the estimate of a new sample (the latest: 88 to 99 % planned, 1 to 6 % refused). Rounds
that tuned on rows already all planned moved the held-out figure little; rounds on new tuning rows moved it
(86.3 % / 7.5 % at the start of 2026-11-28). \`ggip2p-paper\`'s declined figure is not blind: one of its rows
was recalled from judging. A plain keyword matcher (\`keyword-matcher.ts\`) is scored on
the same rows; it plans ${matcherScore.overall.stepsPerDoable.toFixed(1)} steps per request to our
${realScore.overall.stepsPerDoable.toFixed(1)}, which flatters its first figure. Goals: 90 %, at most 5 %, 90 %.

${markdownTable(
  ['part', 'reader', 'main wish planned', 'refused', 'generative declined'],
  (['held-out', 'tuning'] as const).flatMap((split) => [
    [split, 'Chat to Edit', ...figures(realScore[split])],
    [split, 'keyword matcher', ...figures(matcherScore[split])],
  ]),
)}

By source (held-out sources first):

${markdownTable(
  [
    'source',
    'part',
    'rows',
    'Chat to Edit: planned, refused, declined',
    'keyword matcher: planned, refused, declined',
  ],
  bySource.map(({ source, rows, ours, matcher }) => [
    source,
    rows[0].split,
    String(rows.length),
    figures(ours).join(', '),
    figures(matcher).join(', '),
  ]),
)}

The new steps on real photos, as the unit tests make them (before and after, looked at when the operations were
written): straightening, crops around faces and padding, light recovery, white balance with a grey card and with
skin ([sheet](images/chat-to-edit-light-sheet.jpg)); red and glowing eyes, teeth, sunburn and selective colour
([sheet](images/chat-to-edit-face-sheet.jpg)).

Reading the real requests (${realTimes.length} reads): median ${median(realTimes).toFixed(2)} ms, 95th percentile
${realTimes[Math.floor(realTimes.length * 0.95)].toFixed(2)} ms of wall time; in CPU time of this process, which
other work on the machine does not inflate, median ${median(realCpu).toFixed(2)} ms, 95th percentile
${realCpu[Math.floor(realCpu.length * 0.95)].toFixed(2)} ms.

**Held-out instructions**, read as a whole: every step in order with its label, selector, direction or backdrop,
and a refusal where one is due. The first set (\`bench/prompt-edit/heldout-instructions.ts\`, ${HELD_OUT.length} forum-style
requests) was written before the grammar was tuned; its first reading was 37 of 45. Some of its misreadings showed
general faults (a typo corrected into a refusal word, a complaint and a wish adding two steps) that were then
mended through new tuning instructions, so it is no longer blind: ${heldOut.correct} of ${heldOut.total} now. The second set
(\`heldout-instructions-2.ts\`, ${HELD_OUT_2.length} requests) was written after that and read once before any further
change: 25 of 30 on that reading; ${heldOut2.correct} of ${heldOut2.total} now. Four expectations of the first set were restated
when Chat to Edit gained the steps that answer them better (white balance against a named cast, a removal the
person points at, "make it clearer", highlight recovery); each is marked in the file. The tuning set, the unit
suite's instructions, passes in full. ${misread.length ? `Misread now:\n\n${misread.join('\n')}` : 'None is misread now.'}

**Whole plans** as the server runs them (the stored upload in: decode, steps, encode; medians of ${reps} after a
warm-up run). The command line checks the file's header as an upload is checked and then runs the same path: the
tone plan took ${s(cli.ms)} that way.

${markdownTable(
  ['plan', 'photo', 'time', 'floor in the same run', 'goal'],
  [
    [
      `"${tonePrompt}"`,
      `Wood.jpg at 12 MP`,
      s(median(tone)),
      `${s(median(floor))} (decode and encode only)`,
      'under 1.5 s',
    ],
    [
      '"remove the cup"',
      'coffee.png at 2 MP',
      s(median(removal)),
      `${s(median(locate))} detection and mask, ${s(median(inpaintOnly))} object removal on that mask`,
      'under 5 s',
    ],
    ['"remove the date stamp"', 'Storm.jpg at 2 MP with a printed date', s(median(stamp)), '', 'under 5 s'],
  ],
)}
`;
writeBenchmarkSection('prompt-edit', markdown);
console.log(markdown);
