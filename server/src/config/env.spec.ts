import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_YEARLY: 'price_y',
};

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
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET: set STRIPE_SECRET_KEY'],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'sk_test_2' }, 'STRIPE_WEBHOOK_SECRET: must be a webhook'],
    [{ ...STRIPE, STRIPE_PRICE_YEARLY: 'prod_1' }, 'STRIPE_PRICE_YEARLY: must be a price id'],
    [{ ...STRIPE, STRIPE_PRICE_YEARLY: 'price_m' }, 'STRIPE_PRICE_YEARLY: must differ'],
    [{ ...STRIPE, STRIPE_API_URL: 'ftp://x' }, 'STRIPE_API_URL: must be a web URL'],
    [{ S3_BUCKET: 'b' }, 'S3_ACCESS_KEY_ID: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: set S3_BUCKET'],
    [{ REDIS_PREFIX: 'a:b' }, 'REDIS_PREFIX: must be 1 to 40 letters'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'DATABASE_URL: set DATABASE_URL with REDIS_URL'],
  ])('refuses %o with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('runs jobs in the web process and keeps images on disk unless Redis and S3 are configured', () => {
    expect(loadConfig({})).toMatchObject({ redis: null, s3: null });
    const sut = loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1/cleanup',
      REDIS_URL: 'redis://127.0.0.1:6379',
      S3_BUCKET: 'images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(sut.redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'cleanup' });
    expect(sut.s3).toEqual({
      bucket: 'images',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it('turns payments on with all four Stripe settings, against Stripe itself unless told otherwise', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig(STRIPE).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { monthly: 'price_m', yearly: 'price_y' },
      api: { protocol: 'https', host: 'api.stripe.com', port: 443 },
    });
    expect(loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:4242' }).stripe?.api).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 4242,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: ' ' }).env.DATABASE_URL).toBeUndefined();
  });
});
