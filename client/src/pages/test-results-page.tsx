import { BackLink } from '@client/components/back-link';
import { PageLayout } from '@client/components/layout/page-layout';
import { GALLERY_ENTRIES, GalleryViewer } from '@client/features/gallery';
import { usePageMeta } from '@client/lib/page-meta';
import { TEST_RESULTS_META } from './meta';

export default function TestResultsPage() {
  usePageMeta(TEST_RESULTS_META);
  return (
    <PageLayout>
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <BackLink href="/" to="Home" atTop />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
          Watermark removal test results
        </h1>
        <p className="mt-3 max-w-3xl text-muted-foreground">
          Fifteen real photos, each given a watermark by a script, are cleaned by Cleanup Studio's own
          watermark engine from the watermarked photo and the watermark's mask. Compare each result with the
          clean reference: the PSNR against it (in decibels, higher is closer) measures how faithfully the
          hidden pixels were rebuilt, and the watermarked photo's own PSNR is the starting point.
        </p>
        <div className="mt-10">
          {GALLERY_ENTRIES.length ? (
            <GalleryViewer entries={GALLERY_ENTRIES} />
          ) : (
            <p className="rounded-xl border bg-muted/40 p-6 text-muted-foreground">
              The gallery is not available right now.
            </p>
          )}
        </div>
      </section>
    </PageLayout>
  );
}
