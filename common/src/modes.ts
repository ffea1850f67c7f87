export const MODES = [
  'prompt-edit',
  'watermark-removal',
  'background-removal',
  'object-removal',
  'face-enhancement',
  'image-upscale',
  'professional-photo',
] as const;

export type Mode = (typeof MODES)[number];

export const DEFAULT_MODE: Mode = 'prompt-edit';

export interface ModeInfo {
  /** Short name shown in menus and selectors. */
  label: string;
  description: string;
  /** Label of the process button in the editor. */
  actionLabel: string;
  /** The mode needs a painted mask before processing. */
  needsMask: boolean;
  needsPrompt: boolean;
}

export const MODE_INFO: Record<Mode, ModeInfo> = {
  'prompt-edit': {
    label: 'Chat to Edit',
    description: 'Describe the change in words and let AI do it',
    actionLabel: 'Edit with Prompt',
    needsMask: false,
    needsPrompt: true,
  },
  'watermark-removal': {
    label: 'Watermark Removal',
    description: 'Remove watermarks, logos and text by painting over them',
    actionLabel: 'Remove Watermark',
    needsMask: true,
    needsPrompt: false,
  },
  'background-removal': {
    label: 'Background Removal',
    description: 'Cut out the subject to a transparent PNG automatically',
    actionLabel: 'Remove Background',
    needsMask: false,
    needsPrompt: false,
  },
  'object-removal': {
    label: 'Object Removal',
    description: 'Mark an unwanted object and erase it cleanly',
    actionLabel: 'Remove Object',
    needsMask: true,
    needsPrompt: false,
  },
  'face-enhancement': {
    label: 'Face Enhancement',
    description: 'Retouch skin and sharpen features, with a 2x upscale',
    actionLabel: 'Enhance Face',
    needsMask: false,
    needsPrompt: false,
  },
  'image-upscale': {
    label: 'Image Upscale',
    description: 'Enlarge photos 2x or 4x with real detail',
    actionLabel: 'Upscale Image',
    needsMask: false,
    needsPrompt: false,
  },
  'professional-photo': {
    label: 'Professional Headshot',
    description: 'Turn a portrait into a studio-style headshot',
    actionLabel: 'Create Professional Photo',
    needsMask: false,
    needsPrompt: false,
  },
};

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

/** The editor's rule: anything that is not one of the seven names falls back to prompt-edit. */
export function parseMode(value: unknown): Mode {
  return isMode(value) ? value : DEFAULT_MODE;
}
