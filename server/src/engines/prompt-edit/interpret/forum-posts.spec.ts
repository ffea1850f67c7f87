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

describe('several things to remove, in a list', () => {
  it('removes each thing of a list after one verb', () => {
    expect(sut('please get rid of the recycling bin, the traffic cone and the ladder').steps).toEqual([
      { kind: 'remove-marked', thing: 'recycling bin' },
      { kind: 'remove-marked', thing: 'traffic cone' },
      { kind: 'remove-marked', thing: 'ladder' },
    ]);
    expect(kinds('remove the awning and the power lines')).toEqual(['remove-marked', 'remove-marked']);
  });

  it('does not take a wish said without a verb, or thanks, for one more thing to remove', () => {
    expect(kinds('remove the cyclist, black and white please')).toEqual(['remove-object', 'grayscale']);
    expect(kinds('remove the sign, square crop')).toEqual(['remove-marked', 'crop']);
    expect(kinds('remove the cat, thanks in advance')).toEqual(['remove-object']);
  });
});

describe('a pronoun removes what the context named before', () => {
  it.each([
    ["There's a plastic bag on the grass, could you remove it?", 'remove-object'],
    ['See the kid behind us? Can someone remove him', 'remove-object'],
    ['There is a wheelbarrow by the tent. Please get rid of it.', 'remove-marked'],
  ])('%s', (text, kind) => {
    const steps = sut(text).steps;
    expect(steps.map((s) => s.kind)).toEqual([kind]);
  });

  it('names the thing it asks the person to show', () => {
    expect(sut("There's a price tag on the vase, could someone remove it? Thanks").steps).toEqual([
      { kind: 'remove-marked', thing: 'price tag on the vase' },
    ]);
  });

  it('removes the backdrop a remark named before', () => {
    expect(sut('The background is cluttered, can you remove it and make it white').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } },
    ]);
  });

  it('asks to be shown "it" when nothing was named before', () => {
    expect(sut('can you remove it').steps).toEqual([{ kind: 'remove-marked', thing: 'it' }]);
  });
});

describe('a removal said in the passive', () => {
  it.each([
    ['The garden hose by the door needs to be removed', 'remove-marked'],
    ['the lamp post should be removed please', 'remove-marked'],
    ['can the horse be removed?', 'remove-object'],
  ])('%s', (text, kind) => {
    expect(kinds(text)).toEqual([kind]);
  });
});

describe('what must not be cut off is no removal', () => {
  it.each([
    ['crop it for a 4x6 print so nobody gets cut off', ['crop']],
    ['crop it to a square without cutting off her feet', ['crop']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });
});
