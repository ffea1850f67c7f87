/*
 * PostgreSQL going away for a few seconds under the app: a loopback TCP proxy between them is cut and restored
 * (the machine's PostgreSQL itself is never stopped). Runs when TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { createPostgresDatabase } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { testEngines } from '../support/test-engines';
import { useTestApp } from '../support/use-test-app';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('PostgreSQL away for a few seconds', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  const app = useTestApp(
    {
      name: 'postgres',
      async open() {
        const fresh = await createPostgresDatabase(adminUrl!);
        drop = fresh.drop;
        const url = new URL(fresh.url);
        proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
        url.port = String(proxy.port);
        return openDatabase({ url: url.toString() });
      },
    },
    { engines: () => testEngines(), storagePrefix: 'outage-' },
  );
  afterAll(async () => {
    await proxy?.close();
    await drop?.();
  });

  const get = (url: string) => app.sut.inject({ method: 'GET', url, headers: bearer('dora') });

  it('answers 503 with a clear message meanwhile, and recovers by itself when it returns', async () => {
    expect((await get('/api/credits')).statusCode).toBe(200);

    await proxy.cut();
    const refused = await get('/api/credits');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      },
    });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.database).toBe('down');
    expect((await get('/healthz')).statusCode).toBe(200);

    await proxy.restore();
    expect((await get('/api/credits')).statusCode).toBe(200);
    expect((await get('/readyz')).json()).toMatchObject({ status: 'ok', checks: { database: 'up' } });
  });
});
