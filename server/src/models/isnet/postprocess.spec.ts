import { describe, expect, it } from 'vitest';
import { alphaToBytes } from './postprocess';

describe('alphaToBytes', () => {
  it('rounds to 8 bits and clamps values the sigmoid never should give', () => {
    const sut = alphaToBytes(new Float32Array([0, 0.5, 1, -0.2, 1.3, 0.002]));
    expect(Array.from(sut)).toEqual([0, 128, 255, 0, 255, 1]);
  });
});
