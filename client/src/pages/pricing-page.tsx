import { PLAN_LIMITS } from '@common/plans';
import { PageLayout } from '@client/components/layout/page-layout';
import { PricingPlans } from '@client/features/pricing';
import { usePageMeta, type PageMeta } from '@client/lib/page-meta';

const { free, monthly, yearly } = PLAN_LIMITS;

const FAQ = [
  {
    q: 'What counts as one edit?',
    a: 'One successful processing run, whatever the mode: removing a watermark, an upscale, a headshot or one "Apply Changes" while editing further. If processing fails, the credit is given back.',
  },
  {
    q: 'How do the free credits work?',
    a: `You get ${free.signupDayCredits} edits on the day you sign up, then ${free.creditsPerPeriod} edit each day (UTC). Unused daily edits do not carry over.`,
  },
  {
    q: 'When do paid credits renew?',
    a: `Monthly gives ${monthly.creditsPerPeriod} edits at the start of each billing month; Yearly gives ${yearly.creditsPerPeriod.toLocaleString('en-US')} at the start of each billing year.`,
  },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Your plan stays active until the end of the period you paid for, then falls back to Free.',
  },
];

export const PRICING_META: PageMeta = {
  title: 'Pricing - Free, Monthly and Yearly Plans | Cleanup Studio',
  description: `Start free with ${free.signupDayCredits} edits on signup day and ${free.creditsPerPeriod} per day. Monthly $${monthly.priceUsd} for ${monthly.creditsPerPeriod} edits, Yearly $${yearly.priceUsd} for ${yearly.creditsPerPeriod} edits.`,
  path: '/pricing',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: FAQ.map(({ q, a }) => ({
        '@type': 'Question',
        name: q,
        acceptedAnswer: { '@type': 'Answer', text: a },
      })),
    },
  ],
};

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
              {FAQ.map(({ q, a }) => (
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
