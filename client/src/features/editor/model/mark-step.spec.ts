import { describe, expect, it } from 'vitest';
import { markStepOf, notFoundMarkStep } from './mark-step';

const step = (kind: string, description: string) => ({ kind, description });

describe('the step of marking on the photo what to remove', () => {
  it('comes from the plan’s remove-marked steps, naming the things as the server quoted them', () => {
    const plan = {
      steps: [
        step('brightness', 'brighten +20 %'),
        step('remove-marked', 'remove "rv sticker": tap or paint it on the photo'),
        step('crop', 'crop to 1:1'),
      ],
      skipped: [],
    };
    expect(markStepOf(plan)).toEqual({ reason: 'unknown', title: 'Tap or paint "rv sticker" on the photo' });
    plan.steps.push(step('remove-marked', 'remove "cup sticker": tap or paint it on the photo'));
    expect(markStepOf(plan)?.title).toBe('Tap or paint "rv sticker" and "cup sticker" on the photo');
    expect(markStepOf({ steps: [step('remove-marked', 'remove it')], skipped: [] })?.title).toBe(
      'Tap or paint what to remove on the photo',
    );
  });

  it('comes as well from a colour kept on a thing the person is to show', () => {
    const plan = {
      steps: [step('selective-colour', 'black and white except "flowers": tap or paint it on the photo')],
      skipped: [],
    };
    expect(markStepOf(plan)?.title).toBe('Tap or paint "flowers" on the photo');
    expect(
      markStepOf({ steps: [step('selective-colour', 'black and white except the eyes')], skipped: [] }),
    ).toBeNull();
  });

  it('is not there for a plan without one, or before there is a plan', () => {
    expect(markStepOf({ steps: [step('remove-object', 'remove the dog')], skipped: [] })).toBeNull();
    expect(markStepOf(undefined)).toBeNull();
  });

  it('comes from a run that did not find the thing and asked for it to be marked', () => {
    const message =
      "I couldn't find a dog in this photo. I can see a cup. Tap or paint it on the photo and I'll remove it.";
    expect(notFoundMarkStep({ code: 'NOTHING_TO_DO', message })).toEqual({
      reason: 'not-found',
      title: 'Tap or paint the dog on the photo',
    });
    expect(
      notFoundMarkStep({ code: 'NOTHING_TO_DO', message: "I couldn't find a face in this photo." }),
    ).toBeNull();
    expect(notFoundMarkStep({ code: 'ENGINE_FAILED', message })).toBeNull();
  });
});
