import type { Mode } from '@common/modes';
import { PLAN_LIMITS, type Plan } from '@common/plans';
import { AppError } from '../../lib/errors';
import { dropOpaqueAlpha, type RawImage } from '../../lib/image/raw-image';
import { runnerFor, type EngineRegistry } from '../mode-runner';
import type { RunContext } from '../types';
import type { EditStep, KeepRegion } from './edit-plan';
import { blurWhere } from './blur-where';
import { markPrompt } from './marking';
import type { Locator } from './locate';
import type { Mask } from '../../lib/image/mask';
import { clarify, type Restorer } from './operations/clarify';
import { cropAround } from './operations/crop-around';
import { cropToSubject } from './operations/crop-to-subject';
import { blur, denoise, sharpen } from './operations/filters';
import { cropEdges, flip, resize, rotate } from './operations/geometry';
import { recoverLight } from './operations/light-recovery';
import { fixRedEye } from './operations/red-eye';
import { clearEyeWhites } from './operations/eye-whites';
import { brightenEyes } from './operations/eye-brighten';
import { reduceRedness } from './operations/redness';
import { keepEyes, keepHue, keepLips, keepObject, selectiveColour } from './operations/selective-colour';
import { straighten } from './operations/straighten';
import { vignette } from './operations/vignette';
import { whitenTeeth } from './operations/teeth';
import * as tone from './operations/tone';
import { correctColourCast } from './operations/white-balance';

export interface PlanDeps {
  /** The other modes, for steps that are whole engines (background, upscale, removal, faces). */
  runners: EngineRegistry;
  locator: Locator;
  /** JPEG clean-up and the learned 2x, for "make it clearer"; without it the step only sharpens. */
  restore?: Restorer;
}

/** What the person showed on the photo (a tap or the brush), for a step that removes "the thing I show". */
export interface PlanExtras {
  mask: Mask | null;
}

/** The engine each step needs, if any; a step whose engine is missing cannot run on this server. */
export function engineOf(step: EditStep): Mode | null {
  switch (step.kind) {
    case 'background':
      return 'background-removal';
    case 'upscale':
      return 'image-upscale';
    case 'remove-object':
    case 'remove-marked':
      return 'object-removal';
    case 'remove-text':
      return 'watermark-removal';
    case 'enhance-face':
      return 'face-enhancement';
    case 'headshot':
      return 'professional-photo';
    case 'selective-colour':
      return 'subject' in step.keep ? 'background-removal' : null;
    default:
      return null;
  }
}

/**
 * Runs the steps in order on decoded pixels: colour, light and geometry here, whole engines through their own
 * runners (each gets the decoded pixels and answers pixels). Nothing is encoded between steps: the result is
 * written once, at the edge. Any failure stops the plan: no half-done result.
 */
export async function executePlan(
  steps: readonly EditStep[],
  start: RawImage,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
  extras: PlanExtras = { mask: null },
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
    } else image = await runStep(steps[index], image, plan, deps, { ...ctx, progress: share }, extras);
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
  extras: PlanExtras,
): Promise<RawImage> {
  const faces = async () => {
    const found = await deps.locator.faces(image, ctx.signal);
    if (!found.length) throw new AppError('NOTHING_TO_DO', "I couldn't find a face in this photo.");
    return found;
  };
  switch (step.kind) {
    case 'sharpen':
      return sharpen(image, step.amount);
    case 'denoise':
      return denoise(image, step.amount);
    case 'blur':
      return step.region
        ? blurWhere(step.region, image, deps.locator, extras.mask, ctx.signal)
        : blur(image, step.amount);
    case 'vignette':
      return vignette(image, step.amount);
    case 'rotate':
      return rotate(image, step.degrees);
    case 'flip':
      return flip(image, step.axis);
    case 'crop':
      return crop(step, image, plan, deps, ctx);
    case 'straighten':
      return (await straighten(image)).image;
    case 'light-recovery':
      return recoverLight(image, step);
    case 'auto-white-balance':
      return correctColourCast(image, {
        faces: await deps.locator.faces(image, ctx.signal),
        ...(step.cast ? { cast: step.cast } : {}),
      });
    case 'clarify':
      return deps.restore ? clarify(image, deps.restore, ctx.signal) : sharpen(image, 0.25);
    case 'red-eye':
      return changedOr(
        image,
        fixRedEye(image, await faces()),
        "I couldn't see red or glowing eyes in this photo.",
      );
    case 'clear-eye-whites':
      return changedOr(
        image,
        clearEyeWhites(image, await faces(), step.amount),
        "I couldn't see red in the whites of the eyes in this photo.",
      );
    case 'brighten-eyes':
      return changedOr(
        image,
        brightenEyes(image, await faces(), step.amount),
        "I couldn't see eyes large enough to brighten in this photo.",
      );
    case 'whiten-teeth':
      return changedOr(
        image,
        whitenTeeth(image, await faces(), step.amount),
        "I couldn't see any teeth in this photo.",
      );
    case 'reduce-redness':
      return changedOr(
        image,
        reduceRedness(image, await faces(), step.amount),
        "I couldn't see red skin in this photo.",
      );
    case 'selective-colour':
      return selectiveColour(image, await keptRegion(step.keep, image, plan, deps, ctx, extras));
    case 'resize':
      // Both sides given: exactly that size, cropped around the subject rather than stretched
      if (step.width && step.height)
        return crop(
          { kind: 'crop', size: { width: step.width, height: step.height } },
          image,
          plan,
          deps,
          ctx,
        );
      return resize(image, step, PLAN_LIMITS[plan].maxOutputPixels);
    case 'upscale':
      return viaEngine('image-upscale', image, null, { scale: step.scale }, plan, deps, ctx);
    case 'background':
      return viaEngine('background-removal', image, null, { backdrop: step.backdrop }, plan, deps, ctx);
    case 'remove-object': {
      // Not found, the person's own tap or brush stands in; without one, they are asked for it
      const found = await locate(step, image, deps, ctx);
      const mask = found.mask ?? extras.mask?.bits;
      if (!mask) throw notFound(step.name ?? step.label, 'seen' in found ? found.seen : []);
      return viaEngine('object-removal', image, mask, {}, plan, deps, ctx);
    }
    case 'remove-marked': {
      if (!extras.mask)
        throw new AppError('BAD_REQUEST', `${markPrompt(step.thing)} first, then run it again.`);
      return viaEngine('object-removal', image, extras.mask.bits, {}, plan, deps, ctx);
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

/** The named thing's mask: its class, then the classes it may be seen as ("an RV" as a truck, a car or a bus). */
async function locate(
  step: Extract<EditStep, { kind: 'remove-object' }>,
  image: RawImage,
  deps: PlanDeps,
  ctx: RunContext,
): Promise<{ mask: Uint8Array } | { mask: null; seen: string[] }> {
  const seen: string[] = [];
  for (const label of [step.label, ...(step.also ?? [])]) {
    const found = await deps.locator.objects(image, label, step.select, ctx.signal);
    if (found.mask) return { mask: found.mask };
    seen.push(...found.seen);
  }
  return { mask: null, seen };
}

/** An operation that found nothing to change says so, rather than hand back the photo as it was. */
function changedOr(before: RawImage, after: RawImage, message: string): RawImage {
  if (Buffer.from(before.data).equals(Buffer.from(after.data))) throw new AppError('NOTHING_TO_DO', message);
  return after;
}

const sum = (values: Float32Array) => values.reduce((total, v) => total + v, 0);

/** How far the detector grew an object's mask for removal: 1.2 % of its box's diagonal, 3 px at least. */
function removalGrowth(mask: Uint8Array, width: number, height: number): number {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    [left, top, right, bottom] = [
      Math.min(left, x),
      Math.min(top, y),
      Math.max(right, x),
      Math.max(bottom, y),
    ];
  }
  return right < 0 ? 0 : Math.max(3, Math.round(0.012 * Math.hypot(right - left, bottom - top)));
}

/** A shape around the photo's subjects, a print turned to the photo's own orientation, or a closer crop. */
async function crop(
  step: Extract<EditStep, { kind: 'crop' }> | { kind: 'crop'; size: { width: number; height: number } },
  image: RawImage,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
): Promise<RawImage> {
  if ('edges' in step && step.edges) return cropEdges(image, step.edges);
  const subjects = await deps.locator.subjects(image, ctx.signal);
  const aspect = 'aspect' in step ? step.aspect : undefined;
  if (!aspect && !step.size) return cropToSubject(image, subjects);
  const turned =
    aspect &&
    'anyOrientation' in step &&
    step.anyOrientation &&
    aspect.width > aspect.height !== image.width > image.height;
  const shape = {
    aspect: turned && aspect ? { width: aspect.height, height: aspect.width } : (aspect ?? step.size!),
    ...(step.size ? { size: step.size } : {}),
  };
  return cropAround(image, shape, subjects, PLAN_LIMITS[plan].maxOutputPixels);
}

/** Where a selective-colour step keeps its colour, as 0..1 per pixel. */
async function keptRegion(
  keep: KeepRegion,
  image: RawImage,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
  extras: PlanExtras,
): Promise<Float32Array> {
  const { width, height } = image;
  if ('part' in keep) {
    const faces = await deps.locator.faces(image, ctx.signal);
    if (!faces.length) throw new AppError('NOTHING_TO_DO', "I couldn't find a face in this photo.");
    return keep.part === 'eyes' ? keepEyes(faces, width, height) : keepLips(faces, width, height);
  }
  if ('hue' in keep) {
    const kept = keepHue(image, keep.hue);
    if (!kept) throw new AppError('BAD_REQUEST', `I don't know the colour "${keep.hue}".`);
    if (sum(kept) < kept.length * 0.001)
      throw new AppError('NOTHING_TO_DO', `I couldn't find anything ${keep.hue} in this photo.`);
    return kept;
  }
  if ('subject' in keep) return subjectOf(image, plan, deps, ctx);
  if ('marked' in keep) {
    if (!extras.mask)
      throw new AppError('BAD_REQUEST', `${markPrompt(keep.marked)} first, then run it again.`);
    return keepObject(extras.mask.bits, width, height);
  }
  const found = await deps.locator.objects(image, keep.label, keep.select, ctx.signal);
  const mask = found.mask ?? extras.mask?.bits;
  if (!mask) throw notFound(keep.label, 'seen' in found ? found.seen : []);
  // The detector's mask is grown for removal; the colour should stop at the object's own edge
  return keepObject(mask, width, height, removalGrowth(mask, width, height));
}

/** The subject as background removal cuts it out: its matte, 0..1 per pixel, soft at hair and edges. */
async function subjectOf(
  image: RawImage,
  plan: Plan,
  deps: PlanDeps,
  ctx: RunContext,
): Promise<Float32Array> {
  const cutOut = await viaEngine(
    'background-removal',
    image,
    null,
    { backdrop: { kind: 'transparent' } },
    plan,
    deps,
    ctx,
  );
  const { data, channels, width, height } = cutOut;
  const keep = new Float32Array(width * height);
  if (channels === 4) for (let p = 0; p < keep.length; p++) keep[p] = data[p * 4 + 3] / 255;
  const share = sum(keep) / keep.length;
  // all subject (no alpha left) or none: nothing tells a background apart
  if (share < 0.01 || share > 0.99)
    throw new AppError('NOTHING_TO_DO', "I couldn't tell the subject from the background in this photo.");
  return keep;
}

const TEXT_TARGET = { 'date-stamp': 'a date stamp', text: 'any text', watermark: 'a watermark' } as const;

function notFound(label: string, seen: readonly string[]): AppError {
  const unique = [...new Set(seen)];
  const also = unique.length ? ` I can see ${listOf(unique.map(withArticle))}.` : '';
  return new AppError(
    'NOTHING_TO_DO',
    `I couldn't find ${withArticle(label)} in this photo.${also} Tap or paint it on the photo and I'll remove it.`,
  );
}

const withArticle = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
const listOf = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** One of the other modes as a step: its pixels handed on as they are, its progress inside this step's share. */
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
      // What a cloud step is sent: lossless, as the pixels between steps are.
      format: 'png',
      mask: mask && { bits: mask, width: image.width, height: image.height },
      prompt: null,
      options: runner.parseOptions(options),
      plan,
    },
    ctx,
  );
  // As a photo is read: an alpha channel only where some pixel is see-through (a cut-out's, not an opaque one's).
  return dropOpaqueAlpha(result.image);
}
