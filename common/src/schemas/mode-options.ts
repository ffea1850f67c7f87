import { z, type ZodType } from 'zod';
import { MODES, type Mode } from '../modes';

/**
 * Each mode's options: the one contract that the server's validation (API, v1 form, command line), the
 * editor's controls and the OpenAPI document all read.
 */

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');

/** Background removal's local cut-out models: medium (the default) or small (faster). */
export const ISNET_MODELS = ['medium', 'small'] as const;

export const backgroundRemovalOptionsSchema = z.object({
  backdrop: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('transparent') }),
      z.object({ kind: z.literal('color'), color: hexColour }),
      z.object({
        kind: z.literal('blur'),
        /** Gaussian sigma in pixels of the photo; by default it scales with the photo's size. */
        radius: z.number().min(1).max(200).optional(),
      }),
    ])
    .default({ kind: 'transparent' }),
  shadow: z.boolean().default(false),
  model: z.enum(ISNET_MODELS).optional(),
});
export type BackgroundRemovalOptions = z.infer<typeof backgroundRemovalOptionsSchema>;
/** What replaces the background. */
export type Backdrop = BackgroundRemovalOptions['backdrop'];
export type IsnetModelChoice = NonNullable<BackgroundRemovalOptions['model']>;

/** Image upscale: each quality names the model it runs and how (server/src/models/esrgan/settings.ts). */
export const UPSCALE_QUALITIES = ['fast', 'balanced', 'best'] as const;
export type UpscaleQuality = (typeof UPSCALE_QUALITIES)[number];
export const upscaleScaleSchema = z.union([z.literal(2), z.literal(4)]);
export type UpscaleScale = z.infer<typeof upscaleScaleSchema>;
export const UPSCALE_SCALES: readonly UpscaleScale[] = upscaleScaleSchema.options.map(
  (option) => option.value,
);

/**
 * Options a person picks: 2x or 4x, and fast (slim), balanced (default: int8 thick on the detailed blocks,
 * Lanczos with back-projection elsewhere) or best (thick everywhere).
 */
export const upscaleOptionsSchema = z.object({
  scale: upscaleScaleSchema.default(2),
  quality: z.enum(UPSCALE_QUALITIES).default('balanced'),
});
export type UpscaleOptions = z.infer<typeof upscaleOptionsSchema>;

/** Face enhancement: how strong the retouch is, and whether skin is smoothed at all. */
export const FACE_STRENGTHS = ['subtle', 'natural', 'strong'] as const;

export const faceEnhancementOptionsSchema = z
  .object({
    strength: z.enum(FACE_STRENGTHS).default('natural'),
    skinSmoothing: z.boolean().default(true),
  })
  .strict();
export type FaceEnhancementOptions = z.infer<typeof faceEnhancementOptionsSchema>;

/**
 * Professional headshot sizes: a square profile picture, a 4:5 portrait (feeds and CVs), a print at 4:5, a
 * LinkedIn square (framed tighter) and a passport-style 35 x 45 mm at 600 dpi (framed by the head's height).
 */
export const HEADSHOT_SIZES = {
  square: { width: 1024, height: 1024 },
  portrait: { width: 1080, height: 1350 },
  print: { width: 1200, height: 1500 },
  linkedin: { width: 800, height: 800 },
  passport: { width: 827, height: 1063 },
} as const;
export type HeadshotSize = keyof typeof HEADSHOT_SIZES;
export const HEADSHOT_SIZE_NAMES = Object.keys(HEADSHOT_SIZES) as [HeadshotSize, ...HeadshotSize[]];

export const HEADSHOT_BACKDROPS = ['grey', 'white', 'blue', 'charcoal', 'color', 'blur'] as const;

/** A share of the photo's width or height, from its left or top edge. */
const photoShare = z
  .number()
  .min(0, 'must be a share of the photo from 0 to 1')
  .max(1, 'must be a share of the photo from 0 to 1');

/**
 * What a person picks; `color` is used with the `color` backdrop only. Flat, so the CLI can set each.
 * `subjectX`/`subjectY` choose the person in a group: a point on them (their face or body) as a share of the
 * photo's width and height; without it the largest, most central face is framed.
 */
export const professionalPhotoOptionsSchema = z
  .object({
    backdrop: z.enum(HEADSHOT_BACKDROPS).default('grey'),
    color: hexColour.default('#7f8c9a'),
    size: z.enum(HEADSHOT_SIZE_NAMES).default('square'),
    retouch: z.boolean().default(true),
    subjectX: photoShare
      .optional()
      .describe(
        "The person to make the headshot of: a point on them, as a share (0-1) of the photo's width from its left edge; with subjectY.",
      ),
    subjectY: photoShare
      .optional()
      .describe("The same point's share (0-1) of the photo's height from its top edge; with subjectX."),
  })
  .strict()
  .refine((o) => (o.subjectX === undefined) === (o.subjectY === undefined), {
    message: 'subjectX and subjectY go together: a point on the person, both shares of the photo.',
    path: ['subjectY'],
  });
export type ProfessionalPhotoOptions = z.infer<typeof professionalPhotoOptionsSchema>;

/** Watermark and object removal: everything one can tune beyond the image and the mask. */
export const inpaintOptionsSchema = z
  .object({
    /** Pixels added around the painted mask to catch edges, shadows and halos (0-32). */
    grow: z.number().int().min(0).max(32).optional(),
    /** Width in pixels of the soft blend ring around the filled area (0-16). */
    feather: z.number().int().min(0).max(16).optional(),
    /** Parts of the mask at most twice this thick are filled by diffusion instead of texture synthesis (0-16). */
    thinRadius: z.number().int().min(0).max(16).optional(),
    /** Seed of the texture search, for reproducible results. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .strict();
export type InpaintOptions = z.infer<typeof inpaintOptionsSchema>;

/**
 * Watermark removal adds one batch option: `sameMark`, the same watermark on every photo of a batch (a
 * photographer's proofs, a stock preview set), estimated from all of them and taken out exactly on each.
 */
export const watermarkRemovalOptionsSchema = inpaintOptionsSchema.extend({
  /** Batches only (POST /api/batches, 3 photos or more): estimate the one mark from all the photos. */
  sameMark: z.boolean().optional(),
});

/** Chat to Edit reads everything from its instruction; options sent to it are ignored. */
const promptEditOptionsSchema = z
  .object({})
  .describe('Chat to Edit takes no options: the instruction says it all.');

export const MODE_OPTIONS = {
  'prompt-edit': promptEditOptionsSchema,
  'watermark-removal': watermarkRemovalOptionsSchema,
  'background-removal': backgroundRemovalOptionsSchema,
  'object-removal': inpaintOptionsSchema,
  'face-enhancement': faceEnhancementOptionsSchema,
  'image-upscale': upscaleOptionsSchema,
  'professional-photo': professionalPhotoOptionsSchema,
} as const satisfies Record<Mode, ZodType>;

export type OptionsParse<T> = { success: true; data: T } | { success: false; message: string };

/** Parses options with a schema of MODE_OPTIONS; a refusal names the first bad option, the same through every door. */
export function parseOptionsWith<T>(schema: ZodType<T>, raw: unknown): OptionsParse<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed;
  const issue = parsed.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return { success: false, message: `Invalid option ${where}${issue.message}` };
}

/** The same, with the mode's own schema. */
export function parseModeOptions(mode: Mode, raw: unknown): OptionsParse<Record<string, unknown>> {
  return parseOptionsWith<Record<string, unknown>>(MODE_OPTIONS[mode], raw);
}

/** The OpenAPI component that describes a mode's options (the document's generator adds one per mode). */
export const modeOptionsComponent = (mode: Mode) => `${mode}-options`;

/** For the API's description: the `options` of an edit are those of its mode, as JSON Schema meta. */
export const MODE_OPTIONS_DOC = {
  description: "The mode's options, as the schema `<mode>-options` of the mode describes them.",
  anyOf: MODES.map((mode) => ({ $ref: `#/components/schemas/${modeOptionsComponent(mode)}` })),
};
