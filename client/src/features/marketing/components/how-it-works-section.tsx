import { Layers, Upload, Wand2 } from 'lucide-react';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    icon: Upload,
    title: 'Upload your photo',
    text: 'Sign in with Google, then drag and drop a JPG, PNG or WebP into the editor, or click to browse.',
  },
  {
    icon: Layers,
    title: 'Choose one of 7 modes',
    text: 'Erase watermarks or objects, remove the background, enhance a face, upscale, create a headshot, or chat to edit.',
  },
  {
    icon: Wand2,
    title: 'Let the AI clean it up',
    text: 'Mark the area or describe the change, press the button, compare before and after, and download the result.',
  },
];

export function HowItWorksSection() {
  return (
    <section className="border-y border-border/60 bg-muted/30 py-20" aria-labelledby="how-it-works">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-it-works"
          eyebrow="How It Works"
          title="Three steps from cluttered to clean"
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl border bg-card p-6 shadow-sm">
              <span className="absolute right-5 top-4 text-5xl font-black text-primary/10">{index + 1}</span>
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white shadow-md">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
