import type { Mode } from '@common/modes';

/** The choices the side panel offers beyond mask and prompt; sent as the process call's `scale` and `options`. */
export interface ModeChoices {
  scale: 2 | 4;
  quality: 'fast' | 'balanced' | 'best';
  backdrop: 'transparent' | 'white' | 'blur';
  shadow: boolean;
  faceStrength: 'subtle' | 'natural' | 'strong';
  skinSmoothing: boolean;
}

export const DEFAULT_CHOICES: ModeChoices = {
  scale: 2,
  quality: 'balanced',
  backdrop: 'transparent',
  shadow: false,
  faceStrength: 'natural',
  skinSmoothing: true,
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
  return {};
}
