import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX } from '@common/schemas/contact';
import type { Database } from '../../src/db/client';
import type { App } from '../../src/http/types';
import { createContactMessageRepository } from '../../src/repositories/contact-message.repository';
import { databaseTargets } from '../support/databases';
import { fakeVerifier as verifier } from '../support/fake-verifier';
import { buildTestApp } from '../support/test-app';

describe.each(databaseTargets())('contact messages on $name', (target) => {
  let database: Database;
  let sut: App;
  const stored = () => createContactMessageRepository(database.db).count();
  beforeEach(async () => {
    await sut?.close();
    sut = await buildTestApp({ database, verifier });
  });
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await sut?.close();
    await database?.close();
  });

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    sut.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers });

  it('stores a trimmed message with the signed-in user e-mail', async () => {
    const before = await stored();
    const response = await send(
      { email: 'ignored@example.com', message: '  Hello there  ' },
      { authorization: 'Bearer u1:ada@example.com' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    expect(await stored()).toBe(before + 1);
  });

  it.each([
    [{ email: '', message: '   ' }, 'Please enter a message before sending.'],
    [
      { email: 'a@example.com', message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
      `at most ${CONTACT_MESSAGE_MAX}`,
    ],
    [{ email: 'not-an-email', message: 'hi' }, 'valid e-mail'],
    [{ email: '', message: 'hi' }, 'e-mail address so that we can reply'],
    [{ message: 42 }, 'message'],
    ['{"message": "unterminated', 'JSON'],
  ])('refuses %o with a clear 400 and stores nothing', async (payload, message) => {
    const before = await stored();
    const response = await send(payload, { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(response.json().error.message).toContain(message);
    expect(await stored()).toBe(before);
  });

  it('limits how often one address can send', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await send({ email: 'spam@example.com', message: `m${i}` })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('gives made-up credentials no budget of their own: they count against their address', async () => {
    const madeUp = [
      (i: number) => ({ cookie: `sid=${'s'.repeat(40)}${i}` }),
      (i: number) => ({ authorization: `Basic ${Buffer.from(`who:${i}`).toString('base64')}` }),
      (i: number) => ({ authorization: `Bearer csk_${'k'.repeat(30)}${i}` }),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const headers = madeUp[i % madeUp.length](i);
      statuses.push((await send({ email: 'spam@example.com', message: `m${i}` }, headers)).statusCode);
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
