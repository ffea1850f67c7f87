/*
 * The API as a developer meets it, against the real app started as `npm start` starts it: sign in, make a key
 * on the API page, then run every example of /docs/api exactly as the page shows it (curl in bash, JavaScript in
 * Node) with that key, see its last use on the page, revoke it there and see the API refuse it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { editorSession } from './support/editor-session.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';

const env = useAppAndBrowser();
const { signedInDesktop, pageErrors } = editorSession(env);
const work = mkdtempSync(path.join(os.tmpdir(), 'api-examples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PHOTO = { width: 240, height: 160 };
const MASK = { left: 100, top: 60, width: 40, height: 30 };

/** photo.jpg (a real photo, small so the real engines answer quickly) and mask.png, as the examples expect. */
async function writeInputs() {
  const photo = readFileSync(new URL('../assets/photos/Garden.jpg', import.meta.url));
  await sharp(photo)
    .resize(PHOTO.width, PHOTO.height)
    .jpeg({ quality: 92 })
    .toFile(path.join(work, 'photo.jpg'));
  const white = {
    create: { width: MASK.width, height: MASK.height, channels: 3 as const, background: '#fff' },
  };
  await sharp({ create: { ...PHOTO, channels: 3, background: '#000' } })
    .composite([{ input: await sharp(white).png().toBuffer(), left: MASK.left, top: MASK.top }])
    .png()
    .toFile(path.join(work, 'mask.png'));
}

function run(language: string, code: string, variables: Record<string, string>) {
  const command =
    language === 'sh'
      ? spawnSync('bash', ['-euo', 'pipefail', '-c', code], {
          cwd: work,
          env: { ...process.env, ...variables },
        })
      : (writeFileSync(path.join(work, 'example.mjs'), code),
        spawnSync(process.execPath, ['example.mjs'], { cwd: work, env: { ...process.env, ...variables } }));
  const [stdout, stderr] = [String(command.stdout), String(command.stderr)];
  expect(command.status, `${code}\n${stdout}\n${stderr}`).toBe(0);
  return stdout;
}

describe('the public API', () => {
  it(
    'makes a key on the API page, runs the reference examples with it, and refuses it once revoked',
    { timeout: 600_000 },
    async () => {
      const { app } = env();
      const { context, page } = await signedInDesktop('dev@example.com');

      await page.getByTestId('user-menu-trigger').click();
      await page.getByRole('menuitem', { name: 'API' }).click();
      await page.waitForURL(`${app.url}/api-keys`);
      await page.getByLabel('Name').fill('Shop sync');
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.getByTestId('new-api-key').textContent({ timeout: 20_000 }))!;
      expect(key).toMatch(/^csk_[A-Za-z0-9_-]{43}$/);
      expect(await page.getByTestId('api-key-usage').textContent()).toContain('Never used');

      // The reference, as a reader sees it: its setup names this site, and each example runs as shown.
      await page.goto(`${app.url}/docs/api`);
      await expect
        .poll(() => page.getByTestId('example-setup').textContent())
        .toContain(`export CLEANUP_STUDIO_URL=${app.url}`);
      await writeInputs();
      const variables = { CLEANUP_STUDIO_URL: app.url, CLEANUP_STUDIO_KEY: key };
      const example = async (id: string) => (await page.getByTestId(`example-${id}`).textContent())!;

      run('sh', await example('curl-upscale'), variables);
      expect(await sharp(path.join(work, 'photo-2x.png')).metadata()).toMatchObject({
        format: 'png',
        width: 480,
        height: 320,
      });

      run('sh', await example('curl-object-removal'), variables);
      await expectMaskedAreaChanged(path.join(work, 'photo-clean.png'));

      const credits = JSON.parse(run('sh', await example('curl-credits'), variables));
      expect(credits).toMatchObject({ plan: 'free', credits: { remaining: 3, limit: 5 } });

      rmSync(path.join(work, 'photo-2x.png'));
      expect(run('js', await example('js-edit'), variables)).toContain('Credits left: 2');
      expect((await sharp(path.join(work, 'photo-2x.png')).metadata()).width).toBe(480);

      rmSync(path.join(work, 'photo-clean.png'));
      expect(run('js', await example('js-async'), variables)).toContain(
        `Done: ${PHOTO.width}x${PHOTO.height}`,
      );
      await expectMaskedAreaChanged(path.join(work, 'photo-clean.png'));

      // The page shows the key's use; revoking it there shuts the API to it at once.
      await page.goto(`${app.url}/api-keys`);
      await expect.poll(() => page.getByTestId('api-key-usage').textContent()).toContain('Last used');
      await page.getByRole('button', { name: 'Revoke Shop sync' }).click();
      await expect.poll(() => page.getByTestId('api-key-usage').textContent()).toContain('Revoked');
      const refused = await fetch(`${app.url}/api/credits`, { headers: { authorization: `Bearer ${key}` } });
      expect(refused.status).toBe(401);
      expect((await refused.json()).error.message).toBe('This API key is not valid or has been revoked.');

      await context.close();
      expect(pageErrors).toEqual([]);
    },
  );

  it('serves the OpenAPI document the reference links to', async () => {
    const response = await fetch(`${env().app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/edit'].post.requestBody.content).toHaveProperty('multipart/form-data');
  });
});

/** The mask's rectangle was filled with something else; the photo far from it kept its pixels (give or take JPEG). */
async function expectMaskedAreaChanged(file: string) {
  const decode = (input: string) => sharp(input).removeAlpha().raw().toBuffer();
  const [before, after] = await Promise.all([decode(path.join(work, 'photo.jpg')), decode(file)]);
  const difference = (left: number, top: number, width: number, height: number) => {
    let sum = 0;
    for (let y = top; y < top + height; y++)
      for (let x = left; x < left + width; x++)
        for (let c = 0; c < 3; c++)
          sum += Math.abs(before[(y * PHOTO.width + x) * 3 + c] - after[(y * PHOTO.width + x) * 3 + c]);
    return sum / (width * height * 3);
  };
  expect(difference(MASK.left, MASK.top, MASK.width, MASK.height)).toBeGreaterThan(4);
  expect(difference(0, 0, 60, 40)).toBeLessThan(2);
}
