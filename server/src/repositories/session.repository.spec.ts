import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { createSessionRepository } from './session.repository';

describe('a failed query in the logs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(() => database.close());

  it('logs a failed query by its statement and error code, never its parameters', async () => {
    const sid = 'live-session-7f3a9c0b2e';
    const failure = await createSessionRepository(database.db)
      .userOfLive(`${sid}\u0000`, new Date())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(sid);

    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    const text = () => lines.join('');
    log.error({ err: failure }, 'unhandled error');
    const line = JSON.parse(text());
    expect(text()).not.toContain(sid);
    expect(line.err).toMatchObject({
      message: 'Failed query: select sessions',
      statement: 'select sessions',
    });
    expect(line.err.code).toMatch(/^[0-9A-Z]{5}$/);
  });
});
