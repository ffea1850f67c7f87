import { Link } from 'wouter';
import { BackLink } from '@client/components/back-link';
import { PageLayout } from '@client/components/layout/page-layout';
import { Button } from '@client/components/ui/button';
import { usePageMeta } from '@client/lib/page-meta';
import { NOT_FOUND_META } from './meta';

/** Any address that is no page of the site; the server sends it with status 404. */
export default function NotFoundPage() {
  usePageMeta(NOT_FOUND_META);
  return (
    <PageLayout>
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6 lg:px-8">
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Page not found</h1>
        <p className="mt-4 text-muted-foreground">
          There is no page at this address. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href="/editor">Open the editor</Link>
          </Button>
          <BackLink href="/" to="Home" />
        </div>
      </section>
    </PageLayout>
  );
}
