import { describe, expect, it } from 'vitest';
import type { EditStep } from '../edit-plan';
import { interpretInstruction as sut } from '.';
import { CANNOT } from './reasons';

/**
 * The last reading before a refusal: words the grammar lacks, read through WordNet. None of these words is in
 * the grammar's lists; each reaches an edit by its senses.
 */
const WIDENED: [string, EditStep[]][] = [
  // verbs, by what their senses are kinds of
  ['banish the dog', [{ kind: 'remove-object', label: 'dog', select: { which: 'default' } }]],
  ['please excise the sign', [{ kind: 'remove-marked', thing: 'sign' }]],
  ['can you tidy this up', [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }]],
  ['spruce it up a bit', [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }]],
  // describing words, by their near senses
  ['the lighting is lousy', [{ kind: 'auto-levels' }]],
  ['it looks foggy', [{ kind: 'sharpen', amount: 0.3 }]],
  ['the photo is grimy', [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }]],
  // damage named without a verb: the person shows it, the fill takes it away
  [
    'there are creases and tears on this old photo',
    [{ kind: 'remove-marked', thing: 'the creases and tears' }],
  ],
  ['there is a blotch on her cheek', [{ kind: 'remove-marked', thing: 'the blotch' }]],
];

describe('the last reading, through WordNet', () => {
  for (const [text, steps] of WIDENED)
    it(text, () => {
      expect(sut(text)).toEqual({ steps, skipped: [] });
    });

  it('leaves a thing that an improving verb would change to a generator', () => {
    // decorating adds to the cake: no repair of the photo
    expect(sut('decorate the cake with flowers').steps).toEqual([]);
  });

  it('does not read a word that describes a thing as a complaint about the photo', () => {
    // "boring" is near "dull", but it tells of the beach, and "epic" is a look only a generator could give
    expect(sut('make this boring beach photo look epic').steps).toEqual([]);
  });

  it('still says what it can do when nothing is found', () => {
    expect(sut('a lovely photo of my dog')).toEqual({
      steps: [],
      skipped: [{ text: 'a lovely photo of my dog', reason: CANNOT.nothing }],
    });
  });

  it('runs only when the grammar found nothing: a generative wish keeps its own reason', () => {
    expect(sut('spruce it up and add a unicorn').skipped.map((s) => s.reason)).toEqual([CANNOT.generate]);
  });
});
