import { describe, expect, it } from 'vitest';
import type { EditStep } from '../edit-plan';
import { interpretInstruction as sut } from '.';

/** The step kinds planned, with the sign of the amount where there is one: "contrast-" is less contrast. */
function kinds(text: string): string[] {
  return sut(text).steps.map((step) => {
    const amount = (step as EditStep & { amount?: number }).amount;
    if (amount === undefined || !['brightness', 'contrast', 'saturation', 'warmth'].includes(step.kind))
      return step.kind;
    return `${step.kind}${amount < 0 ? '-' : '+'}`;
  });
}

describe('light and colour said as a complaint ask for the opposite', () => {
  it.each([
    ["It's too contrasty", ['contrast-']],
    ['there is way too much contrast in this one', ['contrast-']],
    ['the contrast is too harsh', ['contrast-']],
    ['could you add a bit more contrast', ['contrast+']],
    ["it's too cold, the snow looks blue", ['warmth+']],
    ['this looks really cold', ['warmth+']],
    ['it feels way too warm', ['warmth-']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('still takes "cool" after "would be" for praise, not a wish for blue', () => {
    expect(sut('that would be cool, thanks').steps).toEqual([]);
  });
});

describe('blur already in the photo is a fault, not a wish for more', () => {
  it.each([
    ['there is motion blur on her face', ['sharpen']],
    ['My hand shook, so there is some blur', ['sharpen']],
    ['the photo has blur from camera shake', ['sharpen']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it.each([
    ['blur it a little', ['blur']],
    ['add some blur to the edges', ['blur']],
    ['blur the face of the kid on the right', ['blur']],
  ])('blurs when asked to: %s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });
});

describe('haze and murk are lifted with contrast', () => {
  it.each([
    ['The picture is hazy, can you fix that', ['contrast+']],
    ['everything looks murky', ['contrast+']],
    ['please dehaze the mountains', ['contrast+']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });
});
