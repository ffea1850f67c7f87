import { MODE_INFO, MODES, type Mode } from '@common/modes';
import { MODE_ICONS } from '@client/components/layout/mode-icons';
import { cn } from '@client/lib/utils';

/** The seven modes: a row of chips on phones, a list with descriptions on wide screens. */
export function ModeSelector({ mode, onChange }: { mode: Mode; onChange(mode: Mode): void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Editing mode"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0"
    >
      {MODES.map((m) => {
        const Icon = MODE_ICONS[m];
        const selected = m === mode;
        return (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={selected}
            data-mode={m}
            onClick={() => onChange(m)}
            className={cn(
              'flex shrink-0 items-center gap-3 rounded-xl border px-3 py-2 text-left text-sm transition-colors hover:border-primary/50 hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-ring lg:py-3',
              selected
                ? 'border-primary bg-primary/10 text-foreground shadow-sm'
                : 'bg-card text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-lg',
                selected ? 'bg-primary text-white dark:bg-violet-600' : 'bg-muted text-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block whitespace-nowrap font-medium text-foreground">
                {MODE_INFO[m].label}
              </span>
              <span className="hidden text-xs text-muted-foreground lg:block">
                {MODE_INFO[m].description}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
