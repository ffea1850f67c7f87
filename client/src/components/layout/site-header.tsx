import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { preloadAuth } from '@client/features/auth';
import { ContactDialog } from '@client/features/contact';
import { PaymentProblemBanner } from '@client/features/pricing';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { ThemeToggle } from './theme-toggle';
import { ToolsMenu } from './tools-menu';
import { useHeaderAuth } from './use-header-sign-in';
import { UserMenu } from './user-menu';

function HeaderActions() {
  const { user, isLoading, isSigningIn, signIn, signOut } = useHeaderAuth();
  // Same width while auth loads, so the header does not jump when the state arrives.
  if (isLoading) return <div className="hidden h-10 w-48 md:block" aria-hidden />;
  if (user) {
    return (
      <>
        <Button asChild variant="gradient" className="hidden sm:inline-flex">
          <Link href="/editor">
            <Sparkles /> Editor
          </Link>
        </Button>
        <UserMenu user={user} onSignOut={signOut} />
      </>
    );
  }
  return (
    <div className="hidden items-center gap-2 md:flex">
      <Button
        variant="ghost"
        onClick={signIn}
        onPointerEnter={preloadAuth}
        onFocus={preloadAuth}
        disabled={isSigningIn}
        data-testid="header-sign-in"
      >
        {isSigningIn ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button asChild variant="gradient">
        <Link href="/editor">Get Started</Link>
      </Button>
    </div>
  );
}

/** Sticky site header. `minimal` (blog articles) keeps only the logo and the theme toggle. */
export function SiteHeader({ minimal = false }: { minimal?: boolean }) {
  const [contactOpen, setContactOpen] = useState(false);
  const { user } = useHeaderAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo />
        {!minimal && (
          <nav className="ml-6 hidden items-center gap-1 md:flex" aria-label="Main">
            <ToolsMenu />
            <Button asChild variant="ghost">
              <Link href="/pricing">Pricing</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link href="/blog">Blog</Link>
            </Button>
            <Button variant="ghost" onClick={() => setContactOpen(true)}>
              Contact
            </Button>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {!minimal && (
            <>
              <HeaderActions />
              <MobileMenu onContact={() => setContactOpen(true)} />
            </>
          )}
        </div>
      </div>
      {!minimal && <PaymentProblemBanner user={user} />}
      {!minimal && (
        <ContactDialog open={contactOpen} onOpenChange={setContactOpen} email={user?.email ?? null} />
      )}
    </header>
  );
}
