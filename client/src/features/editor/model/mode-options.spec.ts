import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES, processOptions } from './mode-options';

describe('mode options sent with the process call', () => {
  it('sends face enhancement its strength and skin smoothing, natural and on by default', () => {
    expect(processOptions('face-enhancement', DEFAULT_CHOICES)).toEqual({
      options: { strength: 'natural', skinSmoothing: true },
    });
    expect(
      processOptions('face-enhancement', {
        ...DEFAULT_CHOICES,
        faceStrength: 'strong',
        skinSmoothing: false,
      }),
    ).toEqual({ options: { strength: 'strong', skinSmoothing: false } });
  });

  it('sends no options to a mode without any', () => {
    expect(processOptions('professional-photo', DEFAULT_CHOICES)).toEqual({});
  });
});
