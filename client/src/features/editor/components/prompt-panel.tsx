import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Textarea } from '@client/components/ui/textarea';
import { instructionPlanQueryOptions } from '../api/plan-instruction';

/** Instructions that show the range of what Chat to Edit does; a click puts one in the box. */
export const EXAMPLE_INSTRUCTIONS = [
  'Make it brighter and more vivid',
  'Remove the background',
  'Crop to a square, then black and white',
  'Remove the person on the left',
  'Get rid of the date stamp',
  'Blur the background',
  'Fix the colours and sharpen it',
  'Make it 2x bigger',
] as const;

/** The pause after the last key stroke before the plan is asked for. */
const PREVIEW_DELAY_MS = 400;

/** The instruction box of Chat to Edit: examples to start from, and a preview of the plan as it is typed. */
export function PromptPanel({
  prompt,
  disabled,
  iterative,
  onChange,
}: {
  prompt: string;
  disabled: boolean;
  iterative: boolean;
  onChange(prompt: string): void;
}) {
  const settled = useSettled(prompt.trim(), PREVIEW_DELAY_MS);
  const plan = useQuery(instructionPlanQueryOptions(settled));
  const preview = settled === prompt.trim() ? plan.data : undefined;

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-2 text-sm font-medium">
        {iterative ? 'What else should change?' : 'What should change?'}
        <Textarea
          rows={4}
          value={prompt}
          disabled={disabled}
          maxLength={2000}
          onChange={(event) => onChange(event.target.value)}
          placeholder="For example: remove the background and make it brighter"
          data-testid="prompt-input"
        />
      </label>
      <div className="flex flex-wrap gap-1.5" aria-label="Example instructions">
        {EXAMPLE_INSTRUCTIONS.map((example) => (
          <button
            key={example}
            type="button"
            disabled={disabled}
            onClick={() => onChange(example)}
            className="rounded-full border bg-background px-2.5 py-1 text-xs text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground disabled:opacity-50"
          >
            {example}
          </button>
        ))}
      </div>
      {preview && (
        <div className="rounded-lg bg-muted px-3 py-2 text-xs" data-testid="plan-preview" aria-live="polite">
          {preview.steps.length > 0 && (
            <p>
              <span className="font-semibold">I will: </span>
              {preview.steps.map((step) => step.description).join(', ')}
            </p>
          )}
          {preview.skipped.map((wish) => (
            <p key={wish.text} className="mt-1 text-muted-foreground">
              <span className="font-semibold text-foreground">I can&apos;t: </span>
              {wish.reason}
            </p>
          ))}
          {preview.steps.length > 0 && (
            <p className="mt-1 text-muted-foreground">One credit for all of it.</p>
          )}
        </div>
      )}
    </div>
  );
}

/** The value once it has stopped changing for `delayMs`. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
