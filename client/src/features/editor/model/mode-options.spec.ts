import { describe, expect, it } from 'vitest';
import { MODES } from '@common/modes';
import { parseModeOptions } from '@common/schemas/mode-options';
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

  it('sends the headshot its backdrop and size, the colour only with the custom backdrop', () => {
    expect(processOptions('professional-photo', DEFAULT_CHOICES)).toEqual({
      options: { backdrop: 'grey', size: 'square' },
    });
    expect(
      processOptions('professional-photo', {
        ...DEFAULT_CHOICES,
        headshotBackdrop: 'color',
        headshotColor: '#224466',
        headshotSize: 'print',
      }),
    ).toEqual({ options: { backdrop: 'color', color: '#224466', size: 'print' } });
  });

  it('sends the headshot the person tapped in a group as subjectX and subjectY', () => {
    expect(
      processOptions('professional-photo', { ...DEFAULT_CHOICES, headshotSubject: { x: 0.25, y: 0.5 } }),
    ).toEqual({ options: { backdrop: 'grey', size: 'square', subjectX: 0.25, subjectY: 0.5 } });
  });

  it('sends no options to a mode without any', () => {
    expect(processOptions('object-removal', DEFAULT_CHOICES)).toEqual({});
  });

  it('sends only what the mode’s schema accepts, whatever the choices', () => {
    const variants = [
      DEFAULT_CHOICES,
      { ...DEFAULT_CHOICES, scale: 4, quality: 'best', backdrop: 'white', shadow: true } as const,
      { ...DEFAULT_CHOICES, backdrop: 'blur', headshotBackdrop: 'color', headshotColor: '#224466' } as const,
      { ...DEFAULT_CHOICES, headshotSubject: { x: 0, y: 1 } },
    ];
    for (const mode of MODES)
      for (const choices of variants) {
        const { scale, options } = processOptions(mode, choices);
        expect(parseModeOptions(mode, { ...options, ...(scale ? { scale } : {}) }), mode).toMatchObject({
          success: true,
        });
      }
  });
});
