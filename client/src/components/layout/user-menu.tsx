import { Crown, Images, KeyRound, LogOut, Mail, Settings, User } from 'lucide-react';
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
import { planStatus, useManageSubscription } from '@client/features/pricing';

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
  const plan = planStatus(user);
  const manage = useManageSubscription();
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
        <div className="px-2 py-1.5 text-sm" data-testid="user-plan">
          <p>
            <span className="font-medium">{plan.name} plan</span>
            <span className="text-muted-foreground"> · {user.credits.remaining} credits left</span>
          </p>
          {plan.detail && <p className="text-xs text-muted-foreground">{plan.detail}</p>}
        </div>
        <DropdownMenuItem onSelect={() => navigate('/images')}>
          <Images />
          Your images
        </DropdownMenuItem>
        {plan.manageable ? (
          <DropdownMenuItem onSelect={manage.open} disabled={manage.isPending}>
            <Settings />
            Manage subscription
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => navigate('/pricing')}>
            <Crown />
            Upgrade plan
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => navigate('/api-keys')}>
          <KeyRound />
          API
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
