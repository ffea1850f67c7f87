import type { Plan } from '@common/plans';
import type { EditPlan } from './edit-plan';

export interface PromptEditInput {
  /** Encoded photo, already oriented. */
  image: Buffer;
  /** The person's instruction, as written. */
  prompt: string;
  /** What the local interpreter made of it. */
  plan: EditPlan;
  tier: Plan;
}
