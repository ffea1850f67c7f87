import { describe, expect, it } from 'vitest';
import { MODES } from '@common/modes';
import { ARTICLE_SLUGS } from '../model/slugs';
import { ARTICLES } from './index';

// DECISIONS.md: blog copy agrees with the pricing page and makes no speed claim the benchmarks do not back.
const FORBIDDEN = [
  /3 (free )?(\w+ )?(per|a) day/i,
  /50\s?MB/i,
  /no sign-?up/i,
  /1-2 seconds/i,
  /unlimited/i,
  /\$0\.04/,
];

function allText(article: (typeof ARTICLES)[number]): string {
  return JSON.stringify(article);
}

describe('blog articles', () => {
  it('are the seven articles of the spec, dated October 11, 2025', () => {
    expect(ARTICLE_SLUGS).toHaveLength(7);
    expect(ARTICLES.map((a) => a.slug)).toEqual([...ARTICLE_SLUGS]);
    for (const sut of ARTICLES) {
      expect(sut.date).toBe('2025-10-11');
      expect([5, 6]).toContain(sut.readTimeMinutes);
      expect(MODES).toContain(sut.mode);
    }
  });

  it('are real guides: several sections and an FAQ each', () => {
    for (const sut of ARTICLES) {
      expect(sut.sections.length).toBeGreaterThanOrEqual(4);
      expect(sut.faq.length).toBeGreaterThanOrEqual(3);
      expect(allText(sut).split(/\s+/).length).toBeGreaterThan(550);
    }
  });

  it('agree with the plans and make no unmeasured claims', () => {
    for (const sut of ARTICLES) {
      for (const pattern of FORBIDDEN) expect(allText(sut), `${sut.slug} ${pattern}`).not.toMatch(pattern);
    }
  });
});
