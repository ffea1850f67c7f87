import { PageLayout } from '@client/components/layout/page-layout';
import {
  ClosingCtaSection,
  FeaturesSection,
  HeroSection,
  HowItWorksSection,
  ResultsSection,
} from '@client/features/marketing';
import { usePageMeta, type PageMeta } from '@client/lib/page-meta';

export const HOME_META: PageMeta = {
  title: 'AI Photo Cleanup Tool - Magic Eraser & Chat to Edit | Cleanup Studio',
  description:
    'Remove watermarks, objects and backgrounds, enhance faces, upscale photos 2x or 4x, create professional headshots, or describe an edit in words. Free to start.',
  path: '/',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'WebApplication',
      name: 'Cleanup Studio',
      applicationCategory: 'MultimediaApplication',
      operatingSystem: 'Any (web browser)',
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    },
  ],
};

export default function HomePage() {
  usePageMeta(HOME_META);
  return (
    <PageLayout>
      <HeroSection />
      <HowItWorksSection />
      <ResultsSection />
      <FeaturesSection />
      <ClosingCtaSection />
    </PageLayout>
  );
}
