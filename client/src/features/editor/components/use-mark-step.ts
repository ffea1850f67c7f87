import { useState } from 'react';
import type { PromptPlanResponse } from '@common/schemas/process';
import { markStepOf, notFoundMarkStep, type MarkStep } from '../model/mark-step';
import type { ProcessFailure } from './use-editor';

/**
 * Chat to Edit's "mark it on the photo" step, if the instruction has one: from its plan (a thing no detector
 * knows), or from a run of the same instruction that did not find the thing. The last plan stands while the
 * next is asked for, so the photo does not switch between plain and tappable at every key stroke.
 */
export function useMarkStep(prompt: string, preview: PromptPlanResponse | undefined) {
  const [shown, setShown] = useState(preview);
  if (preview && preview !== shown) setShown(preview);
  const [failure, setFailure] = useState<{ prompt: string; step: MarkStep } | null>(null);
  const typed = prompt.trim();
  const step =
    typed.length < 3 ? null : (markStepOf(shown) ?? (failure?.prompt === typed ? failure.step : null));

  /** After a failed run: offers the step when the server asked for the thing to be marked. */
  function failed(outcome: ProcessFailure) {
    const offered = notFoundMarkStep(outcome);
    if (offered) setFailure({ prompt: typed, step: offered });
  }

  return { step, failed };
}
