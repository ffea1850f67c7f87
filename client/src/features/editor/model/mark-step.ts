import type { PromptPlanResponse } from '@common/schemas/process';

/**
 * A Chat to Edit step only the person can finish: marking on the photo what to remove, because no detector
 * knows the thing (`unknown`, from the plan) or the detector did not find it (`not-found`, from a failed run).
 */
export interface MarkStep {
  reason: 'unknown' | 'not-found';
  /** "Tap or paint "rv sticker" on the photo" */
  title: string;
}

/**
 * The plan's steps that run on what the person marks (`remove-marked`, and a colour kept on a thing no detector
 * knows) as one step to do: one mask serves them all.
 */
export function markStepOf(plan: PromptPlanResponse | undefined): MarkStep | null {
  const marked =
    plan?.steps.filter(
      (step) => step.kind === 'remove-marked' || /: tap or paint it on the photo$/.test(step.description),
    ) ?? [];
  if (marked.length === 0) return null;
  // The server quotes the thing as written: remove "rv sticker": tap or paint it on the photo
  const things = marked.map((step) => /"([^"]+)"/.exec(step.description)?.[1]).filter(Boolean);
  const named = [...new Set(things)].map((thing) => `"${thing}"`);
  return {
    reason: 'unknown',
    title: named.length
      ? `Tap or paint ${named.join(' and ')} on the photo`
      : 'Tap or paint what to remove on the photo',
  };
}

/**
 * A run refused because a thing to remove was not found, with the offer to mark it instead ("I couldn't find
 * a dog in this photo. ... Tap or paint it on the photo and I'll remove it."), as a step to do.
 */
export function notFoundMarkStep(failure: { code: string | null; message: string }): MarkStep | null {
  if (failure.code !== 'NOTHING_TO_DO' || !/tap or paint it on the photo/i.test(failure.message)) return null;
  const thing = /couldn't find (?:an? )?(.+?) in this photo/i.exec(failure.message)?.[1];
  return {
    reason: 'not-found',
    title: thing ? `Tap or paint the ${thing} on the photo` : 'Tap or paint it on the photo',
  };
}
