import { X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import type { SubjectPoint } from '../model/subject-point';
import { TapStepFrame } from './tap-step-frame';

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
    <TapStepFrame done={done} testId="subject-card">
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
    </TapStepFrame>
  );
}
