import { MODE_INFO } from '@common/modes';
import { BeforeAfterSlider } from '@client/components/before-after-slider';
import { cn } from '@client/lib/utils';
import { SHOWCASE_RESULTS } from '../model/showcase-results';
import { SectionHeading } from './section-heading';

/** Real engine outputs only: no manifest entry, no slider; no entries, no section. */
export function ResultsSection() {
  const entries = SHOWCASE_RESULTS;
  if (entries.length === 0) return null;
  return (
    <section className="py-20" aria-labelledby="see-the-results">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="see-the-results" eyebrow="See the Results" title="Drag the handle to compare">
          Real outputs of Cleanup Studio's own engines on real photos, unretouched.
        </SectionHeading>
        <div
          className={cn(
            'mx-auto mt-14 grid gap-8',
            // As many columns as sliders (up to three), centred, so two sliders do not leave an empty third.
            entries.length === 1 && 'max-w-2xl',
            entries.length === 2 && 'max-w-5xl md:grid-cols-2',
            entries.length >= 3 && 'md:grid-cols-2 lg:grid-cols-3',
          )}
        >
          {entries.map((entry) => (
            <figure key={entry.mode} className="grid gap-3">
              <BeforeAfterSlider
                data-testid={`results-slider-${entry.mode}`}
                before={entry.before}
                after={entry.after}
                width={entry.width}
                height={entry.height}
                beforeAlt={`${entry.source} before ${MODE_INFO[entry.mode].label.toLowerCase()}`}
                afterAlt={`${entry.source} after ${MODE_INFO[entry.mode].label.toLowerCase()}`}
                transparentAfter={entry.mode === 'background-removal'}
                className="border shadow-lg"
              />
              <figcaption>
                <p className="font-semibold">{MODE_INFO[entry.mode].label}</p>
                <p className="text-sm text-muted-foreground">
                  {entry.caption ?? MODE_INFO[entry.mode].description}
                </p>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
