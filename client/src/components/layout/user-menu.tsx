import { LogOut, Mail, User } from 'lucide-react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/schemas/auth';
import { displayName } from '@common/display-name';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';

export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" referrerPolicy="no-referrer" />}
      <AvatarFallback>
        <User className="size-5" />
      </AvatarFallback>
    </Avatar>
  );
}

export function UserMenu({ user, onSignOut }: { user: CurrentUser; onSignOut: () => Promise<void> }) {
  const [, navigate] = useLocation();
  const name = displayName(user);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="rounded-full ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-primary/50"
        aria-label={`Account menu for ${name}`}
        data-testid="user-menu-trigger"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="truncate" data-testid="user-display-name">
          {name}
        </DropdownMenuLabel>
        <DropdownMenuItem disabled>
          <Mail />
          <span className="truncate">{user.email}</span>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={async () => {
            await onSignOut();
            navigate('/');
          }}
        >
          <LogOut />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
