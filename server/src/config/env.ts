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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(5000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'PostgreSQL'),
    REDIS_URL: optionalUrl(['redis', 'rediss'], 'Redis'),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_DOMAIN: optionalText,
    FIREBASE_AUTH_EMULATOR_PORT: port.default(9099),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_MONTHLY: optionalText,
    STRIPE_PRICE_YEARLY: optionalText,
    REMOVE_BG_API_KEY: optionalText,
    PHOTOROOM_API_KEY: optionalText,
    CLIPDROP_API_KEY: optionalText,
    STABILITY_API_KEY: optionalText,
    REPLICATE_API_TOKEN: optionalText,
    REPLICATE_REAL_ESRGAN_VERSION: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
    CONTACT_EMAIL: z.email('must be an e-mail address').default('support@cleanupstudio.app'),
    INFERENCE_THREADS: z.coerce.number().int().min(1).max(64).default(1),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
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
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  isProduction: boolean;
  dataDir: string;
  /** Null when no Firebase project is configured: the server then runs the Auth emulator itself. */
  firebase: { projectId: string; apiKey: string; authDomain: string } | null;
  emulator: { projectId: string; port: number } | null;
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
  };
}
