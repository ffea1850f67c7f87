import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes UUIDs in their written form, in either case', () => {
    expect(isUuid('7f32b8e7-4968-4c9d-a906-bfef5a71d58d')).toBe(true);
    expect(isUuid('7F32B8E7-4968-4C9D-A906-BFEF5A71D58D')).toBe(true);
  });

  it('refuses what only looks like one: all dashes, all hex, dashes out of place, text around it', () => {
    for (const lookalike of [
      '-'.repeat(36),
      'f'.repeat(36),
      '7f32b8e74-968-4c9d-a906-bfef5a71d58d',
      ' 7f32b8e7-4968-4c9d-a906-bfef5a71d58d',
      '7f32b8e7-4968-4c9d-a906-bfef5a71d58d\u0000',
      '{7f32b8e7-4968-4c9d-a906-bfef5a71d58d}',
      '',
      undefined,
      36,
    ])
      expect(isUuid(lookalike), String(lookalike)).toBe(false);
  });
});
