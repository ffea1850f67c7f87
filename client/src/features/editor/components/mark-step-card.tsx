import { cn } from '@client/lib/utils';
import type { MarkStep } from '../model/mark-step';
import { TapStepFrame } from './tap-step-frame';

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
    <TapStepFrame done={done} testId="mark-step">
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
    </TapStepFrame>
  );
}
