/*
 * Property-based fuzzing of every operation in the app's own /api/openapi.json, over a real socket: a valid
 * request built from the document, then mutations of it (support/fuzz/mutations.ts). Every answer must be whole,
 * below 500 unless the operation documents that status, in the `{ error: { code, message } }` shape when an
 * error, and never another person's photo, key or job (support/fuzz/verdict.ts).
 *
 * CI runs a fixed seed; developers run longer with FUZZ_RUNS=500 (per operation) and any FUZZ_SEED.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@common/errors';
import type { BuiltApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createLocalStorage } from '../../src/storage/local.storage';
import { databaseTargets } from '../support/databases';
import { fakeVerifier } from '../support/fake-verifier';
import { credentialHeaders, encode } from '../support/fuzz/encode';
import { credential, mutations } from '../support/fuzz/mutations';
import { operationsOf, validDraft, type Operation } from '../support/fuzz/operations';
import { setUpPair } from '../support/fuzz/people';
import { sendRaw, type RawRequest, type RawResponse } from '../support/fuzz/raw-http';
import { fault } from '../support/fuzz/verdict';
import { buildTestApp } from '../support/test-app';
import { testEngines } from '../support/test-engines';
import { photo } from '../support/uploads';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const target = databaseTargets().at(-1)!;
const image = photo('rocket.jpg');

describe(`the API under fuzzing, on ${target.name}`, () => {
  let database: Database;
  let app: BuiltApp;
  let port: number;
  let storageRoot: string;
  let operations: Operation[];
  let components: Record<string, unknown>;

  /** From a loopback address of its own per call, so that per-address limits do not end the run early. */
  let calls = 0;
  const send = (request: RawRequest) =>
    sendRaw(port, request, { from: `127.0.${(++calls >> 8) & 255}.${calls & 255 || 1}` });
  const json = (response: RawResponse) => JSON.parse(response.body.toString('utf8'));

  beforeAll(async () => {
    database = await target.open();
    storageRoot = mkdtempSync(path.join(os.tmpdir(), 'api-fuzz-'));
    app = await buildTestApp({
      database,
      verifier: fakeVerifier,
      storage: createLocalStorage(storageRoot),
      engines: testEngines(),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    const document = json(await send({ method: 'GET', target: '/api/openapi.json', headers: {} }));
    operations = operationsOf(document);
    components = document.components;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  it('answers each operation’s valid request as its document says', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    // The document's own schemas, under the address its $refs are rewritten to.
    ajv.addSchema({ $id: 'doc', components });
    const inDocument = (schema: object) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    const { owned, foreign, credentials } = await setUpPair(send, 'valid', image);
    const wrong: string[] = [];
    for (const operation of operations) {
      const draft = validDraft(operation, owned, image);
      const response = await send(encode(draft, credentialHeaders('owner', credentials)));
      const name = `${operation.method} ${operation.path}`;
      const problem = fault(operation, { who: 'owner', draft, owned, foreign }, response);
      if (problem) wrong.push(`${name}: ${problem}`);
      const declared =
        operation.responses[String(response.status)] ??
        (response.status >= 400 ? operation.responses.default : undefined);
      const schema = declared?.content?.['application/json']?.schema;
      if (!declared) wrong.push(`${name}: ${response.status} is not documented`);
      else if (
        schema &&
        /json/.test(response.headers['content-type'] ?? '') &&
        !ajv.validate(inDocument(schema), json(response))
      )
        wrong.push(`${name}: ${ajv.errorsText()}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('never answers a mutated request with a 5xx, a reset, an error out of shape or another person’s things', async () => {
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      // People of its own per operation: each has the whole of every per-person limit to spend.
      const { owned, foreign, credentials } = await setUpPair(send, String(index), image);
      try {
        await fc.assert(
          fc.asyncProperty(
            credential(),
            mutations(operation, Object.values(foreign)),
            async (who, changes) => {
              const draft = changes.reduce((d, m) => m.apply(d), validDraft(operation, owned, image));
              const response = await send(encode(draft, credentialHeaders(who, credentials)));
              const problem = fault(operation, { who, draft, owned, foreign }, response);
              if (problem) throw new Error(`${who}, ${changes.map((c) => c.label).join(' + ')}: ${problem}`);
            },
          ),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      } catch (error) {
        // fast-check keeps the property's own error as the cause; its message names the mutation.
        const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
        failures.push(`${operation.method} ${operation.path}: ${reason.slice(0, 400)}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await send({ method: 'GET', target: '/healthz', headers: {} })).status).toBe(200);
  }, 600_000);

  it('answers oversized headers, long paths and bad percent-encoding in the error shape', async () => {
    const cases: { target: string; headers: Record<string, string>; status: number }[] = [
      { target: '/api/credits', headers: { 'x-big': 'a'.repeat(40_000) }, status: 431 },
      { target: `/api/images/${'a'.repeat(3000)}/original`, headers: {}, status: 414 },
      { target: '/api/images/%zz/original', headers: {}, status: 400 },
      { target: '/api/%E0%A4%A', headers: {}, status: 400 },
    ];
    for (const { status, ...request } of cases) {
      const response = await send({ method: 'GET', ...request });
      expect(response.status, request.target.slice(0, 40)).toBe(status);
      expect(ERROR_CODES).toContain(json(response).error.code);
    }
  });

  it('answers framing no client would write with a 400 in the error shape, and carries on', async () => {
    const framings = [
      'POST /api/contact HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /api/contact HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
      'POST /api/contact HTTP/1.1\r\nhost: x\r\ncontent-length: -1\r\n\r\n',
      'GET /api/credits HTTP/1.1\r\nhost: x\r\nbad header line\r\n\r\n',
      'HELLO\r\n\r\n',
    ];
    for (const framing of framings) {
      const response = await send({
        method: '',
        target: '',
        headers: {},
        raw: Buffer.from(framing, 'latin1'),
      });
      expect(response.status, framing.slice(0, 60)).toBe(400);
      expect(json(response).error.code).toBe('BAD_REQUEST');
    }
    expect((await send({ method: 'GET', target: '/healthz', headers: {} })).status).toBe(200);
  });
});
