import { queryOptions } from '@tanstack/react-query';
import type { PromptPlanResponse } from '@common/schemas/process';
import { apiRequest } from '@client/lib/api-client';

/** POST /api/prompt/plan: what an instruction would do. Free, so the editor asks while the person types. */
export function instructionPlanQueryOptions(prompt: string) {
  return queryOptions({
    queryKey: ['prompt-plan', prompt],
    queryFn: ({ signal }) =>
      apiRequest<PromptPlanResponse>('/api/prompt/plan', { method: 'POST', body: { prompt }, signal }),
    enabled: prompt.length >= 3,
    staleTime: Infinity,
    retry: false,
  });
}
