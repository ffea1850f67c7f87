import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createFirebaseTokenVerifier } from '../../src/auth/token-verifier';
import type { Database } from '../../src/db/client';
import { sessions, users } from '../../src/db/schema';
import type { App } from '../../src/http/types';
import { databaseTargets } from '../support/databases';
import { forgeToken, startTestEmulator, TEST_PROJECT_ID, type TestEmulator } from '../support/emulator';
import { buildTestApp } from '../support/test-app';

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator?.stop());

describe.each(databaseTargets())('auth on $name', (target) => {
  let database: Database;
  let sut: App;
  beforeAll(async () => {
    database = await target.open();
    const verifier = createFirebaseTokenVerifier({ projectId: TEST_PROJECT_ID, emulatorHost: emulator.host });
    sut = await buildTestApp({ database, verifier });
  });
  afterAll(async () => {
    await sut?.close();
    await database?.close();
  });

  const getUser = (headers: Record<string, string> = {}) =>
    sut.inject({ method: 'GET', url: '/api/auth/user', headers });

  it('answers 401 without a token', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 401 for a forged token and for an expired one', async () => {
    const forged = await getUser({ authorization: `Bearer ${forgeToken({})}` });
    expect(forged.statusCode).toBe(401);
    const { uid } = await emulator.signUp(`expired-${target.name}@example.com`);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await getUser({
      authorization: `Bearer ${forgeToken({ sub: uid, user_id: uid, iat: past, auth_time: past, exp: past + 3600 })}`,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/sign in again/);
    const garbage = await getUser({ authorization: 'Bearer not-a-token' });
    expect(garbage.statusCode).toBe(401);
  });

  it('creates the user once from the token, however many first calls arrive together', async () => {
    const { idToken } = await emulator.signUp(`ada-${target.name}@example.com`, 'Ada King Lovelace');
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => getUser({ authorization: `Bearer ${idToken}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const ids = new Set(responses.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    expect(n).toBe(1);
    expect(responses[0].json()).toMatchObject({
      email: `ada-${target.name}@example.com`,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      subscriptionTier: 'free',
      credits: { remaining: 5, limit: 5, period: 'day' },
      maxUploadBytes: 10 * 1024 * 1024,
    });
  });

  it('trades a token for a session cookie that identifies the user until it is ended', async () => {
    const { idToken } = await emulator.signUp(`grace-${target.name}@example.com`, 'Grace');
    const created = await sut.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(created.statusCode).toBe(204);
    const cookie = created.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const byCookie = await getUser({ cookie: `sid=${cookie!.value}` });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().firstName).toBe('Grace');

    const ended = await sut.inject({
      method: 'DELETE',
      url: '/api/auth/session',
      headers: { cookie: `sid=${cookie!.value}` },
    });
    expect(ended.statusCode).toBe(204);
    expect((await getUser({ cookie: `sid=${cookie!.value}` })).statusCode).toBe(401);
  });

  it('shows a change of plan or credits made elsewhere at once, and refuses an expired session', async () => {
    const { idToken } = await emulator.signUp(`hopper-${target.name}@example.com`, 'Grace Hopper');
    const created = await sut.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${idToken}` },
    });
    const sid = created.cookies.find((c) => c.name === 'sid')!.value;
    const before = (await getUser({ cookie: `sid=${sid}` })).json();
    expect(before).toMatchObject({ subscriptionTier: 'free', credits: { remaining: 5 } });

    // As a worker settling an edit, or another server applying Stripe's webhook, would change them.
    await database.db
      .update(users)
      .set({ subscriptionTier: 'monthly', creditsUsed: 3, creditsResetAt: new Date() })
      .where(eq(users.id, before.id));
    const after = await getUser({ cookie: `sid=${sid}` });
    expect(after.json()).toMatchObject({
      id: before.id,
      subscriptionTier: 'monthly',
      credits: { remaining: 97, limit: 100, period: 'month' },
    });

    await database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    expect((await getUser({ cookie: `sid=${sid}` })).statusCode).toBe(401);
  });

  it('refuses token sync without a valid token', async () => {
    expect((await sut.inject({ method: 'POST', url: '/api/auth/session' })).statusCode).toBe(401);
    const forged = await sut.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${forgeToken({})}` },
    });
    expect(forged.statusCode).toBe(401);
  });
});
