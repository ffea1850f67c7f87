import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRateLimitKey, isRateLimited } from './rate-limit-key';

describe('the rate limits’ key', () => {
  const request = (ip: string) => ({ ip }) as FastifyRequest;

  it('counts a verified person by who they are, whatever credential they came with', async () => {
    const key = createRateLimitKey(async () => ({ id: 'u1' }));
    expect(await key(request('203.0.113.7'))).toBe('user:u1');
    expect(await key(request('198.51.100.2'))).toBe('user:u1');
  });

  it('counts everyone else by address, so a made-up credential buys no budget of its own', async () => {
    const key = createRateLimitKey(async () => undefined);
    expect(await key(request('203.0.113.7'))).toBe('ip:203.0.113.7');
  });
});

describe('isRateLimited', () => {
  it('counts API calls only', () => {
    expect(isRateLimited('/api/images/1/result?v=2')).toBe(true);
    expect(isRateLimited('/assets/index-1.js')).toBe(false);
    expect(isRateLimited('/generated/gallery/01.webp')).toBe(false);
    expect(isRateLimited('/editor?mode=object-removal')).toBe(false);
  });
});
