import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config/env';

export interface RunningS3 {
  config: S3Config;
  /** The same settings as environment variables, for a server started as a process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver on loopback, following the S3 API, with one empty bucket; its files go to a temporary folder. */
export async function startS3(bucket = 'images'): Promise<RunningS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver's fixed credentials; it checks the signature as S3 does.
  const config: S3Config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: config.endpoint!,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The same server in a process of its own, as S3 or MinIO is a service of its own in a deployment: the scaled-out
 * cluster's processes reach it over loopback without sharing an event loop or a core's time slice with the caller.
 */
export async function startS3Process(bucket = 'images'): Promise<Omit<RunningS3, 'config'>> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(JSON.parse(output) as Record<string, string>);
    });
    child.once('exit', (code) => reject(new Error(`the S3 process exited with ${String(code)}`)));
  });
  return {
    env,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s3 = await startS3(process.argv[2]);
  process.once('SIGTERM', () => void s3.stop().then(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify(s3.env)}\n`);
}
