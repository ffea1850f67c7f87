import type { Mode } from '@common/modes';
import {
  MODE_OPTIONS,
  type BackgroundRemovalOptions,
  type Backdrop,
  type FaceEnhancementOptions,
  type ProfessionalPhotoOptions,
  type UpscaleOptions,
} from '@common/schemas/mode-options';
import type { SubjectPoint } from './subject-point';

/** The editor's backdrop choice for background removal: white is the colour backdrop in white. */
export type BackdropChoice = Exclude<Backdrop['kind'], 'color'> | 'white';

/** The choices the side panel offers beyond mask and prompt; sent as the process call's `scale` and `options`. */
export interface ModeChoices {
  scale: UpscaleOptions['scale'];
  quality: UpscaleOptions['quality'];
  backdrop: BackdropChoice;
  shadow: BackgroundRemovalOptions['shadow'];
  faceStrength: FaceEnhancementOptions['strength'];
  skinSmoothing: FaceEnhancementOptions['skinSmoothing'];
  headshotBackdrop: ProfessionalPhotoOptions['backdrop'];
  /** #rrggbb, for the custom colour backdrop. */
  headshotColor: ProfessionalPhotoOptions['color'];
  headshotSize: ProfessionalPhotoOptions['size'];
  /** The person tapped in a group photo; null: the largest, most central face. */
  headshotSubject: SubjectPoint | null;
}

/** The schemas' own defaults, so the panel starts where the server would without options. */
const upscale = MODE_OPTIONS['image-upscale'].parse({});
const cutout = MODE_OPTIONS['background-removal'].parse({});
const face = MODE_OPTIONS['face-enhancement'].parse({});
const headshot = MODE_OPTIONS['professional-photo'].parse({});

export const DEFAULT_CHOICES: ModeChoices = {
  scale: upscale.scale,
  quality: upscale.quality,
  backdrop: cutout.backdrop.kind === 'color' ? 'white' : cutout.backdrop.kind,
  shadow: cutout.shadow,
  faceStrength: face.strength,
  skinSmoothing: face.skinSmoothing,
  headshotBackdrop: headshot.backdrop,
  headshotColor: headshot.color,
  headshotSize: headshot.size,
  headshotSubject: null,
};

export function processOptions(
  mode: Mode,
  choices: ModeChoices,
): { scale?: UpscaleOptions['scale']; options?: Record<string, unknown> } {
  if (mode === 'image-upscale') return { scale: choices.scale, options: { quality: choices.quality } };
  if (mode === 'background-removal') {
    const backdrop: Backdrop =
      choices.backdrop === 'white' ? { kind: 'color', color: '#ffffff' } : { kind: choices.backdrop };
    return { options: { backdrop, shadow: choices.shadow } };
  }
  if (mode === 'face-enhancement')
    return { options: { strength: choices.faceStrength, skinSmoothing: choices.skinSmoothing } };
  if (mode === 'professional-photo') {
    const custom = choices.headshotBackdrop === 'color' ? { color: choices.headshotColor } : {};
    const subject = choices.headshotSubject;
    const chosen = subject ? { subjectX: subject.x, subjectY: subject.y } : {};
    return {
      options: { backdrop: choices.headshotBackdrop, ...custom, size: choices.headshotSize, ...chosen },
    };
  }
  return {};
}
