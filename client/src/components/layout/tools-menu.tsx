import { ChevronDown } from 'lucide-react';
import { useLocation } from 'wouter';
import { MODES, MODE_INFO } from '@common/modes';
import { Button, type ButtonProps } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { MODE_ICONS } from './mode-icons';

interface ToolsMenuProps {
  label?: string;
  align?: 'start' | 'center' | 'end';
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/** The seven modes with their descriptions; each opens the editor in that mode. */
export function ToolsMenu({
  label = 'Tools',
  align = 'start',
  variant = 'ghost',
  size,
  className,
}: ToolsMenuProps) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant={variant} size={size} className={className}>
          {label}
          <ChevronDown className="opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align} className="w-[min(22rem,calc(100vw-2rem))]">
        {MODES.map((mode) => {
          const Icon = MODE_ICONS[mode];
          return (
            <DropdownMenuItem
              key={mode}
              onSelect={() => navigate(`/editor?mode=${mode}`)}
              className="items-start py-2.5"
            >
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon />
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium">{MODE_INFO[mode].label}</span>
                <span className="text-xs leading-snug text-muted-foreground">
                  {MODE_INFO[mode].description}
                </span>
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
