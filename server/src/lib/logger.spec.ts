import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
