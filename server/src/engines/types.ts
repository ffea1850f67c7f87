import type { Logger } from '../lib/logger';
import type { RawImage } from '../lib/image/raw-image';
import type { Mode } from '@common/modes';
import type { StepSummary } from '@common/schemas/process';

/** Pixels in, pixels out: the file is written once, at the edge (lib/image/result-encoding.ts). */
export interface ProviderResult {
  /** RGB, or RGBA where the result has transparency. */
  image: RawImage;
  /** A sentence for the person, e.g. "No face was found, so the whole photo was enhanced." */
  note?: string;
  /** What was done, in order, in plain words (Chat to Edit). */
  steps?: StepSummary[];
}

export interface RunContext {
  signal: AbortSignal;
  /** Per-provider time limit; the chain moves on to the next provider when it passes. */
  timeoutMs: number;
  log: Logger;
  /** Fraction done, 0..1. */
  progress(fraction: number, message?: string): void;
  /** Only the local provider runs (the start-up warm-up must never make a paid cloud call). */
  localOnly?: boolean;
}

export interface Provider<I> {
  /** Recorded on the processed image row, e.g. 'remove-bg', 'local-isnet'. */
  readonly id: string;
  readonly kind: 'cloud' | 'local';
  /** Cloud providers: their key is set. Local providers: always true. */
  isConfigured(): boolean;
  /** Whether it serves this input (a cloud model may offer fewer choices than the local pipeline); default yes. */
  accepts?(input: I): boolean;
  run(input: I, ctx: RunContext): Promise<ProviderResult>;
}

/** A mode's engine: its providers in order, cloud first, exactly one local provider last. */
export interface Engine<I> {
  readonly mode: Mode;
  readonly providers: readonly Provider<I>[];
}

export interface EngineResult extends ProviderResult {
  providerId: string;
}
