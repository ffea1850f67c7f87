import { ImageUpscale, MessageSquareText, Scissors, Stamp } from 'lucide-react';
import { SectionHeading } from './section-heading';

const FEATURES = [
  {
    icon: Stamp,
    title: 'Magic Eraser',
    text: 'Paint over a watermark, logo, text or stray object. An inpainting model rebuilds what was behind it, with a chain of providers that ends in a local algorithm, so it always answers.',
  },
  {
    icon: MessageSquareText,
    title: 'Chat to Edit',
    text: 'Type what you want: "remove the background", "make it warmer", "black and white", "upscale 2x". The prompt editor turns plain words into the right steps.',
  },
  {
    icon: Scissors,
    title: 'Background Removal',
    text: 'One click gives a clean transparent PNG of people, products and pets, ready for a store listing, a slide or a new backdrop.',
  },
  {
    icon: ImageUpscale,
    title: 'Enhance, Upscale, Headshots',
    text: 'Retouch faces with a 2x upscale, enlarge any photo 2x or 4x, or turn a portrait into a studio-style professional headshot. Your images stay private to your account.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-20 py-20" aria-labelledby="features-title">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Powerful Features"
          title="Everything a photo needs, in one editor"
        >
          Seven modes backed by dedicated AI models: inpainting, prompt editing, upscaling and background
          removal.
        </SectionHeading>
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article
              key={title}
              className="group rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-lg"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-5 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
