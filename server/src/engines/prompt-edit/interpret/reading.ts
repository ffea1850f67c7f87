import type { EditStep, SkippedWish } from '../edit-plan';
import type { Clause } from './clauses';
import type { Token } from './tokens';

/** What one clause asks for: steps, a wish that cannot be done, or nothing (a greeting, context, thanks). */
export interface ClauseReading {
  steps: EditStep[];
  skipped?: SkippedWish;
  /** The clause removed something, so a following clause that only names things removes them too. */
  removes?: boolean;
  /** "Can you fix it?", "clean it up": a wish for a better photo that names nothing in particular. */
  general?: boolean;
  /**
   * "Don't crop it", "no filter": a wish said not to be done, or a state told ("half of my face is cut off"),
   * which no reading of the whole post may take for a wish.
   */
  denied?: boolean;
}

export const NOTHING: ClauseReading = { steps: [] };
export const DENIED: ClauseReading = { steps: [], denied: true };
export const skip = (clause: Clause, reason: string): ClauseReading => ({
  steps: [],
  skipped: { text: clause.text, reason },
});

/** What the clauses before said, for clauses that lean on them ("... and the dog", "then add a white one"). */
export interface Context {
  /** The previous clause removed something. */
  afterRemoval: boolean;
  /** The last step so far. */
  lastStep?: EditStep;
  /** The thing the post's context named last ("there's a bottle on the table"), for a later "remove it". */
  mentioned?: Token[];
}
