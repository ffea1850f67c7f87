import { describe, expect, it } from 'vitest';
import * as tuned from './tuned-thresholds';
import { formatTunedValue, TUNED_THRESHOLDS } from './tuned-thresholds';

describe('TUNED_THRESHOLDS', () => {
  it('lists every tuned threshold by its exported name, once, with what it governs', () => {
    const names = TUNED_THRESHOLDS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const t of TUNED_THRESHOLDS) {
      expect((tuned as Record<string, unknown>)[t.name]).toBe(t.value);
      expect(t.governs.length).toBeGreaterThan(10);
    }
    const exported = Object.entries(tuned).filter(([name]) => /^[A-Z][A-Z_]+$/.test(name));
    expect(exported.map(([name]) => name).sort()).toEqual(['TUNED_THRESHOLDS', ...names].sort());
  });

  it("formats numbers, ranges and a rule's bounds for the benchmark report", () => {
    expect(formatTunedValue(0.5)).toBe('0.5');
    expect(formatTunedValue([0.15, 0.88])).toBe('0.15-0.88');
    expect(formatTunedValue({ mean: 0.7, height: [0.6, 3.5] })).toBe('mean 0.7, height 0.6-3.5');
  });
});
