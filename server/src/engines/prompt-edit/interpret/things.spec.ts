import { describe, expect, it } from 'vitest';
import type { EditStep } from '../edit-plan';
import { interpretInstruction as sut } from '.';

/** The photo as a whole, or what the person names as theirs to lose: read as steps. */
const WHOLE_PHOTO: [string, EditStep[]][] = [
  ['make the photo darker', [{ kind: 'brightness', amount: -0.2 }]],
  ['make this 2x larger', [{ kind: 'upscale', scale: 2 }]],
  ['change the colour temperature to warmer', [{ kind: 'warmth', amount: 0.2 }]],
  ['move me to the middle', [{ kind: 'crop' }]],
  ['make it less yellow', [{ kind: 'auto-white-balance', cast: 'yellow' }]],
  ['can someone make this less blue?', [{ kind: 'auto-white-balance', cast: 'blue' }]],
  ['clear up the image', [{ kind: 'clarify' }]],
  ['edit the photo so it looks better', [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }]],
  ['edit this photo to remove the words', [{ kind: 'remove-text', target: 'text' }]],
  // verbs the grammar lacks, read through WordNet as more or less
  ['lessen the brightness', [{ kind: 'brightness', amount: -0.2 }]],
  ['intensify the colours', [{ kind: 'saturation', amount: 0.2 }]],
  ['tone down the red', [{ kind: 'auto-white-balance', cast: 'red' }]],
  ['the sky is blown out', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0 }]],
  ['make the flash less of a glare', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0 }]],
  ['remove the glare circled in yellow', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0 }]],
  [
    'remove all the people except me',
    [{ kind: 'remove-object', label: 'person', select: { which: 'background' } }],
  ],
  ['remove everything except the dog', [{ kind: 'background', backdrop: { kind: 'transparent' } }]],
  ['remove the city background', [{ kind: 'background', backdrop: { kind: 'transparent' } }]],
  ['make the background blank', [{ kind: 'background', backdrop: { kind: 'transparent' } }]],
  ['cut out the dog so there is no background', [{ kind: 'background', backdrop: { kind: 'transparent' } }]],
  ['make the sign blank', [{ kind: 'remove-marked', thing: 'sign' }]],
  ['remove the "SALE" text', [{ kind: 'remove-text', target: 'text' }]],
  ['please remove "for sale" from the sign', [{ kind: 'remove-text', target: 'text' }]],
  [
    'REMOVE THE DOG MAKE IT BRIGHTER',
    [
      { kind: 'remove-object', label: 'dog', select: { which: 'default' } },
      { kind: 'brightness', amount: 0.2 },
    ],
  ],
];

/** One thing's light, colour, size or place, or another photo's content: only a generator could. */
const ONE_THING = [
  'make the car darker',
  'lighten her jacket',
  'make the logo half the size',
  'turn the red into blue',
  'change the colour of the bench',
  'make the flowers less yellow',
  'put my dog into another picture',
  'add my sister to a photo of the beach',
  'move the bin to the left',
];

describe('the photo as a whole and one thing in it', () => {
  it.each(WHOLE_PHOTO)('%s', (instruction, steps) => {
    const plan = sut(instruction);
    expect(plan.steps).toEqual(steps);
    expect(plan.skipped).toEqual([]);
  });

  it.each(ONE_THING)('declines "%s" with a reason', (instruction) => {
    const plan = sut(instruction);
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0].reason).toMatch(/I can/);
  });
});
