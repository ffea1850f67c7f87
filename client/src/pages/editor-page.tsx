import { useState } from 'react';
import { ArrowLeft, ImagePlus, Loader2 } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { MODE_INFO, parseMode } from '@common/modes';
import { PageLayout } from '@client/components/layout/page-layout';
import { Button } from '@client/components/ui/button';
import { LoginDialog, useAuth } from '@client/features/auth';
import { usePageMeta } from '@client/lib/page-meta';

/**
 * The editor route's shell: the auth gate of the spec (Loading while auth loads; signed out, the login dialog,
 * and closing it goes home). The editor itself is its own piece of work and replaces the body below.
 */
export default function EditorPage() {
  const { isLoading, isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const mode = parseMode(new URLSearchParams(useSearch()).get('mode'));
  const [loginDismissed, setLoginDismissed] = useState(false);
  usePageMeta({
    title: `${MODE_INFO[mode].label} - Editor | Cleanup Studio`,
    description: MODE_INFO[mode].description,
    path: '/editor',
    noindex: true,
  });

  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground" role="status">
        <Loader2 className="size-6 animate-spin text-primary" /> Loading
      </div>
    );
  }

  return (
    <PageLayout>
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <ImagePlus className="size-7" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">{MODE_INFO[mode].label}</h1>
        <p className="mt-3 text-muted-foreground">{MODE_INFO[mode].description}</p>
        <p className="mt-8 rounded-xl border border-dashed bg-muted/40 px-6 py-10 text-sm text-muted-foreground">
          {isAuthenticated
            ? 'You are signed in. The editing workspace for this mode opens here.'
            : 'Sign in to open the editor.'}
        </p>
        <Button asChild variant="outline" className="mt-8">
          <Link href="/">
            <ArrowLeft /> Back to Home
          </Link>
        </Button>
      </div>
      <LoginDialog
        open={!isAuthenticated && !loginDismissed}
        onOpenChange={(open) => {
          if (open) return;
          setLoginDismissed(true);
          navigate('/');
        }}
      />
    </PageLayout>
  );
}
