import { describe, expect, it } from 'vitest';
import { parseResultsManifest } from './results-manifest';

const entry = (mode: string) => ({
  mode,
  before: `/b-${mode}.webp`,
  after: `/a-${mode}.webp`,
  width: 960,
  height: 600,
  source: 'x.jpg',
});

describe('parseResultsManifest', () => {
  it('keeps the showcase modes in landing order and drops the rest', () => {
    const sut = parseResultsManifest({
      entries: [entry('professional-photo'), entry('image-upscale'), entry('object-removal')],
    });
    expect(sut.map((e) => e.mode)).toEqual(['object-removal', 'professional-photo']);
  });

  it('gives no sliders for a missing or malformed manifest', () => {
    expect(parseResultsManifest(null)).toEqual([]);
    expect(parseResultsManifest({ entries: [{ mode: 'object-removal' }] })).toEqual([]);
  });
});
