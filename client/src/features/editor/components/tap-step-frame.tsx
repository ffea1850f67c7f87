import type { ReactNode } from 'react';
import { Check, MousePointerClick } from 'lucide-react';
import { cn } from '@client/lib/utils';

/**
 * The frame of a step the person does on the photo (mark what to remove, tap the person for a headshot):
 * dashed with a pointer while it waits, ticked once done.
 */
export function TapStepFrame({
  done,
  testId,
  children,
}: {
  done: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      data-done={done}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border p-3 transition-colors',
        done ? 'border-primary/40 bg-primary/5' : 'border-dashed border-primary/60 bg-primary/5',
      )}
    >
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full',
          done ? 'bg-primary text-primary-foreground dark:bg-violet-600' : 'bg-primary/15 text-primary',
        )}
        aria-hidden
      >
        {done ? <Check className="size-4" /> : <MousePointerClick className="size-4" />}
      </span>
      {children}
    </div>
  );
}
