import { PageLayout } from '@client/components/layout/page-layout';
import {
  ClosingCtaSection,
  FeaturesSection,
  HeroSection,
  HowItWorksSection,
  ResultsSection,
} from '@client/features/marketing';
import { usePageMeta } from '@client/lib/page-meta';
import { HOME_META } from './meta';

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
