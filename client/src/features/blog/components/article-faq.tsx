import { ChevronDown } from 'lucide-react';
import type { Article } from '../model/article';

export function ArticleFaq({ faq }: { faq: Article['faq'] }) {
  return (
    <section className="mt-14" aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y rounded-2xl border bg-card">
        {faq.map(({ question, answer }) => (
          <details key={question} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden" open>
            <summary className="flex cursor-pointer items-center justify-between gap-4 font-semibold">
              {question}
              <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
            </summary>
            <p className="mt-2 text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
