import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PromptPlanResponse } from '@common/schemas/process';
import { instructionPlanQueryOptions } from '../api/plan-instruction';

/** The pause after the last key stroke before the plan is asked for. */
const PREVIEW_DELAY_MS = 400;

/**
 * What Chat to Edit would do with the instruction as typed: asked once typing pauses, and undefined while the
 * text differs from what was asked (so a plan never stands for an instruction it was not made for).
 */
export function usePlanPreview(prompt: string): PromptPlanResponse | undefined {
  const settled = useSettled(prompt.trim(), PREVIEW_DELAY_MS);
  const plan = useQuery(instructionPlanQueryOptions(settled));
  return settled === prompt.trim() ? plan.data : undefined;
}

/** The value once it has stopped changing for `delayMs`. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
