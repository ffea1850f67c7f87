import { MODE_INFO, type Mode } from '@common/modes';
import type { Brush } from '@common/schemas/process';

export interface Problem {
  title: string;
  description: string;
}

/** What the file picker and the drop zone accept (the server checks the bytes again). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = 'image/*';

/** A file the client refuses before sending it: not an image, or over the plan's limit. */
export function fileProblem(
  file: { type: string; size: number },
  limit: { maxUploadBytes: number; maxUploadMegabytes: number },
): Problem | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Not an image', description: 'Please choose a JPG, PNG or WebP photo.' };
  }
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return {
      title: 'Unsupported format',
      description: 'This image format is not supported. Please use JPG, PNG or WebP.',
    };
  }
  if (file.size > limit.maxUploadBytes) {
    const size = (file.size / (1024 * 1024)).toFixed(1);
    return {
      title: 'File too large',
      description: `This file is ${size} MB; your plan accepts files up to ${limit.maxUploadMegabytes} MB.`,
    };
  }
  return null;
}

/** The spec's validation toasts before processing, in the order a person meets them. */
export function processProblem(input: {
  mode: Mode;
  hasImage: boolean;
  hasMask: boolean;
  prompt: string;
  iterative: boolean;
  brush: Brush;
}): Problem | null {
  if (!input.hasImage) return { title: 'No image uploaded', description: 'Please upload an image first.' };
  if (needsMask(input.mode, input.iterative) && !input.hasMask) {
    const what =
      input.iterative && input.brush === 'restore'
        ? 'the area to restore'
        : input.mode === 'object-removal'
          ? 'the object to remove'
          : 'the watermark area to remove';
    return { title: 'No area marked', description: `Please mark ${what}.` };
  }
  if (MODE_INFO[input.mode].needsPrompt && !input.prompt.trim()) {
    return {
      title: 'No prompt provided',
      description: 'Please describe what you want to do with the image.',
    };
  }
  return null;
}

/** The mask modes always; the others in iterative mode, where the brush erases or restores, except Chat to Edit,
 * whose next edit is another instruction. */
export function needsMask(mode: Mode, iterative: boolean): boolean {
  return MODE_INFO[mode].needsMask || (iterative && !MODE_INFO[mode].needsPrompt);
}

/** The process button's label (spec: by mode, 'Apply Changes' in iterative mode). */
export function processLabel(mode: Mode, iterative: boolean): string {
  return iterative ? 'Apply Changes' : MODE_INFO[mode].actionLabel;
}
