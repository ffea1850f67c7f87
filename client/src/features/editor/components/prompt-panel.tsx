import type { ReactNode } from 'react';
import { MAX_PROMPT_CHARACTERS } from '@common/limits';
import type { PromptPlanResponse } from '@common/schemas/process';
import { Textarea } from '@client/components/ui/textarea';

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

/**
 * The instruction box of Chat to Edit: examples to start from, a preview of the plan as it is typed (see
 * usePlanPreview), and below it `children`: a step the person must do, when the plan has one. The examples
 * give way to that step, which with the process button then stays in view.
 */
export function PromptPanel({
  prompt,
  preview,
  disabled,
  iterative,
  onChange,
  children,
}: {
  prompt: string;
  preview: PromptPlanResponse | undefined;
  disabled: boolean;
  iterative: boolean;
  onChange(prompt: string): void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-2 text-sm font-medium">
        {iterative ? 'What else should change?' : 'What should change?'}
        <Textarea
          rows={4}
          value={prompt}
          disabled={disabled}
          maxLength={MAX_PROMPT_CHARACTERS}
          onChange={(event) => onChange(event.target.value)}
          placeholder="For example: remove the background and make it brighter"
          data-testid="prompt-input"
        />
      </label>
      {!children && (
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
      )}
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
      {children}
    </div>
  );
}
