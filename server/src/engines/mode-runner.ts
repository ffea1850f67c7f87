import type { ZodType } from 'zod';
import type { Mode } from '@common/modes';
import type { Plan } from '@common/plans';
import type { PromptPlanResponse } from '@common/schemas/process';
import { AppError } from '../lib/errors';
import { runChain } from './chain';
import type { Engine, EngineResult, RunContext } from './types';

/** One edit as the pipeline hands it to a mode: the picture, the mask and prompt when the mode takes them. */
export interface ModeRequest {
  image: Buffer;
  /** PNG at the image's size, white = marked. */
  mask: Buffer | null;
  prompt: string | null;
  options: Record<string, unknown>;
  plan: Plan;
}

/** What the pipeline and the CLI know of a mode: how to check its options and how to run it. */
export interface ModeRunner {
  readonly mode: Mode;
  readonly needsMask: boolean;
  /** Validates the mode's options; throws AppError('BAD_REQUEST') naming the bad option. */
  parseOptions(raw: unknown): Record<string, unknown>;
  /** Checks that need no pixels (an instruction that cannot be done); throws AppError before a credit is taken. */
  check?(request: { prompt: string | null; options: Record<string, unknown> }): void;
  /** Chat to Edit: what an instruction would do, without running it. */
  preview?(prompt: string): PromptPlanResponse;
  run(request: ModeRequest, ctx: RunContext): Promise<EngineResult>;
}

export type EngineRegistry = Partial<Record<Mode, ModeRunner>>;

/** Adapts an engine and its options schema to the pipeline; `toInput` builds the engine's own input. */
export function modeRunner<I, O extends Record<string, unknown>>(spec: {
  engine: Engine<I>;
  optionsSchema: ZodType<O>;
  needsMask?: boolean;
  toInput(request: ModeRequest, options: O): I;
}): ModeRunner {
  const parseOptions = (raw: unknown): O => {
    const parsed = spec.optionsSchema.safeParse(raw ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      throw new AppError('BAD_REQUEST', `Invalid option ${where}${issue.message}`);
    }
    return parsed.data;
  };
  return {
    mode: spec.engine.mode,
    needsMask: spec.needsMask ?? false,
    parseOptions,
    run(request, ctx) {
      if (this.needsMask && !request.mask)
        throw new AppError('INVALID_MASK', 'Please mark the area to remove.');
      return runChain(spec.engine, spec.toInput(request, parseOptions(request.options)), ctx);
    },
  };
}
