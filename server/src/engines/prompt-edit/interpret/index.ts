import type { EditPlan, EditStep } from '../edit-plan';
import { splitClauses } from './clauses';
import { CANNOT } from './reasons';
import { tokenize } from './tokens';
import { readClause } from './wishes';

export { describeStep, previewStep } from './describe';
export { CAN_DO } from './reasons';

/**
 * An instruction in plain English to a plan of typed steps, in the order written, plus the wishes that cannot
 * be done here with the reason. Greetings, thanks and context ("it's my grandma's photo") are neither.
 */
export function interpretInstruction(text: string): EditPlan {
  const steps: EditStep[] = [];
  const plan: EditPlan = { steps, skipped: [] };
  let afterRemoval = false;
  for (const clause of splitClauses(tokenize(text))) {
    const reading = readClause(clause, { afterRemoval, lastStep: steps.at(-1) });
    for (const step of reading.steps) if (!repeats(steps, step)) steps.push(step);
    if (reading.skipped) plan.skipped.push(reading.skipped);
    afterRemoval = reading.removes ?? (afterRemoval && reading.steps.length === 0 && !reading.skipped);
  }
  if (steps.length === 0 && plan.skipped.length === 0 && text.trim())
    plan.skipped.push({ text: text.trim(), reason: CANNOT.nothing });
  return plan;
}

/** The same wish said twice ("brighter, yes brighter") runs once. */
function repeats(steps: EditStep[], step: EditStep): boolean {
  return steps.some((s) => JSON.stringify(s) === JSON.stringify(step));
}
