/**
 * Professional headshots on the portraits of shared/photos (licences in its SOURCES.md): the framing each
 * headshot shows when its own face is detected again (centre, eye roll, width), the border's smoothness, the
 * face's correlation with the photo, a contact sheet with every backdrop, and the time for a 2-megapixel photo
 * as a ratio to background removal of the same photo in the same run (the machine is shared, so only the
 * ratio is steady). `npm run bench -- headshot`.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { makeHeadshot } from '../server/src/engines/professional-photo/make-headshot';
import {
  professionalPhotoOptionsSchema,
  type ProfessionalPhotoOptions,
} from '../server/src/engines/professional-photo/professional-photo.options';
import { AppError } from '../server/src/lib/errors';
import { decodePhoto, encodePng, type RawImage } from '../server/src/lib/image/raw-image';
import { faceOnOutput } from '../server/src/models/headshot/framing';
import { createWorkerPool } from '../server/src/inference/pool';
import { borderOf, faceAgain, faceCorrelation, framingOf } from '../server/test/support/headshot-measures';
import { PHOTO_DIR } from './face-enhancement/photos';
import { HAIR_BACKGROUNDS, hairScores } from './headshot/hair';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';

const SHEET = new URL('../docs/images/headshot-contact-sheet.png', import.meta.url).pathname;

type Part = 'tuning' | 'held-out';

/**
 * Each photo with the backdrops it is shown on: every backdrop appears over the sheet. The tuning part is
 * what the mode was looked at and adjusted on; the held-out part is only measured, never tuned on.
 */
const ROWS: { file: string; part: Part; backdrops: ProfessionalPhotoOptions['backdrop'][] }[] = [
  { file: 'face-grace-hopper-navy-portrait.jpg', part: 'tuning', backdrops: ['grey', 'white'] },
  { file: 'astronaut.png', part: 'tuning', backdrops: ['charcoal', 'blur'] },
  { file: 'face-old-man-sepia-moustache.jpg', part: 'tuning', backdrops: ['blue', 'color'] },
  { file: 'face-mariachi-band-smiling.jpg', part: 'tuning', backdrops: ['grey'] },
  { file: 'face-old-man-sepia-white-beard.jpg', part: 'held-out', backdrops: ['grey'] },
  { file: 'face-man-yawning-glasses-beard.jpg', part: 'held-out', backdrops: ['grey'] },
  { file: 'face-didgeridoo-player-body-paint.jpg', part: 'held-out', backdrops: ['grey'] },
  { file: 'face-aircraft-workers-1940s.jpg', part: 'held-out', backdrops: ['grey'] },
];
const REFUSED = ['face-ballerina-low-key.jpg', 'coffee.png'];
const TIMING_RUNS = 2;
/** What the sheet showed when it was last looked at; rewrite it after looking at a new sheet. */
const LOOKED_AT = `the single portraits of both parts are framed, levelled and cleanly cut, hair
included; both sepia portraits keep their dark suits against the dark studio wall (the person segmentation),
with a soft edge there that looks partly see-through on the light blue, and a lighter smear at the moustache
man's left shoulder where the segmentation's coarse edge meets the wallpaper. The astronaut's frame reaches the
neck ring only; the orange suit lies outside the frame at the rule's face width, so it is not missing from the
matte. The mariachi player is centred and level, his neighbours are cut away and the next man's grey hair no
longer stays above his head; the photo's right edge, which cuts through the back of his head, is no longer a
hard line with a block of smeared neck under it: his head and collar fade into the backdrop there (his border
step 7.7, was 50.6). A short straight piece of the cut toward the next man is left at his hairline. Held out:
the yawning man (mouth wide open, eyes shut) is found again and measured, his shoulders (a dark fleece beside his
tilted head) are kept, fading out toward the photo's left edge, which his hair touches; the didgeridoo player's
face is half behind the instrument, which stays in front of it as it should, and the headshot is framed as the
rule asks. His face is not found again on the headshot's small copy (the detector found it on the photo only
where it is small in the view, and the mode's second look did not find it either); it is measured where the
frame put it, the face the frame was set by (its eye roll is then 0 by construction). His border figures count his bare shoulder, which reaches the frame's left edge above that face's chin
line; the aircraft workers' faces are under 80 px, so that photo is refused.`;

const pool = createWorkerPool({ threads: 1 });
const load = async (file: string) => (await decodePhoto(await readFile(path.join(PHOTO_DIR, file)))).image;

async function measureOne(photo: RawImage, options: ProfessionalPhotoOptions) {
  const result = await makeHeadshot(photo, options, { pool });
  const found = await faceAgain(result.image, pool);
  // A face the detector does not confirm again (half hidden) is measured where the frame put the photo's
  // face, and the table says so: the framing rule is then checked, not the detector's second opinion.
  const face = found ?? faceOnOutput(result.levelled, result.frame);
  const framing = framingOf(face, result.image.width);
  const border = borderOf(result.image, 24, Math.round(face.box.y + face.box.height));
  const correlation = faceCorrelation(photo, result.image, result.frame, face);
  return { result, measures: { ...framing, ...border, correlation, mapped: !found } };
}

async function backgroundRemoval(photo: RawImage): Promise<void> {
  const data = new Uint8Array(photo.data);
  await pool.run(
    'background-removal',
    { image: { ...photo, data }, backdrop: { kind: 'transparent' }, shadow: false, model: 'medium' },
    { transferList: [data.buffer] },
  );
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

async function timing() {
  // No larger modern portrait ships with the photos: Grace Hopper's portrait enlarged (Lanczos) to 2 MP.
  const small = await load('face-grace-hopper-navy-portrait.jpg');
  const big = await sharp(await encodePng(small))
    .resize(1306, 1530, { kernel: 'lanczos3' })
    .png()
    .toBuffer();
  const photo = (await decodePhoto(big)).image;
  const options = professionalPhotoOptionsSchema.parse({});
  // Both models (ISNet, shared by the two, and the face models) are already loaded by the rows before.
  const rows: { headshot: number; removal: number; headshotCpu: number; removalCpu: number }[] = [];
  for (let i = 0; i < TIMING_RUNS; i++) {
    let t = performance.now();
    let c = cpuSeconds();
    await makeHeadshot(photo, options, { pool });
    const headshot = (performance.now() - t) / 1000;
    const headshotCpu = cpuSeconds() - c;
    t = performance.now();
    c = cpuSeconds();
    await backgroundRemoval(photo);
    rows.push({
      headshot,
      headshotCpu,
      removal: (performance.now() - t) / 1000,
      removalCpu: cpuSeconds() - c,
    });
  }
  return { photo, rows };
}

async function cellOf(image: Buffer, cell: number): Promise<Buffer> {
  return sharp(image).resize(cell, cell, { fit: 'contain', background: '#111' }).png().toBuffer();
}

async function sheet(rows: { label: string; panels: Buffer[] }[], columns: string[]): Promise<Buffer> {
  const cell = 240;
  const gap = 6;
  const caption = 28;
  const side = 230;
  // One line of text per line of the label.
  const text = (w: number, label: string, h = caption) =>
    Buffer.from(
      `<svg width="${w}" height="${h}"><rect width="100%" height="100%" fill="#111"/>${label
        .split('\n')
        .map(
          (line, i) =>
            `<text x="6" y="${19 + 17 * i}" font-family="sans-serif" font-size="13" fill="#eee">${line}</text>`,
        )
        .join('')}</svg>`,
    );
  const layers: OverlayOptions[] = columns.map((label, i) => ({
    input: text(cell, label),
    left: side + i * (cell + gap),
    top: 0,
  }));
  for (let r = 0; r < rows.length; r++) {
    const top = caption + r * (cell + gap);
    layers.push({ input: text(side - gap, rows[r].label, cell), left: 0, top });
    for (let c = 0; c < rows[r].panels.length; c++)
      layers.push({ input: await cellOf(rows[r].panels[c], cell), left: side + c * (cell + gap), top });
  }
  return sharp({
    create: {
      width: side + columns.length * (cell + gap),
      height: caption + rows.length * (cell + gap),
      channels: 3,
      background: '#111',
    },
  })
    .composite(layers)
    .png()
    .toBuffer();
}

async function main() {
  const table: (string | number)[][] = [];
  const sheetRows: { label: string; panels: Buffer[] }[] = [];
  for (const row of ROWS) {
    const photo = await load(row.file);
    const panels = [await encodePng(photo)];
    const labels: string[] = [];
    for (const backdrop of row.backdrops) {
      const options = professionalPhotoOptionsSchema.parse({ backdrop, color: '#3d5a80' });
      const outcome = await measureOne(photo, options).catch((error: unknown) => {
        // A held-out photo may be one the mode refuses: that is its result.
        if (error instanceof AppError && error.code === 'NOTHING_TO_DO') return error;
        throw error;
      });
      if (outcome instanceof AppError) {
        table.push([
          row.part,
          row.file,
          backdrop,
          `refused: ${outcome.message}`,
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ]);
        console.log(table.at(-1)!.join(' '));
        continue;
      }
      const { result, measures } = outcome;
      panels.push(await encodePng(result.image));
      labels.push(backdrop);
      table.push([
        row.part,
        row.file,
        backdrop,
        result.faces.length,
        result.upscaled === 1 ? 'no' : `${result.upscaled}x`,
        `${((result.frame.roll * 180) / Math.PI).toFixed(1)}`,
        `${(100 * measures.offCentre).toFixed(1)} %${measures.mapped ? ' (not found again; mapped)' : ''}`,
        measures.rollDegrees.toFixed(2),
        `${(100 * measures.widthShare).toFixed(1)} %`,
        measures.spread.toFixed(1),
        measures.step.toFixed(1),
        measures.correlation.toFixed(3),
      ]);
      console.log(table.at(-1)!.join(' '));
    }
    const name = row.file.replace(/\.(jpg|png)$/, '').replace(/^face-/, '');
    sheetRows.push({ label: `${name}\n${row.part}\n${labels.join(', ')}`, panels });
  }
  const refusals: string[] = [];
  for (const file of REFUSED) {
    try {
      await makeHeadshot(await load(file), professionalPhotoOptionsSchema.parse({}), { pool });
      refusals.push(`${file}: made a headshot (expected a refusal)`);
    } catch (error) {
      refusals.push(`${file}: "${(error as Error).message}"`);
    }
  }
  writeFileSync(SHEET, await sheet(sheetRows, ['photo', 'headshot 1', 'headshot 2']));
  const { photo, rows } = await timing();
  const hair = await hairScores(pool);
  await pool.close();
  const pct = (v: number) => `${(100 * v).toFixed(2)} %`;
  const hairTable = hair.map((h) => [
    h.photo,
    h.truth === 'isnet' ? 'ISNet alone' : 'portrait matte',
    h.bandPixels,
    pct(h.error.isnet),
    pct(h.error.portrait),
  ]);
  const portraitWins = hair.filter((h) => h.error.portrait < h.error.isnet).length;
  const onIsnetTruth = hair.filter((h) => h.truth === 'isnet');
  const winsOnIsnetTruth = onIsnetTruth.filter((h) => h.error.portrait < h.error.isnet).length;

  const med = (k: keyof (typeof rows)[number]) => median(rows.map((r) => r[k]));
  const ratio = med('headshot') / med('removal');
  const cpuRatio = med('headshotCpu') / med('removalCpu');
  const markdown = `## Professional headshot

\`npm run bench -- headshot\`. Portraits of shared/photos (SOURCES.md there has their licences), in two parts: the
tuning part, which the mode was looked at and adjusted on, and a held-out part (two more portraits, a close-up
and a group) that was only measured, each made into headshots (square 1024 x 1024, the custom colour #3d5a80) and measured on the headshot's own face, detected
again (on a 384 px copy, where a face of half the width is one whole view of the detector; on the full frame
the detector's tiles can each confirm a part of the face): its centre from the frame's centre line (goal under 5 % of the width), its eye line's roll (goal under
2 degrees), its width as a share of the frame (rule 40-50 %), the border above the chin (24 px deep: spread of
lightness and largest step between neighbours; low means a clean backdrop, no edge of the old room), and the
correlation of the face's lightness with the same points of the photo (the face is the person's own).

${markdownTable(
  [
    'part',
    'photo',
    'backdrop',
    'faces in photo',
    'upscaled',
    'roll levelled (deg)',
    'face off centre',
    'eye roll after (deg)',
    'face width',
    'border spread',
    'border max step',
    'face correlation',
  ],
  table,
)}

Refused, as they should be (422, the credit returned): ${refusals.join('; ')}.

Contact sheet (every backdrop, looked at): [docs/images/headshot-contact-sheet.png](images/headshot-contact-sheet.png).

Looked at (this run's sheet): ${LOOKED_AT}

#### Hair

No photo here comes with a true matte, so one is made: each close-up's own cut-out (its photo's pixels and a
matte of it) is set on a busy texture (${HAIR_BACKGROUNDS.join(', ')} of shared/photos: foliage and flowers), where
that matte is the composite's alpha exactly, and the composite is matted again. Scored: the mean absolute alpha
error (0-100 % of full alpha) in a band around the head's outline above the brows (8 % of the face's width
either side of the half-alpha line, above the top third of the face's box), averaged over the textures. The
two mattes are ISNet with the refinement background removal uses for objects, and the portrait matte (the
same ISNet output with the hair-aware refinement, which is all the portrait matte is above the chin). A
truth made by one of them favours it, so every photo is scored on cut-outs made by each: the portrait matte is
ahead in ${portraitWins} of ${hair.length} cases, ${winsOnIsnetTruth} of the ${onIsnetTruth.length} on cut-outs ISNet itself made. The truth keeps whatever of the old
background the photo's hair pixels already mix in, so this measures how well an edge is found again, not how
clean the colours are.

${markdownTable(['photo', 'truth cut out by', 'band pixels', 'ISNet alone: error', 'portrait matte: error'], hairTable)}

#### Time for a 2-megapixel photo

No larger modern portrait ships with the photos, so Grace Hopper's 512 x 600 portrait was enlarged (Lanczos)
to ${photo.width} x ${photo.height}. The headshot (default options) and, as the baseline, background removal of the
same photo (ISNet medium, the whole local pipeline to PNG) ran alternately in the same process and worker
thread, ${TIMING_RUNS} times each with the models already loaded by the rows above; medians. Load average ${os.loadavg()[0].toFixed(1)} on
${os.cpus().length} cores at the end: near the core count the wall time is this machine's own (goal under 6 s); far above it
other work inflated it and only the ratio holds. Background removal of this photo, a portrait, now makes the same person matte as the
headshot (face detection, ISNet with the hair-aware refinement, the body segmentation), so the baseline is
slower than plain ISNet (2.72 s for a 2 MP photo on a quieter run, its own section above) and the ratio is not
comparable with the 2.1x measured before that change: the headshot itself did not get faster.

${markdownTable(
  ['', 'headshot', 'background removal (baseline)', 'ratio'],
  [
    ['wall s (median)', med('headshot').toFixed(1), med('removal').toFixed(1), `${ratio.toFixed(2)}x`],
    [
      'process CPU s, all threads (median)',
      med('headshotCpu').toFixed(1),
      med('removalCpu').toFixed(1),
      `${cpuRatio.toFixed(2)}x`,
    ],
  ],
)}

CPU time is the whole process's (main and worker threads), the steadier of the two figures on a loaded
machine.`;
  writeBenchmarkSection('headshot', markdown);
  console.log(markdown);
}

await main();
