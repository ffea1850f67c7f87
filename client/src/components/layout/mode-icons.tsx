import { Eraser, ImageUpscale, MessageSquareText, ScanFace, Scissors, Stamp, UserSquare } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { Mode } from '@common/modes';

export const MODE_ICONS: Record<Mode, LucideIcon> = {
  'prompt-edit': MessageSquareText,
  'watermark-removal': Stamp,
  'background-removal': Scissors,
  'object-removal': Eraser,
  'face-enhancement': ScanFace,
  'image-upscale': ImageUpscale,
  'professional-photo': UserSquare,
};
