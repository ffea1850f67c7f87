import type { ZodType } from 'zod';
import { MODE_INFO, type Mode } from '@common/modes';
import type { Plan } from '@common/plans';
import { parseOptionsWith } from '@common/schemas/mode-options';
import type { Brush, PromptPlanResponse } from '@common/schemas/process';
import { AppError } from '../lib/errors';
import type { ImageFormat } from '../lib/image-intake';
import type { RawImage } from '../lib/image/raw-image';
import type { Mask } from '../lib/image/mask';
import type { FaceBox } from '../models/face';
import { runChain } from './chain';
import type { Engine, EngineResult, RunContext } from './types';
import type { PhotoFile, SameMarkFile } from './watermark-batch/same-mark-files';

/** One edit as the pipeline hands it to a mode: the photo and mask decoded once, options already parsed. */
export interface ModeRequest {
  image: RawImage;
  /** The stored photo's format: what the edge writes the result by (lib/image/result-encoding.ts). */
  format: ImageFormat;
  /** At the image's size; present exactly when the mode needs one (see checkEditRequest). */
  mask: Mask | null;
  prompt: string | null;
  /** The output of the runner's own parseOptions. */
  options: Record<string, unknown>;
  plan: Plan;
}

/** What the pipeline and the CLI know of a mode: how to check its options and how to run it. */
export interface ModeRunner {
  readonly mode: Mode;
  readonly needsMask: boolean;
  /** Uses a mask when one is sent, without needing one: Chat to Edit's tap or brush on a thing to remove. */
  readonly takesMask?: boolean;
  /** Validates the mode's options; throws AppError('BAD_REQUEST') naming the bad option. */
  parseOptions(raw: unknown): Record<string, unknown>;
  /** Checks that need no pixels (an instruction that cannot be done); throws AppError before a credit is taken. */
  check?(request: { prompt: string | null; options: Record<string, unknown>; hasMask?: boolean }): void;
  /** Chat to Edit: what an instruction would do, without running it. */
  preview?(prompt: string): PromptPlanResponse;
  /**
   * Watermark removal: the mask the mode would propose for a photo (null when it finds nothing to mark). A
   * runner that has one runs without a painted mask, finding it first.
   */
  findMask?(image: RawImage, signal?: AbortSignal): Promise<Mask | null>;
  /** Professional headshot: the faces a headshot of the photo could be of, the automatic choice first. */
  findPeople?: PeopleFinder;
  /** Watermark removal: one mark estimated from a whole batch and taken out of each photo (option sameMark). */
  removeSameMark?(
    files: PhotoFile[],
    mask: Buffer | null,
    onProgress?: (fraction: number) => void,
  ): Promise<SameMarkFile[]>;
  run(request: ModeRequest, ctx: RunContext): Promise<EngineResult>;
}

export type EngineRegistry = Partial<Record<Mode, ModeRunner>>;

/** The faces (photo pixels) a headshot of the photo could be of, the one framed without a point first. */
export type PeopleFinder = (image: RawImage, signal?: AbortSignal) => Promise<FaceBox[]>;

/** The mode's runner on this server, or the answer a person gets when the mode has none. */
export function runnerFor(engines: EngineRegistry, mode: Mode): ModeRunner {
  const runner = engines[mode];
  if (!runner) {
    throw new AppError(
      'MODE_NOT_AVAILABLE',
      `${MODE_INFO[mode].label} is not available yet. Please try another mode.`,
    );
  }
  return runner;
}

export interface EditRequest {
  prompt: string | null;
  rawOptions: unknown;
  hasMask: boolean;
  brush: Brush;
}

/**
 * Every check an edit passes before anything is spent, for the server and the command line alike: the brush,
 * the prompt, the options and the mask. Answers the parsed options and whether a mask is to be read (a mode
 * that finds its own mask may run without one).
 */
export function checkEditRequest(
  runner: ModeRunner,
  request: EditRequest,
): { options: Record<string, unknown>; usesMask: boolean } {
  if (request.brush === 'restore' && !runner.needsMask)
    throw new AppError('BAD_REQUEST', 'Restore works only in the mask-based modes.');
  if (MODE_INFO[runner.mode].needsPrompt && !request.prompt)
    throw new AppError('BAD_REQUEST', 'Please describe what you want to do with the image.');
  const options = runner.parseOptions(request.rawOptions);
  runner.check?.({ prompt: request.prompt, options, hasMask: request.hasMask });
  const findsMask = Boolean(runner.findMask) && request.brush === 'erase';
  if (runner.needsMask && !request.hasMask && !findsMask)
    throw new AppError('BAD_REQUEST', 'Please mark the area to change on the image first.');
  return { options, usesMask: (runner.needsMask || Boolean(runner.takesMask)) && request.hasMask };
}

/** Adapts an engine and its options schema to the pipeline; `toInput` builds the engine's own input. */
export function modeRunner<I, O extends Record<string, unknown>>(spec: {
  engine: Engine<I>;
  optionsSchema: ZodType<O>;
  needsMask?: boolean;
  toInput(request: ModeRequest, options: O): I;
}): ModeRunner {
  return {
    mode: spec.engine.mode,
    needsMask: spec.needsMask ?? false,
    parseOptions(raw) {
      const parsed = parseOptionsWith(spec.optionsSchema, raw);
      if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.message);
      return parsed.data;
    },
    run(request, ctx) {
      return runChain(spec.engine, spec.toInput(request, request.options as O), ctx);
    },
  };
}
