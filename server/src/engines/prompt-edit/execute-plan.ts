import type { Mode } from '@common/modes';
import { PLAN_LIMITS, type Plan } from '@common/plans';
import { AppError } from '../../lib/errors';
import { decodePhoto, type RawImage } from '../../lib/image';
import { runnerFor, type EngineRegistry } from '../mode-runner';
import type { RunContext } from '../types';
import type { EditStep } from './edit-plan';
import type { Locator } from './locate';
import { blur, denoise, sharpen } from './operations/filters';
import { cropToAspect, flip, resize, rotate } from './operations/geometry';
import * as tone from './operations/tone';

export interface PlanDeps {
  /** The other modes, for steps that are whole engines (background, upscale, removal, faces). */
  runners: EngineRegistry;
  locator: Locator;
}

/** The engine each step needs, if any; a step whose engine is missing cannot run on this server. */
export function engineOf(step: EditStep): Mode | null {
  switch (step.kind) {
    case 'background':
      return 'background-removal';
    case 'upscale':
      return 'image-upscale';
    case 'remove-object':
      return 'object-removal';
    case 'remove-text':
      return 'watermark-removal';
    case 'enhance-face':
      return 'face-enhancement';
    case 'headshot':
      return 'professional-photo';
    default:
      return null;
  }
}

/**
 * Runs the steps in order on decoded pixels: colour, light and geometry here, whole engines through their own
 * runners (each gets the decoded pixels and answers an image). Any failure stops the plan: no half-done result.
 */
export async function executePlan(
  steps: readonly EditStep[],
  start: RawImage,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
): Promise<RawImage> {
  let image = start;
  for (let index = 0; index < steps.length; index++) {
    if (ctx.signal.aborted) throw new AppError('ENGINE_FAILED', 'The edit was cancelled.');
    const share = (fraction: number, message?: string) =>
      ctx.progress((index + fraction) / steps.length, message);
    share(0);
    // A run of colour and light steps is one pass over the pixels.
    const colours: tone.ColourOp[] = [];
    for (let op = colourOp(steps[index]); op; op = colourOp(steps[index + 1])) {
      colours.push(op);
      if (colourOp(steps[index + 1])) index++;
      else break;
    }
    if (colours.length) {
      // The colour pass works in place; the request's own pixels stay as they came.
      if (image === start) image = { ...start, data: start.data.slice() };
      tone.applyColourOps(image, colours);
    } else image = await runStep(steps[index], image, plan, deps, { ...ctx, progress: share });
  }
  ctx.progress(1);
  return image;
}

/** The colour map of a light or colour step; null for every other step. */
function colourOp(step: EditStep | undefined): tone.ColourOp | null {
  switch (step?.kind) {
    case 'brightness':
      return tone.brightness(step.amount);
    case 'contrast':
      return tone.contrast(step.amount);
    case 'saturation':
      return tone.saturation(step.amount);
    case 'warmth':
      return tone.warmth(step.amount);
    case 'grayscale':
      return tone.grayscale;
    case 'sepia':
      return tone.sepia;
    case 'auto-levels':
      return tone.autoLevels;
    case 'auto-white-balance':
      return tone.autoWhiteBalance;
    default:
      return null;
  }
}

async function runStep(
  step: EditStep,
  image: RawImage,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
): Promise<RawImage> {
  switch (step.kind) {
    case 'sharpen':
      return sharpen(image, step.amount);
    case 'denoise':
      return denoise(image, step.amount);
    case 'blur':
      return blur(image, step.amount);
    case 'rotate':
      return rotate(image, step.degrees);
    case 'flip':
      return flip(image, step.axis);
    case 'crop':
      return cropToAspect(image, step.aspect);
    case 'resize':
      return resize(image, step, PLAN_LIMITS[plan].maxOutputPixels);
    case 'upscale':
      return viaEngine('image-upscale', image, null, { scale: step.scale }, plan, deps, ctx);
    case 'background':
      return viaEngine('background-removal', image, null, { backdrop: step.backdrop }, plan, deps, ctx);
    case 'remove-object': {
      const found = await deps.locator.objects(image, step.label, step.select, ctx.signal);
      if (!found.mask) throw notFound(step.label, found.seen);
      return viaEngine('object-removal', image, found.mask, {}, plan, deps, ctx);
    }
    case 'remove-text': {
      const mask = await deps.locator.textMarks(image, step.target, ctx.signal);
      if (!mask)
        throw new AppError('NOTHING_TO_DO', `I couldn't find ${TEXT_TARGET[step.target]} in this photo.`);
      return viaEngine('watermark-removal', image, mask, {}, plan, deps, ctx);
    }
    case 'enhance-face':
      return viaEngine('face-enhancement', image, null, {}, plan, deps, ctx);
    case 'headshot':
      return viaEngine('professional-photo', image, null, {}, plan, deps, ctx);
    default:
      throw new Error(`${step.kind} runs with the colour steps`);
  }
}

const TEXT_TARGET = { 'date-stamp': 'a date stamp', text: 'any text', watermark: 'a watermark' } as const;

function notFound(label: string, seen: readonly string[]): AppError {
  const unique = [...new Set(seen)];
  const also = unique.length ? ` I can see ${listOf(unique.map(withArticle))}.` : '';
  return new AppError('NOTHING_TO_DO', `I couldn't find ${withArticle(label)} in this photo.${also}`);
}

const withArticle = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
const listOf = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** One of the other modes as a step: a lossless hand-over, and its progress inside this step's share. */
async function viaEngine(
  mode: Mode,
  image: RawImage,
  mask: Uint8Array | null,
  options: Record<string, unknown>,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
): Promise<RawImage> {
  const runner = runnerFor(deps.runners, mode);
  const result = await runner.run(
    {
      image,
      format: 'png',
      mask: mask && { bits: mask, width: image.width, height: image.height },
      prompt: null,
      options: runner.parseOptions(options),
      plan,
    },
    ctx,
  );
  return (await decodePhoto(result.image)).image;
}
