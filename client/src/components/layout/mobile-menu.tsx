import { useState } from 'react';
import { BookOpen, CreditCard, LogOut, Mail, Menu, Sparkles, User } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { MODES, MODE_INFO } from '@common/modes';
import { displayName } from '@common/display-name';
import { Button } from '@client/components/ui/button';
import { preloadAuth } from '@client/features/auth';
import { ManageSubscriptionButton, planStatus } from '@client/features/pricing';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@client/components/ui/sheet';
import { Logo } from './logo';
import { MODE_ICONS } from './mode-icons';
import { useHeaderAuth } from './use-header-sign-in';
import { UserAvatar } from './user-menu';

/** The menu's links below the modes, before Contact. */
const MORE_LINKS = [
  { href: '/blog', label: 'Blog', Icon: BookOpen },
  { href: '/pricing', label: 'Pricing', Icon: CreditCard },
];

export function MobileMenu({ onContact }: { onContact: () => void }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const { user, isLoading, isSigningIn, signIn, signOut } = useHeaderAuth();
  const close = () => setOpen(false);
  const plan = user ? planStatus(user) : null;

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        // Someone who opens the menu may sign in next: load the auth code now so the popup opens at once.
        if (next && !user) preloadAuth();
        setOpen(next);
      }}
    >
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open menu"
          data-testid="mobile-menu-button"
        >
          <Menu className="size-5!" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined} data-testid="mobile-menu">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Tools, blog, contact and account</SheetDescription>
        <Logo onClick={close} />
        {user && (
          <div className="mt-6 flex items-center gap-3 rounded-xl border bg-card p-3">
            <UserAvatar user={user} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{displayName(user)}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              <p className="text-xs text-muted-foreground" data-testid="mobile-user-plan">
                {plan?.detail ?? `${plan?.name} plan`}
              </p>
            </div>
          </div>
        )}
        <p className="mt-6 mb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          Tools
        </p>
        <nav className="grid gap-1" aria-label="Tools">
          {MODES.map((mode) => {
            const Icon = MODE_ICONS[mode];
            return (
              <Link
                key={mode}
                href={`/editor?mode=${mode}`}
                onClick={close}
                className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-accent"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-4" />
                </span>
                <span className="grid">
                  <span>{MODE_INFO[mode].label}</span>
                  <span className="text-xs leading-snug text-muted-foreground">
                    {MODE_INFO[mode].description}
                  </span>
                </span>
              </Link>
            );
          })}
        </nav>
        <div className="my-4 h-px bg-border" />
        <nav className="grid gap-1" aria-label="More">
          {MORE_LINKS.map(({ href, label, Icon }) => (
            <Link
              key={href}
              href={href}
              onClick={close}
              className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-accent"
            >
              <Icon className="size-4 text-muted-foreground" />
              {` ${label}`}
            </Link>
          ))}
          <button
            type="button"
            onClick={() => {
              close();
              onContact();
            }}
            className="flex items-center gap-3 rounded-lg px-2 py-2 text-left text-sm hover:bg-accent"
          >
            <Mail className="size-4 text-muted-foreground" /> Contact
          </button>
        </nav>
        <div className="mt-auto grid gap-2 pt-6">
          {isLoading ? null : user ? (
            <>
              <Button asChild variant="gradient">
                <Link href="/editor" onClick={close}>
                  <Sparkles /> Editor
                </Link>
              </Button>
              {plan?.manageable && <ManageSubscriptionButton />}
              <Button
                variant="outline"
                onClick={async () => {
                  close();
                  await signOut();
                  navigate('/');
                }}
              >
                <LogOut /> Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={signIn} disabled={isSigningIn}>
                <User /> {isSigningIn ? 'Signing In...' : 'Sign In'}
              </Button>
              <Button asChild variant="gradient">
                <Link href="/editor" onClick={close}>
                  Get Started
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
