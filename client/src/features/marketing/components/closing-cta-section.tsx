import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { PLAN_LIMITS } from '@common/plans';
import { Button } from '@client/components/ui/button';

export function ClosingCtaSection() {
  return (
    <section className="px-4 pb-20 sm:px-6 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-violet-700 via-violet-600 to-fuchsia-600 px-6 py-14 text-center text-white shadow-2xl shadow-violet-900/30 sm:px-12">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_60%_at_80%_0%,rgb(255_255_255/0.18),transparent)]" />
        <h2 className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          Clean up your first photo today
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-violet-100">
          {PLAN_LIMITS.free.signupDayCredits} free edits on the day you sign up and{' '}
          {PLAN_LIMITS.free.creditsPerPeriod} more every day after. Upgrade only if you need more.
        </p>
        <Button
          asChild
          size="lg"
          className="relative mt-8 bg-white text-violet-700 shadow-lg hover:bg-violet-50 dark:bg-white dark:hover:bg-violet-50"
        >
          <Link href="/editor">
            Start Cleanup Now - Free <ArrowRight />
          </Link>
        </Button>
      </div>
    </section>
  );
}
