import { cn } from '@client/lib/utils';

/** A small radio group drawn as joined buttons (2x / 4x, Erase / Restore, ...). */
export function Segmented<T extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
  wrapAt3,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  disabled?: boolean;
  /** Lays many options out three to a row instead of in one. */
  wrapAt3?: boolean;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn(
        'grid gap-1 rounded-lg bg-muted p-1',
        wrapAt3 ? 'grid-cols-3' : 'auto-cols-fr grid-flow-col',
      )}
    >
      {options.map((option) => (
        <button
          key={String(option.value)}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          disabled={disabled}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
            option.value === value && 'bg-background text-foreground shadow-sm',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
