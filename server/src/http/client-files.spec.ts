import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControl } from './client-files';

describe('cacheControl', () => {
  const file = (...parts: string[]) => path.join('/srv/dist/client', ...parts);

  it('keeps hashed build assets for a year', () => {
    expect(cacheControl(file('assets', 'index-BtOmEyy2.js'))).toBe('public, max-age=31536000, immutable');
  });

  it('keeps regenerated images a day, then revalidates them in the background', () => {
    for (const image of [
      file('generated', 'gallery', '01-blinds-result.webp'),
      file('images', 'hero.WEBP'),
    ]) {
      expect(cacheControl(image)).toBe('public, max-age=86400, stale-while-revalidate=604800');
    }
  });

  it('rechecks anything else after five minutes', () => {
    expect(cacheControl(file('generated', 'gallery', 'manifest.json'))).toBe('public, max-age=300');
    expect(cacheControl(file('robots.txt'))).toBe('public, max-age=300');
  });
});
