import os from 'node:os';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isMode, MODE_INFO, MODES } from '@common/modes';
import { isPlan, PLANS } from '@common/plans';
import { loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { checkEditRequest, runnerFor, type ModeRunner } from './engines/mode-runner';
import { createEngineRegistry, enginesConfigFrom } from './engines/registry';
import { findMaskOnFile, runOnFile } from './engines/run-on-file';
import { AppError } from './lib/errors';
import sharp from 'sharp';
import { FORMAT_EXTENSION, formatFromMime, type ImageFormat } from './lib/image-intake';
import { systemClock } from './lib/clock';
import { imageSize } from './lib/image/raw-image';
import { encodeMaskPng } from './lib/image/mask';
import { createTapSelector, embeddingKey } from './models/sam';
import { selectRequestSchema, type SelectRequest } from '@common/schemas/select';
import { checkInside } from './services/selection.service';
import { createDataStore } from './repositories/repositories';
import { createPlanAdminService } from './services/plan-admin.service';
import { createWorkerPool } from './inference/pool';
import { removeSameMarkFromFiles } from './engines/watermark-batch/same-mark-files';

const USAGE = `Usage:
  npm run cli -- MODE --image IN [--mask M.png] [--prompt TEXT] [--scale 2|4] [--option key=value ...] --out OUT
      MODE is one of: ${MODES.join(', ')}
      watermark-removal without --mask finds the watermark first
      watermark-removal --same-mark: one mark on every photo of IN, estimated from all of them and
        inverted exactly on each (OUT a folder, same file names); --mask, painted on one photo, is a hint
      prompt-edit takes --prompt "what should change" and prints the steps it ran
      IN is a file, a folder or a pattern such as 'photos/*.jpg'; with several inputs OUT is a folder.
      A folder or pattern is faster than one command per photo: the models load once for the whole batch.
      --option sets a mode option, e.g. --option backdrop.kind=color --option backdrop.color=#ffffff
      professional-photo --option subjectX=0.7 --option subjectY=0.4: in a group, the person at that point
        (shares of the photo's width and height); without it the largest, most central face
  npm run cli -- detect-watermark --image IN --out MASK.png
      writes the watermark's mask (white = mark) for correcting and --mask; exit 1 when none is found
  npm run cli -- select --image IN --point X,Y [--point X,Y,0 ...] [--box X,Y,W,H] --out MASK.png
      writes the mask of the object under the taps (white = selected, the photo's size), for --mask;
      X,Y in the photo's pixels; a third number 0 takes what is under that tap away (1, the default, adds)
  npm run cli -- users set-plan EMAIL ${PLANS.join('|')}
  npm run cli -- users history EMAIL      (every change of that person's plan, oldest first)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'users') return usersCommand(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      image: { type: 'string' },
      mask: { type: 'string' },
      prompt: { type: 'string' },
      scale: { type: 'string' },
      option: { type: 'string', multiple: true },
      point: { type: 'string', multiple: true },
      box: { type: 'string' },
      out: { type: 'string' },
      'same-mark': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(USAGE);
  if (positionals[0] === 'detect-watermark') return detectWatermarkCommand(values.image, values.out);
  if (positionals[0] === 'select') return selectCommand(values);
  if (values['same-mark']) return sameMarkCommand(positionals[0], values.image, values.mask, values.out);
  const mode = positionals[0];
  if (!isMode(mode)) throw new UsageError(`Unknown mode ${mode ?? '(none)'}.`);
  if (!values.image || !values.out) throw new UsageError('--image and --out are required.');
  const inputs = expandInputs(values.image);
  if (inputs.length === 0) throw new UsageError(`No JPEG, PNG or WebP files match ${values.image}.`);
  const options = parseOptions(values.option ?? [], values.scale);
  const config = loadConfig();
  const pool = createWorkerPool({ threads: config.env.INFERENCE_THREADS });
  const runner = runnerFor(createEngineRegistry({ ...enginesConfigFrom(config), pool }), mode);
  const prompt = values.prompt?.trim() || null;
  // The server's checks, before any file is read; each photo's run repeats them on its own.
  try {
    checkEditRequest(runner, { prompt, rawOptions: options, hasMask: Boolean(values.mask), brush: 'erase' });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'BAD_REQUEST')) throw error;
    const flag =
      runner.needsMask && !values.mask
        ? ` ${mode} needs --mask (a PNG, white = area to change).`
        : MODE_INFO[mode].needsPrompt && !prompt
          ? ` ${mode} needs --prompt, e.g. --prompt "make it brighter".`
          : '';
    throw new UsageError(error.message + flag);
  }
  const maskBytes = values.mask ? readFileSync(values.mask) : null;
  const many = inputs.length > 1 || isFolder(values.out);
  if (many) mkdirSync(values.out, { recursive: true });

  let failures = 0;
  for (const [index, input] of inputs.entries()) {
    const label = `${index + 1}/${inputs.length} ${path.basename(input)}`;
    try {
      await processOne(
        runner,
        input,
        maskBytes,
        values.prompt ?? null,
        options,
        many ? values.out : null,
        values.out,
        label,
      );
    } catch (error) {
      failures++;
      process.stderr.write(`\r${label}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  await pool.close();
  if (failures) throw new Error(`${failures} of ${inputs.length} images failed.`);
}

async function processOne(
  runner: ModeRunner,
  input: string,
  maskBytes: Buffer | null,
  prompt: string | null,
  options: Record<string, unknown>,
  outDir: string | null,
  outFile: string,
  label: string,
) {
  const started = Date.now();
  const result = await runOnFile(runner, {
    image: readFileSync(input),
    mask: maskBytes,
    prompt,
    options,
    progress: (fraction) => progressBar(label, fraction),
  });
  const ext = FORMAT_EXTENSION[formatFromMime(result.mime)];
  const target = outDir
    ? path.join(outDir, `${path.basename(input).replace(/\.[^.]*$/, '')}.${ext}`)
    : outFile;
  writeFileSync(
    target,
    outDir ? result.bytes : await asNamed(target, result.bytes, formatFromMime(result.mime)),
  );
  progressBar(label, 1);
  const note = result.note ? ` (${result.note})` : '';
  process.stderr.write(
    `\r${label}: ${target} by ${result.providerId} in ${((Date.now() - started) / 1000).toFixed(1)} s${note}\n`,
  );
  for (const step of result.steps ?? []) console.log(`  - ${step.description}`);
}

/**
 * The result in the format the file's name asks for ("--out result.png" of a JPEG photo is a PNG), except a
 * transparent result named .jpg, which stays a PNG rather than lose its transparency.
 */
async function asNamed(target: string, bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  const named = NAMED_FORMATS[path.extname(target).slice(1).toLowerCase()];
  if (!named || named === format) return bytes;
  const image = sharp(bytes);
  if (named === 'jpeg' && (await image.metadata()).hasAlpha) {
    process.stderr.write(`${target}: written as PNG to keep its transparency\n`);
    return bytes;
  }
  return image.toFormat(named).toBuffer();
}

const NAMED_FORMATS: Record<string, ImageFormat> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' };

/** The watermark's mask of each input, written as a PNG (into OUT as a folder when there are several). */
async function detectWatermarkCommand(image: string | undefined, out: string | undefined) {
  if (!image || !out) throw new UsageError('detect-watermark needs --image and --out.');
  const inputs = expandInputs(image);
  if (inputs.length === 0) throw new UsageError(`No JPEG, PNG or WebP files match ${image}.`);
  const many = inputs.length > 1 || isFolder(out);
  if (many) mkdirSync(out, { recursive: true });
  const config = loadConfig();
  const pool = createWorkerPool({ threads: config.env.INFERENCE_THREADS });
  const runner = runnerFor(createEngineRegistry({ ...enginesConfigFrom(config), pool }), 'watermark-removal');
  let missing = 0;
  try {
    for (const input of inputs) {
      const png = await findMaskOnFile(runner, readFileSync(input));
      if (!png) {
        missing++;
        process.stderr.write(`${input}: no watermark found\n`);
        continue;
      }
      const target = many ? path.join(out, `${path.basename(input).replace(/\.[^.]*$/, '')}.png`) : out;
      writeFileSync(target, png);
      process.stderr.write(`${input}: mask written to ${target}\n`);
    }
  } finally {
    await pool.close();
  }
  if (missing) throw new Error(`No watermark found in ${missing} of ${inputs.length} images.`);
}

/** One mark on every photo of a batch: estimated from all of them, each result written under its own name. */
async function sameMarkCommand(mode: string | undefined, image?: string, mask?: string, out?: string) {
  if (mode !== 'watermark-removal') throw new UsageError('--same-mark goes with watermark-removal.');
  if (!image || !out)
    throw new UsageError('--same-mark needs --image (a folder or pattern) and --out (a folder).');
  const inputs = expandInputs(image);
  if (inputs.length === 0) throw new UsageError(`No JPEG, PNG or WebP files match ${image}.`);
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  const results = await removeSameMarkFromFiles(
    inputs.map((input) => ({ name: path.basename(input), bytes: readFileSync(input) })),
    mask ? readFileSync(mask) : null,
    undefined,
    (fraction) => progressBar(`${inputs.length} photos`, fraction),
  );
  process.stderr.write('\n');
  for (const result of results) {
    const target = path.join(out, result.name);
    writeFileSync(target, result.bytes);
    process.stderr.write(`${target}: ${result.note}\n`);
  }
  const marked = results.filter((r) => r.marked).length;
  process.stderr.write(
    `${marked} of ${results.length} photos carried the mark, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/** The mask of the object under --point taps (and/or inside --box) of one photo, written as a PNG. */
async function selectCommand(values: { image?: string; point?: string[]; box?: string; out?: string }) {
  if (!values.image || !values.out || !(values.point?.length || values.box))
    throw new UsageError('select needs --image, --out and at least one --point X,Y (or a --box X,Y,W,H).');
  const numbers = (text: string, flag: string, count: number[]) => {
    const parts = text.split(',').map((p) => Number(p.trim()));
    if (!count.includes(parts.length) || parts.some((n) => !Number.isFinite(n)))
      throw new UsageError(`${flag} ${text} must be ${flag === '--box' ? 'X,Y,W,H' : 'X,Y or X,Y,0'}.`);
    return parts;
  };
  const raw = {
    points: (values.point ?? []).map((text) => {
      const [x, y, label = 1] = numbers(text, '--point', [2, 3]);
      return { x, y, label };
    }),
    box: values.box
      ? (([x, y, width, height]) => ({ x, y, width, height }))(numbers(values.box, '--box', [4]))
      : undefined,
  };
  const parsed = selectRequestSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0].message);
  const request: SelectRequest = parsed.data;
  const bytes = readFileSync(values.image);
  const { width, height } = await imageSize(bytes).catch(() => {
    throw new UsageError(`${values.image} could not be read as an image.`);
  });
  try {
    checkInside(request, width, height);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const pool = createWorkerPool({ threads: 1 });
  try {
    const started = Date.now();
    const selection = await createTapSelector(pool).select(
      {
        key: embeddingKey(path.resolve(values.image), width, height),
        width,
        height,
        read: async () => bytes,
      },
      request,
    );
    if (selection.area === 0) throw new Error('Nothing could be selected there: tap inside the object.');
    writeFileSync(values.out, await encodeMaskPng(selection.mask));
    process.stderr.write(
      `${values.image}: mask written to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await pool.close();
  }
}

function progressBar(label: string, fraction: number) {
  const width = 24;
  const done = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  process.stderr.write(
    `\r${label} [${'#'.repeat(done)}${'.'.repeat(width - done)}] ${Math.round(fraction * 100)}%`,
  );
}

const IMAGE_FILE = /\.(jpe?g|png|webp)$/i;

/** A file, every image in a folder, or a '*' / '?' pattern in the last part of a path. */
function expandInputs(pattern: string): string[] {
  if (!/[*?]/.test(pattern)) {
    if (!exists(pattern)) throw new UsageError(`${pattern} does not exist.`);
    if (isFolder(pattern))
      return readdirSync(pattern)
        .filter((f) => IMAGE_FILE.test(f))
        .sort()
        .map((f) => path.join(pattern, f));
    return [pattern];
  }
  const dir = path.dirname(pattern);
  const regex = new RegExp(
    `^${path
      .basename(pattern)
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  if (!isFolder(dir)) throw new UsageError(`${dir} is not a folder.`);
  return readdirSync(dir)
    .filter((f) => regex.test(f) && IMAGE_FILE.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/** key=value pairs with dotted keys for nested options; numbers and booleans are typed. */
function parseOptions(pairs: string[], scale: string | undefined): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new UsageError(`--option ${pair} must look like key=value.`);
    const keys = pair.slice(0, eq).split('.');
    const raw = pair.slice(eq + 1);
    const value =
      raw === 'true' ? true : raw === 'false' ? false : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    let node = options;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] = value;
  }
  if (scale !== undefined) {
    if (scale !== '2' && scale !== '4') throw new UsageError('--scale must be 2 or 4.');
    options.scale = Number(scale);
  }
  return options;
}

async function usersCommand(args: string[]) {
  const [action, email, plan] = args;
  const valid = action === 'set-plan' ? !!email && isPlan(plan) : action === 'history' && !!email;
  if (!valid)
    throw new UsageError('Expected: users set-plan EMAIL free|monthly|yearly, or users history EMAIL');
  const config = loadConfig();
  const database = await openDatabase(
    config.env.DATABASE_URL
      ? { url: config.env.DATABASE_URL }
      : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const admin = createPlanAdminService({ data: createDataStore(database.db), clock: systemClock });
    if (action === 'history') {
      const history = await admin.history(email);
      if (!history) throw new Error(`No user with the e-mail ${email}.`);
      if (history.length === 0) console.log(`${email} has never changed plan.`);
      for (const line of history) console.log(line);
      return;
    }
    if (!isPlan(plan)) throw new UsageError('Expected a plan: free|monthly|yearly');
    const changed = await admin.setPlan(email, plan, os.userInfo().username);
    if (!changed) throw new Error(`No user with the e-mail ${email}. They must sign in once first.`);
    console.log(
      `${email} is now on the ${plan} plan (was ${changed.from}); a new credit period starts now. ` +
        'A Stripe subscriber gets the plan Stripe has back at the next change on Stripe.',
    );
  } finally {
    await database.close();
  }
}

const exists = (p: string) => {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
};
const isFolder = (p: string) => exists(p) && statSync(p).isDirectory();

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
