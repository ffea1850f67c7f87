import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { isUuid } from '@common/ids';
import { MODE_INFO, parseMode, type Mode } from '@common/modes';
import type { CurrentUser } from '@common/schemas/auth';
import { PageLayout } from '@client/components/layout/page-layout';
import { authKeys, SignInGate, useAuth } from '@client/features/auth';
import { Editor } from '@client/features/editor';
import { usePageMeta } from '@client/lib/page-meta';

/**
 * /editor?mode=...[&from=<image id>]: Loading while auth loads; signed out, the login dialog (closing it goes home); signed in,
 * the editor. The mode lives in the URL, so choosing one replaces the URL and a link can open any mode.
 */
export default function EditorPage() {
  const { isLoading, isAuthenticated, user } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const mode = parseMode(search.get('mode'));
  // An earlier result's id: anything else in the address is ignored rather than put into an API path.
  const fromParam = search.get('from');
  const from = isUuid(fromParam) ? fromParam : null;
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

  const changeMode = (next: Mode) => navigate(`/editor?mode=${next}`, { replace: true });
  return (
    <PageLayout>
      {user ? (
        <Editor
          mode={mode}
          user={user}
          from={from}
          onOpened={() => changeMode(mode)}
          onModeChange={changeMode}
          onCredits={(credits) =>
            queryClient.setQueryData<CurrentUser | null>(authKeys.user(), (u) => (u ? { ...u, credits } : u))
          }
        />
      ) : (
        <div className="min-h-[60dvh]" />
      )}
      <SignInGate signedOut={!isAuthenticated} leaveTo="/" />
    </PageLayout>
  );
}
