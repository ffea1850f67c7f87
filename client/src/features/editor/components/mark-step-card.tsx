import { Check, MousePointerClick } from 'lucide-react';
import { cn } from '@client/lib/utils';
import type { MarkStep } from '../model/mark-step';

/**
 * The step of a Chat to Edit plan the person does: mark on the photo what to remove. Dashed while nothing is
 * marked, ticked once something is.
 */
export function MarkStepCard({ step, done, canTap }: { step: MarkStep; done: boolean; canTap: boolean }) {
  const why = step.reason === 'not-found' ? "I couldn't find it myself, so show me:" : 'Show me where it is:';
  const how = canTap
    ? 'tap it once on the photo, or paint over it. Shift-click or hold to take a part away.'
    : 'paint over it on the photo with the brush.';
  return (
    <div
      data-testid="mark-step"
      data-done={done}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border p-3 transition-colors',
        done ? 'border-primary/40 bg-primary/5' : 'border-dashed border-primary/60 bg-primary/5',
      )}
    >
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full',
          done ? 'bg-primary text-primary-foreground' : 'bg-primary/15 text-primary',
        )}
        aria-hidden
      >
        {done ? <Check className="size-4" /> : <MousePointerClick className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm font-semibold">{step.title}</p>
          <span
            aria-live="polite"
            data-testid="mark-step-status"
            className={cn(
              'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
              done ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
            )}
          >
            {done ? 'Done' : 'To do'}
          </span>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          {done ? 'Marked. Tap again to add or refine; the eraser takes away.' : `${why} ${how}`}
        </p>
      </div>
    </div>
  );
}
