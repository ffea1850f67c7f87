import { describe, expect, it } from 'vitest';
import { createKeyedLock } from './keyed-lock';

describe('createKeyedLock', () => {
  it('runs one key in order, even after a failure, and other keys alongside', async () => {
    const withLock = createKeyedLock();
    const log: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      withLock('a', step('a1', 20, true)),
      withLock('a', step('a2', 1)),
      withLock('b', step('b1', 5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });
});
