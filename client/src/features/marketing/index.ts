export { HeroSection } from './components/hero-section';
export { HowItWorksSection } from './components/how-it-works-section';
export { ResultsSection } from './components/results-section';
export { FeaturesSection } from './components/features-section';
export { ClosingCtaSection } from './components/closing-cta-section';
export { SectionHeading } from './components/section-heading';
