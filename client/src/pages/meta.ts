import { PLAN_LIMITS } from '@common/plans';
import type { PageMeta } from '@client/lib/page-meta';

// Head tags of the public pages, apart from the page components so the prerender can list them without
// pulling code-split pages into one chunk.

const { free, monthly, yearly } = PLAN_LIMITS;

export const PRICING_FAQ = [
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
    q: 'What happens when I switch plans?',
    a: "Moving up, from Free to a paid plan or from Monthly to Yearly, takes effect at once with the new plan's full credits. Moving from Yearly to Monthly keeps the edits already used in the current period, so your credits never go below zero.",
  },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Your plan stays active until the end of the period you paid for, then falls back to Free.',
  },
];

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

export const PRICING_META: PageMeta = {
  title: 'Pricing - Free, Monthly and Yearly Plans | Cleanup Studio',
  description: `Start free with ${free.signupDayCredits} edits on signup day and ${free.creditsPerPeriod} per day. Monthly $${monthly.priceUsd} for ${monthly.creditsPerPeriod} edits, Yearly $${yearly.priceUsd} for ${yearly.creditsPerPeriod} edits.`,
  path: '/pricing',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: PRICING_FAQ.map(({ q, a }) => ({
        '@type': 'Question',
        name: q,
        acceptedAnswer: { '@type': 'Answer', text: a },
      })),
    },
  ],
};

export const TEST_RESULTS_META: PageMeta = {
  title: 'Watermark Removal Test Results | Cleanup Studio',
  description:
    "Fifteen watermarked photos, the watermark engine's results and the clean references, with the PSNR of each result against its reference.",
  path: '/test-results',
};

export const API_DOCS_META: PageMeta = {
  title: 'API Reference - Photo Editing API with curl and JavaScript Examples | Cleanup Studio',
  description:
    'Call every Cleanup Studio mode from your own code: one POST /api/v1/edit with an API key answers the edited image. Examples in curl and JavaScript, and an OpenAPI 3.1 document.',
  path: '/docs/api',
};

export const PRIVACY_META: PageMeta = {
  title: 'Privacy - What Happens to Your Photos | Cleanup Studio',
  description: `Your photos are private to your account and kept ${free.retentionDays} days on the free plan and one year on paid plans, then removed by a daily clean-up.`,
  path: '/privacy',
};

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found | Cleanup Studio',
  description: 'There is no page at this address. The editor, pricing and blog are a click away.',
  path: '/404',
  noindex: true,
};
