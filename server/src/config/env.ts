import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at start. Nothing else reads process.env.
 * The README's configuration table mirrors this schema.
 */
const port = z.coerce.number().int().min(1).max(65535);
const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();
const optionalUrl = (protocols: string[], what: string) =>
  optionalText.refine(
    (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
    `must be a ${what} URL (${protocols.map((p) => `${p}://`).join(' or ')}...)`,
  );

const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(5000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'PostgreSQL'),
    REDIS_URL: optionalUrl(['redis', 'rediss'], 'Redis'),
    /** Prefix of every Redis key, so deployments (and test runs) can share one Redis without meeting. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')
      .default('cleanup'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** The workers' nice value: web servers on the same machine get the cores first, so pages stay quick. */
    WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /** How long a running job stays a worker's without being renewed: a dead worker's job is retried after it. */
    JOB_LOCK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl(['https', 'http'], 'web'),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_DOMAIN: optionalText,
    FIREBASE_AUTH_EMULATOR_PORT: port.default(9099),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_MONTHLY: optionalText,
    STRIPE_PRICE_YEARLY: optionalText,
    /** Stripe's API itself unless set; tests point it at a loopback stand-in. */
    STRIPE_API_URL: optionalUrl(['https', 'http'], 'web'),
    SITE_URL: optionalUrl(['https', 'http'], 'web'),
    REMOVE_BG_API_KEY: optionalText,
    PHOTOROOM_API_KEY: optionalText,
    CLIPDROP_API_KEY: optionalText,
    STABILITY_API_KEY: optionalText,
    REPLICATE_API_TOKEN: optionalText,
    REPLICATE_REAL_ESRGAN_VERSION: optionalText,
    REPLICATE_GFPGAN_VERSION: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
    CONTACT_EMAIL: z.email('must be an e-mail address').default('support@cleanupstudio.app'),
    INFERENCE_THREADS: z.coerce.number().int().min(1).max(64).default(1),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /** Run every local mode once in the background after start, so no person's first edit loads its models. */
    WARM_UP_MODELS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .superRefine((env, ctx) => {
    const firebase = [env.FIREBASE_PROJECT_ID, env.FIREBASE_API_KEY, env.FIREBASE_AUTH_DOMAIN];
    if (firebase.some(Boolean) && !firebase.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_PROJECT_ID'],
        message:
          'set FIREBASE_PROJECT_ID, FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN together, or none of them to use the local emulator',
      });
    }
    const stripe = STRIPE_SETTINGS.map((name) => env[name]);
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      const missing = STRIPE_SETTINGS.filter((name) => !env[name]);
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]],
        message: `set ${STRIPE_SETTINGS.join(', ')} together (missing: ${missing.join(', ')}), or none of them to run without payments`,
      });
    }
    // A value pasted into the wrong setting is the usual mistake; Stripe's prefixes tell them apart.
    const prefixes = [
      ['STRIPE_SECRET_KEY', /^(sk|rk)_/, 'a secret key (sk_...) or restricted key (rk_...)'],
      ['STRIPE_WEBHOOK_SECRET', /^whsec_/, "a webhook endpoint's signing secret (whsec_...)"],
      ['STRIPE_PRICE_MONTHLY', /^price_/, 'a price id (price_...)'],
      ['STRIPE_PRICE_YEARLY', /^price_/, 'a price id (price_...)'],
    ] as const;
    for (const [name, pattern, what] of prefixes) {
      const value = env[name];
      if (value && !pattern.test(value))
        ctx.addIssue({ code: 'custom', path: [name], message: `must be ${what}` });
    }
    if (env.REDIS_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'set DATABASE_URL with REDIS_URL: the web and worker processes share one PostgreSQL database',
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY with S3_BUCKET',
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'set S3_BUCKET to store images in S3, or no S3_ settings to keep them in DATA_DIR',
      });
    }
    if (env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_MONTHLY === env.STRIPE_PRICE_YEARLY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PRICE_YEARLY'],
        message: 'must differ from STRIPE_PRICE_MONTHLY',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  isProduction: boolean;
  dataDir: string;
  /** Null when no Firebase project is configured: the server then runs the Auth emulator itself. */
  firebase: { projectId: string; apiKey: string; authDomain: string } | null;
  emulator: { projectId: string; port: number } | null;
  /** Null when no Stripe keys are configured: the plans are shown and checkout answers that payments are off. */
  stripe: StripeConfig | null;
  /** The public origin people are sent back to from Stripe; null: the origin the request came to. */
  siteUrl: string | null;
  /** Null: jobs run in the web process. Set: jobs go to a shared queue on Redis and `npm run worker` runs them. */
  redis: RedisConfig | null;
  /** Null: images are files under DATA_DIR/storage. */
  s3: S3Config | null;
}

export interface RedisConfig {
  url: string;
  prefix: string;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Null: AWS itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; yearly: string };
  api: { protocol: 'http' | 'https'; host: string; port: number };
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const firebase = env.FIREBASE_PROJECT_ID
    ? {
        projectId: env.FIREBASE_PROJECT_ID,
        apiKey: env.FIREBASE_API_KEY!,
        authDomain: env.FIREBASE_AUTH_DOMAIN!,
      }
    : null;
  return {
    env,
    isProduction: env.NODE_ENV === 'production',
    dataDir: path.resolve(env.DATA_DIR),
    firebase,
    emulator: firebase ? null : { projectId: 'demo-cleanup', port: env.FIREBASE_AUTH_EMULATOR_PORT },
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          prices: { monthly: env.STRIPE_PRICE_MONTHLY!, yearly: env.STRIPE_PRICE_YEARLY! },
          api: apiAddress(env.STRIPE_API_URL ?? 'https://api.stripe.com'),
        }
      : null,
    siteUrl: env.SITE_URL ? env.SITE_URL.replace(/\/+$/, '') : null,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : null,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT ?? null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
        }
      : null,
  };
}

function apiAddress(url: string): StripeConfig['api'] {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
  };
}
