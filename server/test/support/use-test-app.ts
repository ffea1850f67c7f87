import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuiltApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import type { EngineRegistry } from '../../src/engines/mode-runner';
import type { TapSelector } from '../../src/models/sam';
import { createLocalStorage } from '../../src/storage/local.storage';
import type { Storage } from '../../src/storage/storage';
import type { DatabaseTarget } from './databases';
import { bearer, fakeVerifier } from './fake-verifier';
import { buildTestApp } from './test-app';
import { multipart } from './uploads';

/** The app a describe block talks to, live between its beforeAll and afterAll. */
export interface LiveTestApp {
  readonly database: Database;
  readonly sut: BuiltApp;
  /** The storage the app writes to, for arranging files a test needs. */
  readonly storage: Storage;
  /** The image files the app's storage holds now. */
  files(): string[];
  /** POST /api/upload as `uid`, the way the web page sends a photo. */
  upload(uid: string, data: Buffer, name?: string, mode?: string): Promise<LightMyRequestResponse>;
  /** POST /api/process/:id as `uid`. */
  processImage(uid: string, id: string, body?: object): Promise<LightMyRequestResponse>;
}

/**
 * Registers the beforeAll and afterAll that open a fresh database on `target`, a temporary storage folder and the
 * app with the fake token verifier, and close them again (`close` runs after the app, before the database).
 */
export function useTestApp(
  target: DatabaseTarget,
  options: {
    engines: () => EngineRegistry;
    /** Tap to select (absent: the call answers 501). */
    selector?: () => TapSelector;
    storagePrefix: string;
    close?: () => Promise<void>;
  },
): LiveTestApp {
  let database: Database;
  let sut: BuiltApp;
  let storageRoot: string;
  let storage: Storage;
  beforeAll(async () => {
    database = await target.open();
    storageRoot = mkdtempSync(path.join(os.tmpdir(), options.storagePrefix));
    storage = createLocalStorage(storageRoot);
    sut = await buildTestApp({
      database,
      verifier: fakeVerifier,
      storage,
      engines: options.engines(),
      selector: options.selector?.(),
    });
  });
  afterAll(async () => {
    await sut?.close();
    await options.close?.();
    await database?.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });
  return {
    get database() {
      return database;
    },
    get sut() {
      return sut;
    },
    get storage() {
      return storage;
    },
    files: () =>
      readdirSync(storageRoot, { recursive: true })
        .map(String)
        .filter((f) => /\.(jpg|png|webp)$/.test(f)),
    upload(uid, data, name = 'photo.jpg', mode = 'image-upscale') {
      const body = multipart({ editingMode: mode }, { name, data });
      return sut.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(uid) },
      });
    },
    processImage: (uid, id, body = {}) =>
      sut.inject({ method: 'POST', url: `/api/process/${id}`, headers: bearer(uid), payload: body }),
  };
}
