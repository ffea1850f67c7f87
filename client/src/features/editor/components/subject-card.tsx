import { Check, MousePointerClick, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import type { SubjectPoint } from '../model/subject-point';

/**
 * The headshot's choice of person in a group photo: dashed while no one is chosen (the largest, most central
 * face would be framed), ticked once the person has tapped someone, with a way to clear it.
 */
export function SubjectCard({
  point,
  disabled,
  onClear,
}: {
  point: SubjectPoint | null;
  disabled: boolean;
  onClear(): void;
}) {
  const done = point !== null;
  return (
    <div
      data-testid="subject-card"
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
      <div className="min-w-0 flex-1" aria-live="polite">
        <p className="text-sm font-semibold">
          {done ? 'Headshot of the person you tapped' : 'Several people: tap the person for the headshot'}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {done
            ? 'Tap someone else to change it.'
            : 'Tap their face or body on the photo. Without a tap, the largest, most central face is used.'}
        </p>
      </div>
      {done && (
        <Button
          variant="ghost"
          size="sm"
          className="-my-1 -mr-1 h-8 px-2"
          disabled={disabled}
          onClick={onClear}
          aria-label="Clear the chosen person"
        >
          <X /> Clear
        </Button>
      )}
    </div>
  );
}
