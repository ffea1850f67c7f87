/**
 * What a person waits for against what the model itself takes: background removal's whole job in the
 * server (stored photo to PNG through the worker pool, warm) against ISNet's session alone on the same
 * photo, and the balanced upscaler's time outside its model sessions, with peak memory for a 12 MP cut-out
 * and the command line's time per photo. `--before=DIR` (a checkout of an older commit with this tree's
 * node_modules linked in) measures that code in the same run, each tree in its own process, the two
 * alternating run by run so the load of the shared machine falls on both alike.
 * Run: npm run bench -- around-models [--before=DIR] [--reps=N]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';

const ROOT = new URL('../', import.meta.url).pathname;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const before = arg('before');
const reps = Number(arg('reps') ?? 3);
/** The photos the cut-out's speed work was profiled and tuned on. */
const CUTOUT_PHOTOS = ['astronaut.png', 'coffee.png', 'TwoWings.jpg', 'Garden.jpg'];
/** Photos that work never looked at, to show the figures hold beyond the tuned ones. */
const UNTUNED_PHOTOS = ['chelsea.png', 'YellowFlower.jpg', 'rocket.jpg', 'LadyBird.jpg'];

type Tree = 'before' | 'after';
const trees: Tree[] = before ? ['before', 'after'] : ['after'];

class Side {
  private readonly lines: AsyncIterator<string>;
  private constructor(private readonly child: ChildProcess) {
    this.lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  }
  static async start(tree: Tree) {
    const root = tree === 'before' ? path.resolve(before!) : ROOT;
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/around-models/side.ts', root], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const side = new Side(child);
    await side.next();
    return side;
  }
  private async next(): Promise<Record<string, number>> {
    const { value, done } = await this.lines.next();
    if (done) throw new Error('benchmark side exited');
    return JSON.parse(value);
  }
  ask(message: object) {
    this.child.stdin!.write(`${JSON.stringify(message)}\n`);
    return this.next();
  }
  stop() {
    this.child.stdin!.end();
  }
}

async function photoAt(file: string, pixels: number, out: string) {
  const source = sharp(await readFile(path.join(ROOT, 'assets/photos', file))).removeAlpha();
  const meta = await source.metadata();
  const scale = Math.sqrt(pixels / (meta.width! * meta.height!));
  await source
    .resize(Math.round(meta.width! * scale), Math.round(meta.height! * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toFile(out);
  return out;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-around-models-'));
try {
  const cutouts = await Promise.all(
    [...CUTOUT_PHOTOS, ...UNTUNED_PHOTOS].map(async (p) => ({
      photo: p,
      file: await photoAt(p, 2e6, path.join(dir, `${p.replace(/\.\w+$/, '')}-2mp.jpg`)),
    })),
  );
  const big = await photoAt('TwoWings.jpg', 12e6, path.join(dir, 'TwoWings-12mp.jpg'));
  // The upscaler's photo, as in the upscale benchmark, and a smooth one: the same photo at a sixteenth of
  // its pixels, enlarged back by libvips, so a Lanczos round trip loses almost nothing anywhere.
  const wood = path.join(dir, 'wood-1024.jpg');
  await sharp(path.join(ROOT, 'assets/photos/Wood.jpg'))
    .resize(1024, 1024, { fit: 'cover' })
    .jpeg({ quality: 95 })
    .toFile(wood);
  const smooth = path.join(dir, 'smooth-1024.jpg');
  await sharp(await sharp(wood).resize(256, 256).toBuffer())
    .resize(1024, 1024, { kernel: 'cubic' })
    .jpeg({ quality: 95 })
    .toFile(smooth);
  const upscales = [
    { label: 'Wood 1024x1024', file: wood },
    { label: 'smooth 1024x1024', file: smooth },
  ];

  const sides = Object.fromEntries(
    await Promise.all(trees.map(async (t) => [t, await Side.start(t)])),
  ) as Record<Tree, Side>;
  type Sample = { tree: Tree; key: string; ms: number; cpuMs: number; modelMs?: number; portrait?: number };
  const samples: Sample[] = [];
  const record = (tree: Tree, key: string, r: Record<string, number>) => {
    samples.push({ tree, key, ms: r.ms, cpuMs: r.cpuMs, modelMs: r.modelMs, portrait: r.portrait });
    console.log(
      `${tree.padEnd(6)} ${key.padEnd(32)} ${r.ms.toFixed(0)} ms, CPU ${r.cpuMs.toFixed(0)} ms${r.modelMs ? ` (model ${r.modelMs.toFixed(0)})` : ''}`,
    );
  };
  // Warm every side and path once, untimed: models load, onnxruntime plans its first runs.
  for (const tree of trees) {
    await sides[tree].ask({ task: 'cutout-session', input: cutouts[0].file });
    await sides[tree].ask({ task: 'cutout-job', input: cutouts[0].file });
    for (const scale of [2, 4]) await sides[tree].ask({ task: 'upscale', input: upscales[1].file, scale });
  }
  let flip = false;
  for (let rep = 0; rep < reps; rep++) {
    for (const c of cutouts) {
      for (const task of ['cutout-session', 'cutout-job', 'portrait-check']) {
        flip = !flip;
        for (const tree of flip ? trees : [...trees].reverse())
          record(tree, `${task} ${c.photo}`, await sides[tree].ask({ task, input: c.file }));
      }
    }
    for (const u of upscales) {
      for (const scale of [2, 4]) {
        flip = !flip;
        for (const tree of flip ? trees : [...trees].reverse())
          record(
            tree,
            `upscale ${scale}x ${u.label}`,
            await sides[tree].ask({ task: 'upscale', input: u.file, scale }),
          );
      }
    }
    flip = !flip;
    for (const tree of flip ? trees : [...trees].reverse())
      record(tree, 'lanczos 4x smooth', await sides[tree].ask({ task: 'lanczos', input: smooth, scale: 4 }));
  }
  for (const tree of trees) sides[tree].stop();

  // Peak memory of a 12 MP cut-out: a fresh process per tree that runs only that job.
  const peak: Partial<Record<Tree, number>> = {};
  for (const tree of trees) {
    const side = await Side.start(tree);
    const r = await side.ask({ task: 'cutout-job', input: big });
    peak[tree] = (await side.ask({ peak: true })).peakMb;
    console.log(`${tree} 12 MP cut-out ${r.ms.toFixed(0)} ms, peak ${peak[tree]!.toFixed(0)} MB`);
    side.stop();
  }

  // The command line (this tree): one photo per command, and all the photos as one folder.
  const cli = (image: string, out: string) => {
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli.ts', 'background-removal', '--image', image, '--out', out],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (run.status !== 0) throw new Error(`command line failed (${run.status})`);
    return performance.now() - started;
  };
  const folder = path.join(dir, 'folder');
  await mkdir(folder);
  for (const c of cutouts) await sharp(c.file).toFile(path.join(folder, path.basename(c.file)));
  const cliOne = cli(cutouts[0].file, path.join(dir, 'one.png'));
  const cliFolder = cli(folder, path.join(dir, 'out')) / cutouts.length;

  const med = (tree: Tree, key: string, field: 'ms' | 'cpuMs' | 'modelMs' = 'ms') =>
    median(samples.filter((s) => s.tree === tree && s.key === key).map((s) => s[field] ?? 0));
  const isPortrait = (photo: string) =>
    samples.some((s) => s.tree === 'after' && s.key === `portrait-check ${photo}` && s.portrait === 1);
  const cutoutRows = cutouts.map((c) => {
    const notes = [isPortrait(c.photo) && 'portrait', UNTUNED_PHOTOS.includes(c.photo) && 'untuned'];
    const label = notes.some(Boolean) ? ` (${notes.filter(Boolean).join(', ')})` : '';
    const cells: (string | number)[] = [`${c.photo}${label}`];
    for (const tree of trees) {
      const session = med(tree, `cutout-session ${c.photo}`);
      const job = med(tree, `cutout-job ${c.photo}`);
      const cpu =
        med(tree, `cutout-job ${c.photo}`, 'cpuMs') / med(tree, `cutout-session ${c.photo}`, 'cpuMs');
      cells.push(
        `${(session / 1000).toFixed(2)} s`,
        `${(job / 1000).toFixed(2)} s`,
        `**${(job / session).toFixed(2)}x**`,
        `${cpu.toFixed(2)}x`,
      );
    }
    const check = med('after', `portrait-check ${c.photo}`);
    cells.push(check > 0 ? `${(check / 1000).toFixed(2)} s` : '-');
    return cells;
  });
  const ratioAfter = cutouts.map(
    (c) => med('after', `cutout-job ${c.photo}`) / med('after', `cutout-session ${c.photo}`),
  );
  const nonPortraitRatios = cutouts
    .filter((c) => !isPortrait(c.photo))
    .map((c) => ratioAfter[cutouts.indexOf(c)]);
  /** A portrait's job runs three models: against ISNet's session and the portrait check's, timed alone. */
  const portraitRatios = cutouts
    .filter((c) => isPortrait(c.photo))
    .map(
      (c) =>
        med('after', `cutout-job ${c.photo}`) /
        (med('after', `cutout-session ${c.photo}`) + med('after', `portrait-check ${c.photo}`)),
    );
  const upscaleRows = upscales.flatMap((u) =>
    [2, 4].map((scale) => {
      const cells: (string | number)[] = [`${u.label}, ${scale}x`];
      for (const tree of trees) {
        const key = `upscale ${scale}x ${u.label}`;
        const whole = med(tree, key);
        const model = med(tree, key, 'modelMs');
        cells.push(
          `${(whole / 1000).toFixed(2)} s`,
          `${(model / 1000).toFixed(2)} s`,
          `**${(100 * (1 - model / whole)).toFixed(0)} %**`,
        );
      }
      return cells;
    }),
  );
  const smoothRatio = (tree: Tree) =>
    med(tree, 'upscale 4x smooth 1024x1024') / med(tree, 'lanczos 4x smooth');
  const treeHeads = (cols: string[]) => trees.flatMap((t) => cols.map((c) => `${t}: ${c}`));
  const cliSession = median(cutouts.map((c) => med('after', `cutout-session ${c.photo}`)));

  const markdown = `## Around the models: whole job against the model session

\`npm run bench -- around-models ${before ? '--before=DIR' : ''}\`. ${before ? 'Before is the code of the commit this work started from, unpacked beside this tree with the same node_modules; ' : ''}each tree runs in its own process,
the trees alternate run by run, ${reps} timed runs per photo after an untimed warm-up, medians. The machine is a 2-core
virtual machine that may run other work too (its load average at the end is below; under load absolute times swing by a factor of several), so only
the ratios within one tree and one run are meaningful: the model session and the whole job are timed in the same process,
alternating. Beside the wall-time ratio, the ratio of CPU time (all the process's threads) says how much more work the whole
job is than the session, which the load distorts less; a wall ratio below it means the job kept both cores busier.

**Background removal**, 2 MP photos (JPEG q92): session = ISNet medium's \`run\` alone on the photo's 1024x1024 square (2
intra-op threads); whole job = the stored photo's bytes to the transparent PNG through the local provider in the worker pool, as
the server's job handler runs it, models warm.

${markdownTable(['photo', ...treeHeads(['session', 'whole job', 'job / session', 'CPU time job / session']), 'portrait check alone (after)'], cutoutRows)}

Photos marked untuned were never profiled or tuned on while the work around the model was done; the others were.

A portrait (a main face at least 12 % of the width) runs two more models than ISNet: the face search and the
person segmentation of its portrait check, in a helper thread beside ISNet's run (the last column: that check
alone, warm, in its thread). Its job is set against ISNet's session and that check together.

Peak memory of a 12 MP cut-out (4382x2739 TwoWings, a fresh process that runs only that job, VmHWM with its worker thread):
${trees.map((t) => `${t} ${peak[t]!.toFixed(0)} MB`).join(', ')}.

Command line (this tree, \`npm run cli -- background-removal\`, process start and model load included): one photo per command
${(cliOne / 1000).toFixed(1)} s (${(cliOne / cliSession).toFixed(1)}x the session's median), the ${cutouts.length} photos as one folder ${(cliFolder / 1000).toFixed(1)} s a photo
(${(cliFolder / cliSession).toFixed(1)}x).

**Upscale**, balanced: whole job = decode, the tiled upscaler with the int8 thick model on the detailed blocks, and the PNG the
provider writes, in one process; model = the sum of its session runs inside that job; the share outside the model is the rest.

${markdownTable(['photo, scale', ...treeHeads(['whole job', 'model sessions', 'outside the model'])], upscaleRows)}

Smooth photo at 4x against a plain sharp Lanczos 4x enlargement and the same PNG encode, timed in the same run:
${trees.map((t) => `${t} ${smoothRatio(t).toFixed(2)}x`).join(', ')}.

Goals: background removal's whole job within 1.4x of its session: ${nonPortraitRatios.every((r) => r <= 1.4) ? 'met' : 'not met'} for the photos that are not portraits (${nonPortraitRatios.map((r) => r.toFixed(2)).join(', ')}), ${portraitRatios.every((r) => r <= 1.4) ? 'met' : 'not met'} for the portrait against its three models' sessions (${portraitRatios.map((r) => r.toFixed(2)).join(', ')}; against ISNet's alone ${cutouts
    .filter((c) => isPortrait(c.photo))
    .map((c) => ratioAfter[cutouts.indexOf(c)].toFixed(2))
    .join(', ')});
peak memory under 1200 MB at 12 MP: ${peak.after! < 1200 ? 'met' : 'not met'} (${peak.after!.toFixed(0)} MB);
upscale's share outside the model under 25 %: see the table; the smooth 4x job within 1.5x of Lanczos and PNG: ${smoothRatio('after') <= 1.5 ? 'met' : 'not met'} (${smoothRatio('after').toFixed(2)}x).`;
  writeBenchmarkSection('around-models', markdown);
  console.log(markdown);
} finally {
  await rm(dir, { recursive: true, force: true });
}
