import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-medium text-primary',
        className,
      )}
      {...props}
    />
  );
}
