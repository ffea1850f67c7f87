import type { Mode } from '@common/modes';

/** The choices the side panel offers beyond mask and prompt; sent as the process call's `scale` and `options`. */
export interface ModeChoices {
  scale: 2 | 4;
  quality: 'fast' | 'balanced' | 'best';
  backdrop: 'transparent' | 'white' | 'blur';
  shadow: boolean;
  faceStrength: 'subtle' | 'natural' | 'strong';
  skinSmoothing: boolean;
  headshotBackdrop: 'grey' | 'white' | 'blue' | 'charcoal' | 'color' | 'blur';
  /** #rrggbb, for the custom colour backdrop. */
  headshotColor: string;
  headshotSize: 'square' | 'portrait' | 'print';
}

export const DEFAULT_CHOICES: ModeChoices = {
  scale: 2,
  quality: 'balanced',
  backdrop: 'transparent',
  shadow: false,
  faceStrength: 'natural',
  skinSmoothing: true,
  headshotBackdrop: 'grey',
  headshotColor: '#7f8c9a',
  headshotSize: 'square',
};

export function processOptions(
  mode: Mode,
  choices: ModeChoices,
): { scale?: 2 | 4; options?: Record<string, unknown> } {
  if (mode === 'image-upscale') return { scale: choices.scale, options: { quality: choices.quality } };
  if (mode === 'background-removal') {
    const backdrop =
      choices.backdrop === 'white'
        ? { kind: 'color', color: '#ffffff' }
        : choices.backdrop === 'blur'
          ? { kind: 'blur' }
          : { kind: 'transparent' };
    return { options: { backdrop, shadow: choices.shadow } };
  }
  if (mode === 'face-enhancement')
    return { options: { strength: choices.faceStrength, skinSmoothing: choices.skinSmoothing } };
  if (mode === 'professional-photo') {
    const custom = choices.headshotBackdrop === 'color' ? { color: choices.headshotColor } : {};
    return { options: { backdrop: choices.headshotBackdrop, ...custom, size: choices.headshotSize } };
  }
  return {};
}
