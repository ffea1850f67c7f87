import { describe, expect, it } from 'vitest';
import { isDependencyDown } from './dependency-down';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDependencyDown', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['PostgreSQL shutting down, wrapped by the ORM', new Error('Failed query', { cause: withCode('57P01') })],
    ['a lost PostgreSQL connection', new Error('Connection terminated unexpectedly')],
    [
      'Redis away with the offline queue off',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
    ['Redis retries exhausted', Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' })],
  ])('knows %s', (_, error) => {
    expect(isDependencyDown(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['an engine error', new Error('onnxruntime: out of memory')],
    ['nothing', undefined],
  ])('leaves %s to the usual handling', (_, error) => {
    expect(isDependencyDown(error)).toBe(false);
  });
});
