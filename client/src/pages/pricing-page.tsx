import { PageLayout } from '@client/components/layout/page-layout';
import { PricingPlans } from '@client/features/pricing';
import { usePageMeta } from '@client/lib/page-meta';
import { PRICING_FAQ, PRICING_META } from './meta';

export default function PricingPage() {
  usePageMeta(PRICING_META);
  return (
    <PageLayout>
      <section className="relative overflow-hidden py-16 sm:py-20">
        <div className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(50%_40%_at_50%_0%,rgb(139_92_246/0.16),transparent)]" />
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">Pricing</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Simple plans, every mode included
            </h1>
            <p className="mt-4 text-lg text-muted-foreground">
              Every plan can use all seven editing modes. Paid plans add more edits, larger uploads and
              priority processing.
            </p>
          </div>
          <div className="mt-14">
            <PricingPlans />
          </div>
          <div className="mx-auto mt-20 max-w-3xl">
            <h2 className="text-center text-2xl font-bold tracking-tight">Questions about plans</h2>
            <dl className="mt-8 grid gap-4">
              {PRICING_FAQ.map(({ q, a }) => (
                <div key={q} className="rounded-xl border bg-card p-5">
                  <dt className="font-semibold">{q}</dt>
                  <dd className="mt-2 text-sm leading-relaxed text-muted-foreground">{a}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
    </PageLayout>
  );
}
