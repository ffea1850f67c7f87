import { z } from 'zod';
import { MAX_PROMPT_CHARACTERS } from '../limits';
import { MODES } from '../modes';
import { creditsSchema } from './auth';
import { MODE_OPTIONS_DOC, upscaleScaleSchema } from './mode-options';

/** POST /api/upload body, as multipart/form-data (described; the route reads the parts itself). */
export const uploadFormSchema = z.object({
  file: z.file().describe('The photo: JPG, PNG or WebP, within your plan’s upload limit.'),
  editingMode: z.enum(MODES).optional().describe('The mode it is for; watermark-removal when left out.'),
});

/** POST /api/upload answer (201). */
export const uploadResponseSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  originalPath: z.string(),
  editingMode: z.enum(MODES),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** What the brush does in iterative editing: erase fills the mask on the current result; restore brings the original back. */
export const brushSchema = z.enum(['erase', 'restore']);
export type Brush = z.infer<typeof brushSchema>;

/** POST /api/process/:id body, as the editor sends it (spec section 7), plus per-mode options. */
export const processRequestSchema = z.object({
  /** PNG data URL of the painted mask, white = marked. */
  maskData: z.string().nullable().default(null),
  /** The brush (the spec's wire name is `mode`). */
  mode: brushSchema.default('erase'),
  isIterativeEdit: z.boolean().default(false),
  /** The user's own earlier result to keep editing; never fetched from the network. */
  currentImageUrl: z.string().max(2048).nullable().default(null),
  prompt: z
    .string()
    .max(MAX_PROMPT_CHARACTERS, `The instruction can be at most ${MAX_PROMPT_CHARACTERS} characters.`)
    .nullable()
    .optional(),
  scale: upscaleScaleSchema.optional(),
  /**
   * Mode options, e.g. { backdrop: { kind: 'color', color: '#ffffff' } } or { quality: 'best' }; checked with
   * the mode's schema (mode-options.ts) once the mode is known.
   */
  options: z.record(z.string(), z.unknown()).optional().meta(MODE_OPTIONS_DOC),
});
export type ProcessRequest = z.input<typeof processRequestSchema>;

/** One step of a Chat to Edit result or plan, in plain words. */
export const stepSummarySchema = z.object({ kind: z.string(), description: z.string() });
export type StepSummary = z.infer<typeof stepSummarySchema>;

/** POST /api/process/:id answer. */
export const processResponseSchema = z.object({
  processedPath: z.string(),
  downloadPath: z.string(),
  /** The result's size in pixels. */
  width: z.number().int(),
  height: z.number().int(),
  providerId: z.string(),
  note: z.string().optional(),
  /** Chat to Edit: what was done, in order. */
  steps: z.array(stepSummarySchema).optional(),
  credits: creditsSchema,
});
export type ProcessResponse = z.infer<typeof processResponseSchema>;

/** One Server-Sent Event on GET /api/process/:id/events. */
export const progressEventSchema = z.object({
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  /** 0..100 */
  percent: z.number(),
  message: z.string(),
});
export type ProgressEventBody = z.infer<typeof progressEventSchema>;

/** POST /api/prompt/plan: what an instruction would do, before any credit is spent. */
export const promptPlanRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, 'Please describe what you want to do with the image.')
    .max(MAX_PROMPT_CHARACTERS),
});
export const promptPlanResponseSchema = z.object({
  /** What will be done, in order, in short words ("crop to 1:1"). */
  steps: z.array(stepSummarySchema),
  /** Wishes that cannot be done here, each with what can be done instead. */
  skipped: z.array(z.object({ text: z.string(), reason: z.string() })),
});
export type PromptPlanResponse = z.infer<typeof promptPlanResponseSchema>;
