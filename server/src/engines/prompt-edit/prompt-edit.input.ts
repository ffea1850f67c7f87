import type { Plan } from '@common/plans';
import type { RawImage } from '../../lib/image/raw-image';
import type { Mask } from '../../lib/image/mask';
import type { EditPlan } from './edit-plan';

export interface PromptEditInput {
  image: RawImage;
  /** The person's instruction, as written. */
  prompt: string;
  /** What the local interpreter made of it. */
  plan: EditPlan;
  tier: Plan;
  /** What the person tapped or painted, for a removal of a thing no detector finds. */
  mask: Mask | null;
}
