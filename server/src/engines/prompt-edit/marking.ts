/** What the person marks on the photo for a step no detector can do alone: the prompt, and which step needs it. */
import type { EditStep } from './edit-plan';

/** "Tap or paint the RV": what the editor asks before a removal of a thing no detector knows. */
export const markPrompt = (thing: string) =>
  thing ? `Tap or paint "${thing}" on the photo` : 'Tap or paint what to remove';

/** The thing the first step that runs on the person's mask names ("" when unnamed), or null when none does. */
export function markedThingOf(steps: readonly EditStep[]): string | null {
  for (const step of steps) {
    if (step.kind === 'remove-marked') return step.thing;
    if (step.kind === 'selective-colour' && 'marked' in step.keep) return step.keep.marked;
    if (step.kind === 'blur' && step.region && 'marked' in step.region) return step.region.marked;
  }
  return null;
}
