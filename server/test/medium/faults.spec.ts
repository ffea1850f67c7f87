/*
 * PostgreSQL and the image store (S3, s3rver on loopback) going away in the middle of an upload and of an edit:
 * loopback TCP proxies in front of each are cut at that moment from inside the request (neither server is ever
 * stopped). Each must answer a clear 503, lose no upload, leave no half-written row or stray file, spend no
 * credit, and work again by itself once the service is back. Redis is covered by scaleout/redis-restart.spec.ts.
 * Runs when TEST_DATABASE_URL is set.
 */
import pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { modeRunner } from '../../src/engines/mode-runner';
import type { Provider } from '../../src/engines/types';
import { rawToSharp, type RawImage } from '../../src/lib/image/raw-image';
import { createS3Storage } from '../../src/storage/s3.storage';
import type { Storage } from '../../src/storage/storage';
import { createPostgresDatabase } from '../support/databases';
import { bearer, fakeVerifier } from '../support/fake-verifier';
import { startS3, type RunningS3 } from '../support/s3-server';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { buildTestApp } from '../support/test-app';
import { testEngines } from '../support/test-engines';
import { multipart, photo } from '../support/uploads';

const adminUrl = process.env.TEST_DATABASE_URL;
const BRIEFLY_AWAY = 'briefly unavailable';

describe.skipIf(!adminUrl)('PostgreSQL and the image store away in the middle of a request', () => {
  let database: { url: string; drop(): Promise<void> };
  let direct: pg.Client;
  let dbProxy: TcpProxy;
  let s3: RunningS3;
  let s3Proxy: TcpProxy;
  let store: Storage & { close(): void };
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  /** Runs once, as the next photo is written to the store / while the next edit's engine runs. */
  let beforeNextPut: (() => Promise<void>) | undefined;
  let duringNextEdit: (() => Promise<void>) | undefined;

  const once = async (hook: (() => Promise<void>) | undefined, clear: () => void) => {
    clear();
    await hook?.();
  };
  const enlarge: Provider<{ image: RawImage }> = {
    id: 'test-enlarge',
    kind: 'local',
    isConfigured: () => true,
    async run({ image }) {
      await once(duringNextEdit, () => (duringNextEdit = undefined));
      const [width, height] = [image.width * 2, image.height * 2];
      const out = await rawToSharp(image).resize(width, height).raw().toBuffer();
      return { image: { ...image, data: new Uint8Array(out), width, height } };
    },
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl!);
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const url = new URL(database.url);
    dbProxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(dbProxy.port);

    s3 = await startS3();
    const s3Url = new URL(s3.config.endpoint!);
    s3Proxy = await startTcpProxy({ host: s3Url.hostname, port: Number(s3Url.port) });
    store = createS3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${s3Proxy.port}` });
    const storage: Storage = {
      ...store,
      async put(key, data) {
        await once(beforeNextPut, () => (beforeNextPut = undefined));
        return store.put(key, data);
      },
    };
    app = await buildTestApp({
      database: await openDatabase({ url: url.toString() }),
      verifier: fakeVerifier,
      storage,
      engines: testEngines({
        'image-upscale': modeRunner({
          engine: { mode: 'image-upscale', providers: [enlarge] },
          optionsSchema: z.object({}),
          toInput: (request) => ({ image: request.image }),
        }),
      }),
    });
  });
  afterAll(async () => {
    await app?.close();
    store?.close();
    await dbProxy?.close();
    await s3Proxy?.close();
    await s3?.stop();
    await direct?.end();
    await database?.drop();
  });

  const upload = (uid: string) => {
    const form = multipart(
      { editingMode: 'image-upscale' },
      { name: 'photo.jpg', data: photo('rocket.jpg') },
    );
    return app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(uid) },
    });
  };
  const edit = (uid: string, id: string) =>
    app.inject({ method: 'POST', url: `/api/process/${id}`, headers: bearer(uid), payload: {} });
  /** Straight from the database and the store, past the proxies. */
  const rowsOf = async (uid: string) =>
    (
      await direct.query(
        `select i.status, u.credits_used from processed_images i join users u on u.id = i.user_id
         where u.firebase_uid = $1 order by i.created_at`,
        [uid],
      )
    ).rows as { status: string; credits_used: number }[];
  const storedFiles = async (uid: string) => {
    const { rows } = await direct.query('select id from users where firebase_uid = $1', [uid]);
    return rows[0] ? s3Files(`users/${rows[0].id}/`) : [];
  };
  const s3Files = (prefix: string) => createS3Storage(s3.config).list(prefix);
  const until = async (check: () => Promise<boolean>, what: string) => {
    for (let waited = 0; waited < 20_000; waited += 250) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`gave up waiting: ${what}`);
  };
  const expectBrieflyAway = (response: { statusCode: number; json(): { error: { message: string } } }) => {
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toContain(BRIEFLY_AWAY);
  };

  it('PostgreSQL away as a photo is stored: 503, the file removed, no row; the next upload works', async () => {
    expect((await upload('ana')).statusCode).toBe(201);
    beforeNextPut = () => dbProxy.cut();
    expectBrieflyAway(await upload('ana'));
    await dbProxy.restore();
    expect(await rowsOf('ana')).toHaveLength(1);
    expect((await storedFiles('ana')).filter((f) => f.includes('original'))).toHaveLength(1);
    expect((await upload('ana')).statusCode).toBe(201);
    expect(await rowsOf('ana')).toHaveLength(2);
  });

  it('the image store away as a photo is stored: 503 and no row; the next upload works', async () => {
    expect((await upload('ben')).statusCode).toBe(201);
    beforeNextPut = () => s3Proxy.cut();
    expectBrieflyAway(await upload('ben'));
    await s3Proxy.restore();
    expect(await rowsOf('ben')).toHaveLength(1);
    expect((await upload('ben')).statusCode).toBe(201);
    expect(await rowsOf('ben')).toHaveLength(2);
  });

  it('PostgreSQL away during an edit: 503; once it is back the credit is returned and the row failed, without a restart', async () => {
    const { id } = (await upload('cleo')).json();
    duringNextEdit = () => dbProxy.cut();
    expectBrieflyAway(await edit('cleo', id));
    await dbProxy.restore();
    await until(async () => (await rowsOf('cleo'))[0]?.status === 'failed', 'the edit settled as failed');
    expect(await rowsOf('cleo')).toEqual([{ status: 'failed', credits_used: 0 }]);
    expect((await storedFiles('cleo')).filter((f) => f.includes('result'))).toEqual([]);

    const again = await edit('cleo', id);
    expect(again.statusCode).toBe(200);
    expect(again.json().credits.remaining).toBe(4);
    expect(await rowsOf('cleo')).toEqual([{ status: 'completed', credits_used: 1 }]);
  });

  it('the image store away during an edit: 503 with the credit returned at once; the next edit works', async () => {
    const { id } = (await upload('dev')).json();
    duringNextEdit = () => s3Proxy.cut();
    expectBrieflyAway(await edit('dev', id));
    expect(await rowsOf('dev')).toEqual([{ status: 'failed', credits_used: 0 }]);
    await s3Proxy.restore();
    const again = await edit('dev', id);
    expect(again.statusCode).toBe(200);
    expect(again.json().credits.remaining).toBe(4);
  });
});
