import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { enhancePhoto } from '../../src/engines/face-enhancement/enhance-photo';
import {
  createFaceEnhancementEngine,
  NO_FACE_NOTE,
} from '../../src/engines/face-enhancement/face-enhancement.engine';
import { runChain } from '../../src/engines/chain';
import { recentFaces } from '../../src/models/face';
import type { WorkerPool } from '../../src/inference/pool';
import { quietRunContext } from '../support/run-context';
import { createEngineRegistry, enginesConfigFrom } from '../../src/engines/registry';
import { loadConfig } from '../../src/config/env';
import { decodePhoto } from '../../src/lib/image/raw-image';
import { createWorkerPool } from '../../src/inference/pool';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { replicateStub } from '../support/replicate-stub';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));

describe('Face enhancement through the API, with the real engine', () => {
  const target = databaseTargets()[0];
  const pool = createWorkerPool({ threads: 1 });
  const app = useTestApp(target, {
    engines: () => createEngineRegistry({ pool }),
    storagePrefix: 'face-',
    close: () => pool.close(),
  });

  async function enhance(uid: string, data: Buffer, name: string, options?: object) {
    const uploaded = await app.upload(uid, data, name, 'face-enhancement');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await app.processImage(uid, uploaded.json().id, options ? { options } : {});
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const served = await app.sut.inject({ method: 'GET', url: answer.processedPath, headers: bearer(uid) });
    return { answer, result: served.rawPayload };
  }

  it('enhances a portrait at the strong setting into a JPEG exactly twice the size, with no note', async () => {
    const input = fixture('face/face-grace-hopper-navy-portrait.jpg');
    const { answer, result } = await enhance('ada', input, 'hopper.jpg', { strength: 'strong' });
    expect(answer).toMatchObject({ providerId: 'local-face', width: 1024, height: 1200 });
    expect(answer.note).toBeUndefined();
    const meta = await sharp(result).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 1200]);
  });

  it('enhances the whole photo 2x and says so when there is no face', async () => {
    const input = await sharp(photo('coffee.png')).resize({ width: 240 }).png().toBuffer();
    const { answer, result } = await enhance('bea', input, 'cup.png');
    expect(answer.note).toBe(NO_FACE_NOTE);
    const meta = await sharp(result).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 480, 320]);
  });

  it('refuses an unknown strength before spending a credit', async () => {
    const uploaded = await app.upload('cyd', photo('rocket.jpg'), 'a.jpg', 'face-enhancement');
    const response = await app.processImage('cyd', uploaded.json().id, { options: { strength: 'extreme' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('strength');
  });

  it('finds and retouches every face of a group photo large enough, on the engine directly', async () => {
    const { image } = await decodePhoto(fixture('detect/face-mariachi-band-smiling.jpg'));
    const result = await enhancePhoto(image, { strength: 'natural', skinSmoothing: true }, { pool });
    expect(result.faces.length).toBeGreaterThanOrEqual(4);
    expect(result.retouched).toBe(result.faces.filter((f) => f.box.width >= 40 || f.box.height >= 40).length);
    expect([result.image.width, result.image.height]).toEqual([2 * image.width, 2 * image.height]);
  });
});

describe('Face enhancement with GFPGAN on Replicate configured (a loopback stand-in for its API)', () => {
  const target = databaseTargets()[0];
  const pool = createWorkerPool({ threads: 1 });
  const stub = replicateStub();
  let baseUrl = '';
  // Before the app's own hook, which builds the engines with the stand-in's address.
  beforeAll(async () => {
    baseUrl = await stub.listen();
  });
  const app = useTestApp(target, {
    engines: () =>
      createEngineRegistry({
        pool,
        faceEnhancement: {
          replicate: { apiToken: 'r8_test', version: 'gfpgan-version', baseUrl, pollIntervalMs: 5 },
        },
      }),
    storagePrefix: 'face-cloud-',
    close: async () => {
      await stub.close();
      await pool.close();
    },
  });

  async function enhance(uid: string, options: object) {
    const input = await sharp(fixture('face/face-grace-hopper-navy-portrait.jpg')).resize(200).toBuffer();
    const uploaded = await app.upload(uid, input, 'hopper.jpg', 'face-enhancement');
    const response = await app.processImage(uid, uploaded.json().id, { options });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('sends the default look to the cloud first, and a subtle retouch to the local pipeline that offers it', async () => {
    const cloud = await enhance('dee', {});
    expect(cloud).toMatchObject({ providerId: 'replicate-gfpgan', width: 400 });
    expect(cloud.note).toBeUndefined();
    const local = await enhance('eve', { strength: 'subtle' });
    expect(local).toMatchObject({ providerId: 'local-face', width: 400 });
    expect(stub.seen.filter((s) => s.path === 'POST /v1/predictions')).toHaveLength(1);
  });

  it('finds the faces once when the cloud answers wrongly and the local pipeline takes over', async () => {
    recentFaces.clear();
    let detections = 0;
    const counting: WorkerPool = {
      run: ((task, payload, options) => {
        if (task === 'detect-faces') detections++;
        return pool.run(task, payload, options);
      }) as WorkerPool['run'],
      close: async () => {},
    };
    const engine = createFaceEnhancementEngine({
      pool: counting,
      replicate: { apiToken: 'r8_test', version: 'gfpgan-version', baseUrl, pollIntervalMs: 5 },
    });
    const { image, format } = await decodePhoto(
      await sharp(fixture('face/face-grace-hopper-navy-portrait.jpg')).resize(200).toBuffer(),
    );
    // An answer at 3x is not the 2x asked for: the cloud provider fails, after finding the faces beside its call.
    stub.answer.scale = 3;
    try {
      const options = { strength: 'natural', skinSmoothing: true } as const;
      const input = { image, format, maxOutputPixels: 1e8, ...options };
      const result = await runChain(engine, input, quietRunContext());
      expect(result.providerId).toBe('local-face');
      expect(result.note).toBeUndefined();
    } finally {
      stub.answer.scale = null;
    }
    expect(detections).toBe(1);
  });

  it('is configured from the environment only with a token and a model version', () => {
    const face = (env: NodeJS.ProcessEnv) =>
      enginesConfigFrom(loadConfig({ NODE_ENV: 'test', ...env })).faceEnhancement?.replicate;
    expect(face({ REPLICATE_API_TOKEN: 'r8_x', REPLICATE_GFPGAN_VERSION: 'abc' })).toEqual({
      apiToken: 'r8_x',
      version: 'abc',
    });
    expect(face({})).toBeUndefined();
  });
});
