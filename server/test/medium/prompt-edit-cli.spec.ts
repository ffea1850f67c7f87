/* Chat to Edit on the command line: the steps printed, the result measured, a refusal that writes nothing. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRaw } from '../../src/lib/image/raw-image';
import { cli } from '../support/cli';
import { measure, meanDifference } from '../support/image-measures';
import { dateStamped, sized } from '../support/prompt-edit-photos';
import { photo } from '../support/uploads';

describe('prompt-edit on the command line', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prompt-cli-'));
  const env = { DATA_DIR: path.join(dir, 'data') };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = async (name: string, bytes: Promise<Buffer> | Buffer) => {
    const target = path.join(dir, name);
    writeFileSync(target, await bytes);
    return target;
  };

  it('crops to a square, then black and white, and prints the steps', async () => {
    const input = await file('garden.png', sized(photo('Garden.jpg'), 480));
    const out = path.join(dir, 'garden-edited.png');
    const result = await cli(
      [
        'prompt-edit',
        '--image',
        input,
        '--prompt',
        'crop it to a square, then black and white',
        '--out',
        out,
      ],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Cropped it to a square (1:1)');
    expect(result.stdout).toContain('Made it black and white');
    const edited = await decodeRaw(await sharp(out).toBuffer());
    expect(edited.width).toBe(edited.height);
    expect(measure(edited).chroma).toBeLessThan(2);
  });

  it('removes a date stamp and leaves the rest of the photo alone', async () => {
    const stamped = await dateStamped(photo('Storm.jpg'), 640);
    const input = await file('storm.jpg', stamped);
    const out = path.join(dir, 'storm-clean.jpg');
    const result = await cli(
      ['prompt-edit', '--image', input, '--prompt', 'get rid of the date stamp', '--out', out],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    const before = await decodeRaw(stamped);
    const after = await decodeRaw(await sharp(out).toBuffer());
    const corner = (x: number, y: number) => x > before.width * 0.6 && y > before.height * 0.8;
    expect(meanDifference(before, after, corner)).toBeGreaterThan(4);
    expect(meanDifference(before, after, (x, y) => !corner(x, y))).toBeLessThan(1.5);
  });

  it('brightens every photo of a folder', async () => {
    const inputs = path.join(dir, 'in');
    mkdirSync(inputs);
    await file('in/a.png', sized(photo('Dune.jpg'), 200));
    await file('in/b.png', sized(photo('Storm.jpg'), 200));
    const outDir = path.join(dir, 'bright');
    const result = await cli(
      ['prompt-edit', '--image', inputs, '--prompt', 'a bit brighter please', '--out', outDir],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    for (const name of ['a', 'b']) {
      const before = measure(await decodeRaw(await sharp(path.join(inputs, `${name}.png`)).toBuffer()));
      const after = measure(await decodeRaw(await sharp(path.join(outDir, `${name}.png`)).toBuffer()));
      expect(after.light).toBeGreaterThan(before.light + 4);
    }
  });

  it.each([
    ['put a hat on the cat', /can't add/],
    ['remove the dog', /couldn't find a dog/],
  ])('refuses "%s" with a message, a failing exit code and no file', async (prompt, message) => {
    const input = await file('cat.png', sized(photo('chelsea.png'), 300));
    const out = path.join(dir, 'refused.png');
    const result = await cli(['prompt-edit', '--image', input, '--prompt', prompt, '--out', out], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).not.toContain('refused.png');
  });
});
