import type { EditPlan, EditStep } from '../../server/src/engines/prompt-edit/edit-plan';
import type { ExpectedStep, HeldOutCase } from './heldout-instructions';

function matches(step: EditStep, expected: ExpectedStep): boolean {
  if (step.kind !== expected.kind) return false;
  const s = step as Record<string, unknown> & { select?: { which: string }; backdrop?: { kind: string } };
  if (expected.label && s.label !== expected.label) return false;
  if (expected.which && s.select?.which !== expected.which) return false;
  if (expected.sign && Math.sign(Number(s.amount)) !== expected.sign) return false;
  if (expected.backdrop && s.backdrop?.kind !== expected.backdrop) return false;
  if (expected.target && s.target !== expected.target) return false;
  return true;
}

/** How many cases the interpreter reads as expected: every step in order, and a refusal where one is due. */
export function scoreInterpreter(cases: HeldOutCase[], interpret: (text: string) => EditPlan) {
  const failures: { prompt: string; got: EditPlan }[] = [];
  for (const c of cases) {
    const got = interpret(c.prompt);
    const stepsOk =
      got.steps.length === c.steps.length && got.steps.every((step, i) => matches(step, c.steps[i]));
    const skipOk = c.skipped ? got.skipped.length > 0 : true;
    if (!(stepsOk && skipOk)) failures.push({ prompt: c.prompt, got });
  }
  return { total: cases.length, correct: cases.length - failures.length, failures };
}
