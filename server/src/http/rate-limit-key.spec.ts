import { describe, expect, it } from 'vitest';
import { isRateLimited, rateLimitKey } from './rate-limit-key';

describe('rateLimitKey', () => {
  const ip = '203.0.113.7';

  it('counts a bearer token, else the session cookie, else the address', () => {
    const token = rateLimitKey({ headers: { authorization: 'Bearer a', cookie: 'sid=s1' }, ip });
    const session = rateLimitKey({ headers: { cookie: 'theme=dark; sid=s1' }, ip });
    expect(token).toMatch(/^token:/);
    expect(session).toMatch(/^session:/);
    expect(rateLimitKey({ headers: {}, ip })).toBe(`ip:${ip}`);
    expect(rateLimitKey({ headers: { cookie: 'theme=dark' }, ip })).toBe(`ip:${ip}`);
  });

  it('gives two sessions behind one address two budgets, and one session the same one every time', () => {
    const a = rateLimitKey({ headers: { cookie: 'sid=first' }, ip });
    const b = rateLimitKey({ headers: { cookie: 'sid=second' }, ip });
    expect(a).not.toBe(b);
    expect(rateLimitKey({ headers: { cookie: 'sid=first; theme=light' }, ip })).toBe(a);
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
