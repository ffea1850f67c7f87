import type { PromptPlanResponse } from '@common/schemas/process';
import { AppError } from '../../lib/errors';
import { runChain } from '../chain';
import type { ModeRunner } from '../mode-runner';
import type { Provider, ProviderResult } from '../types';
import type { EditPlan } from './edit-plan';
import { engineOf, executePlan, type PlanDeps } from './execute-plan';
import { markedThingOf, markPrompt } from './marking';
import { CAN_DO, describeStep, interpretInstruction, loadReader, previewStep } from './interpret';
import type { PromptEditInput } from './prompt-edit.input';

export interface PromptEditDeps extends PlanDeps {
  /** Instruction-editing services, tried for wishes the local plan cannot do; only those with a key run. */
  cloud?: readonly Provider<PromptEditInput>[];
}

/**
 * Chat to Edit: the instruction becomes a typed plan (no credit is taken for one that cannot run), the plan
 * runs locally step by step, and wishes it cannot do go to a configured cloud editor instead.
 */
export function createPromptEditRunner(deps: PromptEditDeps): ModeRunner {
  const cloud = (deps.cloud ?? []).filter((p) => p.isConfigured());
  loadReader();

  /** The plan this server can run: steps whose engine is missing here move to the skipped wishes. */
  function planFor(prompt: string): EditPlan {
    const plan = interpretInstruction(prompt);
    const steps = plan.steps.filter((step) => {
      const mode = engineOf(step);
      return !mode || deps.runners[mode];
    });
    const unavailable = plan.steps
      .filter((step) => !steps.includes(step))
      .map((step) => ({
        text: previewStep(step),
        reason: `${capitalise(previewStep(step))} is not available yet. ${CAN_DO}`,
      }));
    return { steps, skipped: [...plan.skipped, ...unavailable] };
  }

  function refusal(plan: EditPlan): AppError {
    const reasons = [...new Set(plan.skipped.map((s) => s.reason))];
    return new AppError('NOTHING_TO_DO', reasons.join(' ') || `I didn't find an edit in that. ${CAN_DO}`);
  }

  const local: Provider<PromptEditInput> = {
    id: 'local-plan',
    kind: 'local',
    isConfigured: () => true,
    async run({ image, plan, tier, mask }, ctx): Promise<ProviderResult> {
      if (plan.steps.length === 0) throw refusal(plan);
      return {
        image: await executePlan(plan.steps, image, tier, deps, ctx, { mask }),
        steps: plan.steps.map((step) => ({ kind: step.kind, description: describeStep(step) })),
        ...(plan.skipped.length ? { note: skippedNote(plan) } : {}),
      };
    },
  };

  return {
    mode: 'prompt-edit',
    needsMask: false,
    takesMask: true,
    parseOptions: () => ({}),
    check({ prompt, hasMask }) {
      const plan = planFor(prompt ?? '');
      if (plan.steps.length === 0 && !(cloud.length && plan.skipped.length)) throw refusal(plan);
      const marked = markedThingOf(plan.steps);
      if (marked !== null && !hasMask) throw new AppError('BAD_REQUEST', `${markPrompt(marked)} first.`);
    },
    preview(prompt): PromptPlanResponse {
      const plan = planFor(prompt);
      return {
        steps: plan.steps.map((step) => ({ kind: step.kind, description: previewStep(step) })),
        skipped: plan.skipped,
      };
    },
    run(request, ctx) {
      const prompt = request.prompt?.trim() ?? '';
      if (!prompt) throw new AppError('BAD_REQUEST', 'Please describe what you want to do with the image.');
      const plan = planFor(prompt);
      // Only wishes the local plan cannot do are worth a paid cloud call.
      const providers = plan.skipped.length ? [...cloud, local] : [local];
      return runChain(
        { mode: 'prompt-edit', providers },
        {
          image: request.image,
          prompt,
          plan,
          tier: request.plan,
          mask: request.mask,
        },
        ctx,
      );
    },
  };
}

function skippedNote(plan: EditPlan): string {
  return plan.skipped.map((s) => `Skipped "${s.text}": ${s.reason}`).join(' ');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
