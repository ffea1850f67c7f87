import { MAX_INPUT_PIXELS, PLAN_LIMITS } from '@common/plans';
import { BackLink } from '@client/components/back-link';
import { PageLayout } from '@client/components/layout/page-layout';
import { usePageMeta } from '@client/lib/page-meta';
import { PRIVACY_META } from './meta';

const { free, monthly } = PLAN_LIMITS;

/** What happens to a person's photos: who sees them, how long they are kept, and how to remove them sooner. */
export default function PrivacyPage() {
  usePageMeta(PRIVACY_META);
  return (
    <PageLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <BackLink href="/" to="Home" atTop />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">Privacy</h1>
        <div className="mt-6 space-y-5 leading-relaxed text-muted-foreground">
          <h2 className="text-xl font-semibold text-foreground">Your photos</h2>
          <p>
            Photos you upload, the masks you paint and the results are private to your account: only you can
            open, download or delete them. Location data and other metadata are removed when a photo is
            stored, and photos of up to {MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.
          </p>
          <h2 className="text-xl font-semibold text-foreground">How long they are kept</h2>
          <p data-testid="retention">
            Each photo and its results are kept for {free.retentionDays} days after upload on the Free plan
            and for one year ({monthly.retentionDays} days) on the Monthly and Yearly plans, counted by the
            plan you have at the time. A daily clean-up then removes the original, the mask, the results and
            their thumbnails from storage. You can delete any of them sooner under Your images.
          </p>
          <p>
            The record that an edit used a credit stays after its photo is removed, without the photo, so that
            your credits and billing add up.
          </p>
          <h2 className="text-xl font-semibold text-foreground">Processing</h2>
          <p>
            Every mode runs on our own servers. When this service is set up with a cloud provider for a mode,
            the photo is sent to that provider for that edit only.
          </p>
        </div>
      </article>
    </PageLayout>
  );
}
