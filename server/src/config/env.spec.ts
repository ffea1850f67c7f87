import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('runs on embedded defaults with no configuration at all', () => {
    const sut = loadConfig({});
    expect(sut.env.PORT).toBe(5000);
    expect(sut.env.DATABASE_URL).toBeUndefined();
    expect(sut.firebase).toBeNull();
    expect(sut.emulator).toEqual({ projectId: 'demo-cleanup', port: 9099 });
  });

  it('uses a configured Firebase project instead of the emulator', () => {
    const sut = loadConfig({
      FIREBASE_PROJECT_ID: 'p',
      FIREBASE_API_KEY: 'k',
      FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
    });
    expect(sut.firebase?.projectId).toBe('p');
    expect(sut.emulator).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL: must be a Redis URL'],
    [
      { FIREBASE_PROJECT_ID: 'p' },
      'FIREBASE_PROJECT_ID: set FIREBASE_PROJECT_ID, FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN',
    ],
    [{ CONTACT_EMAIL: 'nobody' }, 'CONTACT_EMAIL: must be an e-mail address'],
  ])('refuses %o with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: ' ' }).env.DATABASE_URL).toBeUndefined();
  });
});
