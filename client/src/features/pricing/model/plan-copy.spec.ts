import { describe, expect, it } from 'vitest';
import { planFeatures, yearlySavingPercent } from './plan-copy';

describe('plan copy', () => {
  it('states the saving of the yearly plan as 17%', () => {
    expect(yearlySavingPercent()).toBe(17);
  });

  it('derives the card lines from the plan limits', () => {
    expect(planFeatures('free')).toEqual([
      '5 edits on the day you sign up',
      'Then 1 edit every day',
      'All 7 editing modes',
      'Uploads up to 10 MB',
    ]);
    expect(planFeatures('yearly')).toContain('1,500 edits per year');
    expect(planFeatures('monthly')).toContain('Uploads up to 25 MB');
  });
});
