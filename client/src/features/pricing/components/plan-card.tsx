import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { PLAN_LIMITS, type Plan } from '@common/plans';
import { cn } from '@client/lib/utils';
import { formatPrice, planFeatures } from '../model/plan-copy';

interface PlanCardProps {
  plan: Plan;
  tagline: string;
  badge?: string;
  highlighted?: boolean;
  /** The signed-in person's plan. */
  current?: boolean;
  children: ReactNode;
}

const PER = { day: 'forever', month: 'per month', year: 'per year' } as const;

export function PlanCard({
  plan,
  tagline,
  badge,
  highlighted = false,
  current = false,
  children,
}: PlanCardProps) {
  const limits = PLAN_LIMITS[plan];
  return (
    <article
      data-testid={`plan-${plan}`}
      data-current={current || undefined}
      aria-current={current || undefined}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-7 shadow-sm',
        highlighted && 'border-primary shadow-xl shadow-violet-900/15 ring-1 ring-primary',
        current && 'border-emerald-500 ring-2 ring-emerald-500',
      )}
    >
      {current && (
        <span className="absolute -top-3 right-7 rounded-full bg-emerald-600 px-3 py-1 text-xs font-semibold text-white shadow">
          Current plan
        </span>
      )}
      {badge && (
        <span className="absolute -top-3 left-7 rounded-full bg-gradient-to-r from-violet-600 to-fuchsia-600 px-3 py-1 text-xs font-semibold text-white shadow">
          {badge}
        </span>
      )}
      <h2 className="text-lg font-semibold">{limits.name}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{tagline}</p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-4xl font-extrabold tracking-tight">{formatPrice(limits.priceUsd)}</span>
        <span className="text-sm text-muted-foreground">
          {plan === 'free' ? PER.day : PER[limits.period]}
        </span>
      </p>
      <ul className="mt-6 grid gap-3 text-sm">
        {planFeatures(plan).map((line) => (
          <li key={line} className="flex items-start gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {line}
          </li>
        ))}
      </ul>
      <div className="mt-8 grid pt-2 [&>*]:w-full">{children}</div>
    </article>
  );
}
