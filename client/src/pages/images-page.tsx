import { Loader2 } from 'lucide-react';
import { PageLayout } from '@client/components/layout/page-layout';
import { SignInGate, useAuth } from '@client/features/auth';
import { YourImages } from '@client/features/history';
import { usePageMeta } from '@client/lib/page-meta';

/** /images: "Your images" for a signed-in person; signed out, the login dialog (closing it goes home). */
export default function ImagesPage() {
  const { isLoading, isAuthenticated, user } = useAuth();
  usePageMeta({
    title: 'Your images | Cleanup Studio',
    description: 'Your edited photos: compare, download, edit again or delete.',
    path: '/images',
    noindex: true,
  });

  return (
    <PageLayout>
      <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">Your images</h1>
        {isLoading ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Loader2 className="size-5 animate-spin" /> Loading
          </p>
        ) : user ? (
          <YourImages user={user} />
        ) : (
          <div className="min-h-[40dvh]" />
        )}
      </section>
      <SignInGate signedOut={!isLoading && !isAuthenticated} leaveTo="/" />
    </PageLayout>
  );
}
