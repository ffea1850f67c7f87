import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../src/db/schema';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { multipart, photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(databaseTargets())('API keys on $name', (target) => {
  const app = useTestApp(target, { engines: () => testEngines(), storagePrefix: 'api-keys-' });
  const inject = (options: InjectOptions) => app.sut.inject(options);

  async function createKey(uid: string, name = 'shop sync') {
    const response = await inject({
      method: 'POST',
      url: '/api/keys',
      headers: bearer(uid),
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; key: string };
  }
  const listKeys = async (uid: string) =>
    (await inject({ method: 'GET', url: '/api/keys', headers: bearer(uid) })).json().keys;
  const credits = (headers: Record<string, string>) =>
    inject({ method: 'GET', url: '/api/credits', headers });

  it('shows a new key once, prefixed csk_, and keeps only its SHA-256', async () => {
    const { id, key } = await createKey('ann');
    expect(key).toMatch(/^csk_[A-Za-z0-9_-]{43}$/);
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(key.slice(4));
    const [listed] = await listKeys('ann');
    expect(listed).toEqual({
      id,
      name: 'shop sync',
      prefix: key.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(await listKeys('ann'))).not.toContain(key.slice(10));
  });

  it("stands for its owner on the editing calls, with the owner's credits, and records when it was used", async () => {
    const { id, key } = await createKey('ben');
    const upload = multipart(
      { editingMode: 'image-upscale' },
      { name: 'cat.png', data: photo('chelsea.png') },
    );
    const uploaded = await inject({
      method: 'POST',
      url: '/api/upload',
      payload: upload.payload,
      headers: { ...upload.headers, ...withKey(key) },
    });
    expect(uploaded.statusCode).toBe(201);
    const imageId = uploaded.json().id;
    const processed = await inject({
      method: 'POST',
      url: `/api/process/${imageId}`,
      headers: withKey(key),
      payload: { scale: 2 },
    });
    expect(processed.statusCode).toBe(200);
    expect(processed.json().credits.remaining).toBe(4);
    // The same person, signed in on the website, sees the credit spent and the result.
    expect((await credits(bearer('ben'))).json().credits.remaining).toBe(4);
    expect((await credits(withKey(key))).json().credits.remaining).toBe(4);
    const result = await inject({
      method: 'GET',
      url: processed.json().processedPath,
      headers: bearer('ben'),
    });
    expect(result.statusCode).toBe(200);
    const [listed] = await listKeys('ben');
    expect(listed.id).toBe(id);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keeps another person's images out of reach of a key", async () => {
    const mine = (await app.upload('cleo', photo('rocket.jpg'))).json();
    const { key } = await createKey('dan');
    const response = await inject({ method: 'GET', url: mine.originalPath, headers: withKey(key) });
    expect(response.statusCode).toBe(404);
    const events = await inject({
      method: 'GET',
      url: `/api/process/${mine.id}/events`,
      headers: withKey(key),
    });
    expect(events.statusCode).toBe(404);
    const processing = await inject({
      method: 'POST',
      url: `/api/process/${mine.id}`,
      headers: withKey(key),
      payload: { scale: 2 },
    });
    expect(processing.statusCode).toBe(404);
  });

  it('refuses a revoked key at once, and lets only its owner revoke it', async () => {
    const { id, key } = await createKey('eve');
    expect((await credits(withKey(key))).statusCode).toBe(200);
    const byOther = await inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: bearer('fay') });
    expect(byOther.statusCode).toBe(404);
    const revoked = await inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: bearer('eve') });
    expect(revoked.statusCode).toBe(204);
    const refused = await credits(withKey(key));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('This API key is not valid or has been revoked.');
    const [listed] = await listKeys('eve');
    expect(listed.revokedAt).not.toBeNull();
    const again = await inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: bearer('eve') });
    expect(again.statusCode).toBe(404);
  });

  it('refuses made-up keys, and keys on the account and key calls', async () => {
    const fake = `csk_${'A'.repeat(43)}`;
    expect((await credits(withKey(fake))).statusCode).toBe(401);
    expect((await credits(withKey('csk_short'))).statusCode).toBe(401);
    const { key } = await createKey('gus');
    const minting = await inject({
      method: 'POST',
      url: '/api/keys',
      headers: withKey(key),
      payload: { name: 'x' },
    });
    expect(minting.statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/auth/user', headers: withKey(key) })).statusCode).toBe(
      403,
    );
    expect((await inject({ method: 'GET', url: '/api/keys' })).statusCode).toBe(401);
  });

  it('asks for a name and caps the live keys a person holds at ten', async () => {
    const unnamed = await inject({
      method: 'POST',
      url: '/api/keys',
      headers: bearer('hal'),
      payload: { name: ' ' },
    });
    expect(unnamed.statusCode).toBe(400);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await createKey('hal', `key ${i}`));
    const eleventh = await inject({
      method: 'POST',
      url: '/api/keys',
      headers: bearer('hal'),
      payload: { name: 'k' },
    });
    expect(eleventh.statusCode).toBe(409);
    await inject({ method: 'DELETE', url: `/api/keys/${made[0].id}`, headers: bearer('hal') });
    await createKey('hal', 'after revoking one');
  });

  it('counts a person’s keys against the person’s one budget, and a made-up key against its address', async () => {
    const [first, second] = [await createKey('ivy', 'one'), await createKey('ivy', 'two')];
    const badUpload = (key: string) =>
      inject({ method: 'POST', url: '/api/upload', headers: withKey(key), payload: {} });
    for (let i = 0; i < 30; i++) expect((await badUpload(first.key)).statusCode).toBe(400);
    for (let i = 0; i < 30; i++) expect((await badUpload(second.key)).statusCode).toBe(400);
    const limited = await badUpload(first.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await badUpload(second.key)).statusCode).toBe(429);
    // Someone else, from the same address, still has their budget; keys nobody issued share the address's.
    expect((await badUpload((await createKey('jo', 'own')).key)).statusCode).toBe(400);
    for (let i = 0; i < 60; i++)
      expect((await badUpload(`csk_${'x'.repeat(20)}${i}`)).statusCode, `made-up key ${i}`).toBe(401);
    expect((await badUpload(`csk_${'y'.repeat(21)}`)).statusCode).toBe(429);
  });

  it('removes the keys with their owner', async () => {
    await createKey('jay');
    const [owner] = await app.database.db.select().from(users).where(eq(users.firebaseUid, 'jay'));
    await app.database.db.delete(users).where(eq(users.id, owner.id));
    expect(await app.database.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.id))).toEqual([]);
  });
});
