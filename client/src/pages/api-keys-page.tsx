import { Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { PageLayout } from '@client/components/layout/page-layout';
import { SignInGate, useAuth } from '@client/features/auth';
import { ApiKeysPanel } from '@client/features/developers';
import { usePageMeta } from '@client/lib/page-meta';

/** /api-keys, the "API" page: a signed-in person's keys for calling the API from their own code. */
export default function ApiKeysPage() {
  const { isLoading, isAuthenticated } = useAuth();
  usePageMeta({
    title: 'API keys | Cleanup Studio',
    description: 'Create and revoke keys for the Cleanup Studio API.',
    path: '/api-keys',
    noindex: true,
  });

  return (
    <PageLayout>
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight">API</h1>
        <p className="mt-3 text-muted-foreground">
          Keys let your own scripts use every editing mode with your credits and your plan’s limits. Send one
          as <code className="text-sm">Authorization: Bearer csk_...</code>; the{' '}
          <Link href="/docs/api" className="text-primary underline-offset-4 hover:underline">
            API reference
          </Link>{' '}
          has examples. A key is shown once when you create it and stored only as a fingerprint; revoke it
          here whenever it may have leaked.
        </p>
        <div className="mt-8">
          {isLoading ? (
            <p className="flex items-center gap-2 text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" /> Loading
            </p>
          ) : isAuthenticated ? (
            <ApiKeysPanel />
          ) : (
            <p className="text-muted-foreground">Please sign in to manage your API keys.</p>
          )}
        </div>
      </section>
      <SignInGate signedOut={!isLoading && !isAuthenticated} leaveTo="/docs/api" />
    </PageLayout>
  );
}
