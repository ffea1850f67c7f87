import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { cn } from '@client/lib/utils';

/** An icon button of the editor's toolbars with its name and shortcut in a tooltip. */
export function ToolButton({
  label,
  hint,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  hint?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={onClick}
          className={cn(
            'size-9',
            pressed && 'bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary',
          )}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {label}
        {hint && <span className="ml-1.5 opacity-70">{hint}</span>}
      </TooltipContent>
    </Tooltip>
  );
}
