import { describe, expect, it } from 'vitest';
import { backgroundRemovalOptionsSchema } from './background-removal.options';

describe('backgroundRemovalOptionsSchema', () => {
  const sut = backgroundRemovalOptionsSchema;

  it('defaults to a transparent cut-out without shadow', () => {
    expect(sut.parse({})).toEqual({ backdrop: { kind: 'transparent' }, shadow: false });
  });

  it('accepts a colour, a blur with a radius, and a model choice', () => {
    expect(sut.parse({ backdrop: { kind: 'color', color: '#1A2b3c' }, shadow: true }).backdrop).toEqual({
      kind: 'color',
      color: '#1A2b3c',
    });
    expect(sut.parse({ backdrop: { kind: 'blur', radius: 12 }, model: 'small' })).toMatchObject({
      backdrop: { kind: 'blur', radius: 12 },
      model: 'small',
    });
  });

  it('rejects colours that are not #rrggbb, unknown backdrops and unknown models', () => {
    expect(sut.safeParse({ backdrop: { kind: 'color', color: 'red' } }).success).toBe(false);
    expect(sut.safeParse({ backdrop: { kind: 'color' } }).success).toBe(false);
    expect(sut.safeParse({ backdrop: { kind: 'gradient' } }).success).toBe(false);
    expect(sut.safeParse({ backdrop: { kind: 'blur', radius: 0 } }).success).toBe(false);
    expect(sut.safeParse({ model: 'large' }).success).toBe(false);
  });
});
