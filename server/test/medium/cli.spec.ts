import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { createPlanChangeRepository } from '../../src/repositories/plan-change.repository';
import { createUserRepository } from '../../src/repositories/user.repository';
import { cli } from '../support/cli';
import { photo } from '../support/uploads';

describe('command line', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  const env = { DATA_DIR: path.join(dir, 'data') };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('upscales every photo of a folder with the real engine', async () => {
    const inputs = path.join(dir, 'in');
    mkdirSync(inputs);
    for (const name of ['a', 'b']) {
      const crop = await sharp(photo('chelsea.png'))
        .extract({ left: name === 'a' ? 0 : 100, top: 50, width: 48, height: 40 })
        .png()
        .toBuffer();
      writeFileSync(path.join(inputs, `${name}.png`), crop);
    }
    writeFileSync(path.join(inputs, 'notes.txt'), 'not an image');
    const result = await cli(
      ['image-upscale', '--image', inputs, '--scale', '2', '--out', path.join(dir, 'out')],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('2/2 b.png');
    expect(readdirSync(path.join(dir, 'out')).sort()).toEqual(['a.png', 'b.png']);
    const meta = await sharp(path.join(dir, 'out', 'a.png')).metadata();
    expect([meta.width, meta.height]).toEqual([96, 80]);
  });

  it('writes the result in the format the file named after --out asks for', async () => {
    const small = path.join(dir, 'small.jpg');
    writeFileSync(small, await sharp(photo('chelsea.png')).resize(64).jpeg().toBuffer());
    const brighter = path.join(dir, 'brighter.png');
    const edited = await cli(
      ['prompt-edit', '--image', small, '--prompt', 'brighter', '--out', brighter],
      env,
    );
    expect(edited.code, edited.stderr).toBe(0);
    expect((await sharp(brighter).metadata()).format).toBe('png');
    const upscaled = path.join(dir, 'upscaled.jpg');
    const result = await cli(['image-upscale', '--image', small, '--scale', '2', '--out', upscaled], env);
    expect(result.code, result.stderr).toBe(0);
    expect((await sharp(upscaled).metadata()).format).toBe('jpeg');
  });

  it('enhances the faces of a portrait at a chosen strength, and notes a photo without a face', async () => {
    const portrait = path.join(dir, 'portrait.jpg');
    writeFileSync(
      portrait,
      await sharp('server/test/fixtures/face/face-old-man-sepia-moustache.jpg')
        .resize({ width: 320 })
        .toBuffer(),
    );
    const out = path.join(dir, 'portrait-out.jpg');
    const result = await cli(
      ['face-enhancement', '--image', portrait, '--option', 'strength=strong', '--out', out],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('by local-face');
    expect(result.stderr).not.toContain('No face found');
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([640, 566]);

    const cup = path.join(dir, 'cup.png');
    writeFileSync(cup, await sharp(photo('coffee.png')).resize({ width: 120 }).png().toBuffer());
    const noFace = await cli(
      ['face-enhancement', '--image', cup, '--out', path.join(dir, 'cup-out.png')],
      env,
    );
    expect(noFace.code, noFace.stderr).toBe(0);
    expect(noFace.stderr).toContain('No face found; enhanced the whole photo');
  });

  it('makes a 4:5 headshot on white from a portrait; refuses a photo without a face and a point on no one', async () => {
    const out = path.join(dir, 'headshot.jpg');
    const result = await cli(
      [
        'professional-photo',
        '--image',
        'server/test/fixtures/face/face-grace-hopper-navy-portrait.jpg',
        '--out',
        out,
        '--option',
        'backdrop=white',
        '--option',
        'size=portrait',
      ],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('by local-headshot');
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1350]);

    const noFace = await cli(
      ['professional-photo', '--image', 'assets/photos/coffee.png', '--out', path.join(dir, 'cup.png')],
      env,
    );
    expect(noFace.code).not.toBe(0);
    expect(noFace.stderr).toContain('No face was found in this photo');

    // The person in a group is chosen by a point on them; the sky above the band holds no one.
    const noOne = await cli(
      [
        'professional-photo',
        '--image',
        'server/test/fixtures/detect/face-mariachi-band-smiling.jpg',
        '--out',
        path.join(dir, 'band.jpg'),
        '--option',
        'subjectX=0.55',
        '--option',
        'subjectY=0.09',
      ],
      env,
    );
    expect(noOne.code).not.toBe(0);
    expect(noOne.stderr).toContain('No one is at the point chosen for the headshot');
  }, 600_000);

  it.each([
    [['bogus-mode', '--image', 'x', '--out', 'y'], 2, 'Unknown mode bogus-mode'],
    [['image-upscale', '--out', 'y'], 2, '--image and --out are required'],
    [['image-upscale', '--image', '/nowhere/at/all.jpg', '--out', 'y'], 2, 'does not exist'],
    [['object-removal', '--image', 'assets/photos/coffee.png', '--out', 'y'], 2, 'needs --mask'],
    [
      ['image-upscale', '--image', 'assets/photos/coffee.png', '--scale', '3', '--out', 'y'],
      2,
      '--scale must be 2 or 4',
    ],
    [['users', 'set-plan', 'someone@example.com', 'platinum'], 2, 'users set-plan EMAIL'],
  ])('refuses %j with exit %i and a clear message', async (args, code, message) => {
    const result = await cli(args, env);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
  });

  it('fails clearly on a file that is not an image', async () => {
    const fake = path.join(dir, 'fake.jpg');
    writeFileSync(fake, 'hello');
    const result = await cli(
      ['image-upscale', '--image', fake, '--out', path.join(dir, 'fake-out.png')],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not supported');
  });

  it('sets a user plan for operators', async () => {
    const database = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, 'pglite') });
    await createUserRepository(database.db).createIfMissing({ firebaseUid: 'u1', email: 'ops@example.com' });
    await database.close();
    const result = await cli(['users', 'set-plan', 'ops@example.com', 'monthly'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('now on the monthly plan (was free)');
    const after = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, 'pglite') });
    const user = await createUserRepository(after.db).getByEmail('ops@example.com');
    expect(user?.subscriptionTier).toBe('monthly');
    const history = await createPlanChangeRepository(after.db).listForUser(user!.id);
    expect(history).toMatchObject([{ fromTier: 'free', toTier: 'monthly', source: 'operator' }]);
    expect(history[0].reason).toMatch(/^users set-plan by /);
    await after.close();
    const lines = await cli(['users', 'history', 'ops@example.com'], env);
    expect(lines.code, lines.stderr).toBe(0);
    expect(lines.stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}free -> monthly {2}operator: users set-plan by /,
    );
    const missing = await cli(['users', 'set-plan', 'ghost@example.com', 'monthly'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No user with the e-mail ghost@example.com');
  });
});
