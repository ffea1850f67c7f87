import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createSessionRepository } from '../repositories/session.repository';
import { createLogger } from './logger';

/** A logger whose lines land in `lines`. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', stream), text: () => lines.join('') };
}

describe('the logger', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(() => database.close());

  it('logs a failed query by its statement and error code, never its parameters', async () => {
    const sid = 'live-session-7f3a9c0b2e';
    const failure = await createSessionRepository(database.db)
      .userOfLive(`${sid}\u0000`, new Date())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(sid);

    const { log, text } = capture();
    log.error({ err: failure }, 'unhandled error');
    const line = JSON.parse(text());
    expect(text()).not.toContain(sid);
    expect(line.err).toMatchObject({
      message: 'Failed query: select sessions',
      statement: 'select sessions',
    });
    expect(line.err.code).toMatch(/^[0-9A-Z]{5}$/);
  });

  it('censors cookies, authorization headers, API keys and Stripe secrets wherever they appear', () => {
    const secrets = [
      'sid-0123456789abcdef',
      'eyJhbGciOiJSUzI1NiJ9.token',
      'csk_4f9d2b7a1c3e5f60718293a4b5c6d7e8',
      'sk_live_51Habcdef0123456789',
      'whsec_abcdef0123456789',
    ];
    const { log, text } = capture();
    log.info(
      {
        req: {
          headers: {
            cookie: `theme=dark; sid=${secrets[0]}`,
            authorization: `Bearer ${secrets[1]}`,
            'stripe-signature': 't=1,v1=abc',
          },
        },
        key: secrets[2],
      },
      `retrying with ${secrets[3]} and sid=${secrets[0]}`,
    );
    log.warn(new Error(`Stripe refused ${secrets[3]}; webhook secret ${secrets[4]}; Bearer ${secrets[1]}`));
    log.info(`called with Authorization: Basic ${Buffer.from('me:pw').toString('base64')}`);
    for (const secret of [...secrets, 'v1=abc', Buffer.from('me:pw').toString('base64')])
      expect(text()).not.toContain(secret);
    expect(text()).toContain('[redacted]');
    expect(text()).toContain('retrying with sk_live_[redacted]');
  });
});
