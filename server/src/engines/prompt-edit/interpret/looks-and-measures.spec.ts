import { describe, expect, it } from 'vitest';
import { interpretInstruction as sut } from '.';

/**
 * Requests that name a look, a measure or a fault of the lens: the weather of the day told beside a wish, a
 * washed-out photo, lighting styles, sizes given side by side, a thing made to draw the eye less, and what the
 * lens did, which cannot be undone here.
 */
const kinds = (text: string) => sut(text).steps.map((s) => s.kind);

describe('looks said in the words of photographers and of posts', () => {
  it('takes the weather of the day as a story, not as a colour asked for', () => {
    expect(kinds('it was really sunny so everything looks washed out, can you fix it')).toEqual([
      'saturation',
      'contrast',
    ]);
    expect(sut('it was a cold day and the photo looks too blue').steps).toEqual([
      { kind: 'warmth', amount: 0.2 },
    ]);
    expect(sut('make it sunny').steps).toEqual([{ kind: 'warmth', amount: 0.2 }]);
  });

  it('gives a washed-out photo its contrast back with its colour, and fades one asked to look washed out', () => {
    expect(kinds('the photo looks washed out')).toEqual(['saturation', 'contrast']);
    expect(sut('make it look washed out').steps).toEqual([{ kind: 'saturation', amount: -0.2 }]);
  });

  it('reads high key and low key as lighting styles, and crushed blacks as deeper contrast', () => {
    expect(sut('make it high key').steps).toEqual([
      { kind: 'brightness', amount: 0.3 },
      { kind: 'contrast', amount: -0.2 },
    ]);
    expect(kinds('give it a high-key look')).toEqual(['brightness', 'contrast']);
    expect(kinds('make it low key')).toEqual(['brightness', 'contrast']);
    expect(sut('make it low key').steps[0]).toEqual({ kind: 'brightness', amount: -0.3 });
    expect(sut('crush the blacks a bit').steps).toEqual([{ kind: 'contrast', amount: 0.1 }]);
    expect(sut('add a key to the door').skipped[0].reason).toMatch(/new things/);
  });

  it('softens a background asked to be cleaner, as a busy one is', () => {
    for (const wish of [
      'give me a cleaner background',
      'make the background cleaner',
      'i want a clean background',
    ])
      expect(sut(wish).steps).toEqual([{ kind: 'background', backdrop: { kind: 'blur' } }]);
    expect(sut('clean up the background').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'transparent' } },
    ]);
  });
});

describe('measures and what draws the eye', () => {
  it('resizes by the side named, or the side the post told before', () => {
    expect(sut('resize the height to 1600').steps).toEqual([{ kind: 'resize', height: 1600 }]);
    expect(sut('change the width to 1200').steps).toEqual([{ kind: 'resize', width: 1200 }]);
    expect(sut('the height is 800, resize it to 1600').steps).toEqual([{ kind: 'resize', height: 1600 }]);
    expect(sut('the width is 600, resize it to 1200').steps).toEqual([{ kind: 'resize', width: 1200 }]);
    expect(sut('resize it to 1600').steps).toEqual([{ kind: 'resize', width: 1600 }]);
  });

  it('blurs a person made less noticeable, or named with where they stand', () => {
    expect(sut('make the person in the back less noticeable').steps).toEqual([
      { kind: 'blur', amount: 1, region: { marked: 'person in the back' } },
    ]);
    expect(sut('blur out the guy behind me').steps).toEqual([
      { kind: 'blur', amount: 1, region: { marked: 'guy behind me' } },
    ]);
    expect(sut('blur the background behind me').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'blur' } },
    ]);
    for (const wish of ['blur everything behind her', 'blur the area behind him'])
      expect(sut(wish).steps).toEqual([{ kind: 'background', backdrop: { kind: 'blur' } }]);
  });

  it('shows a thumb over the lens and lifts the shadow under the eyes with the face retouch', () => {
    expect(sut('my thumb is over the lens on the left').steps).toEqual([
      { kind: 'remove-marked', thing: 'my thumb' },
    ]);
    expect(kinds('brighten under her eyes')).toEqual(['enhance-face']);
  });
});

describe('glare on glass, and shapes said with "change it to"', () => {
  it('shows glare on glasses and mirrors to remove it, and tones down a glare over the photo', () => {
    expect(sut('Can someone get rid of the glare on my glasses?').steps).toEqual([
      { kind: 'remove-marked', thing: 'glare on my glasses' },
    ]);
    expect(sut('remove glare from glasses').steps).toEqual([
      { kind: 'remove-marked', thing: 'glare from glasses' },
    ]);
    expect(kinds('the glare is too strong')).toEqual(['light-recovery']);
  });

  it('crops to a shape said after "change it to", and still declines a new colour said so', () => {
    expect(sut('change it to 4x6 for printing').steps).toEqual([
      { kind: 'crop', aspect: { width: 4, height: 6 } },
    ]);
    expect(sut('change it to 16:9').steps).toEqual([{ kind: 'crop', aspect: { width: 16, height: 9 } }]);
    expect(sut('change the car to red').skipped[0].reason).toMatch(/new colour/);
  });
});

describe('faults of the lens', () => {
  it('declines perspective, lens distortion and colour fringing, and says what can be done', () => {
    for (const wish of [
      'fix the perspective distortion',
      'correct the keystone',
      'remove the chromatic aberration',
      'there is purple fringing around the branches',
      'fix the lens distortion',
    ]) {
      const plan = sut(wish);
      expect(plan.steps).toEqual([]);
      expect(plan.skipped[0].reason).toMatch(/perspective, lens distortion or colour fringing.*straighten/);
    }
  });

  it('declines a film look as a style, and reads a photo told to be shot on film as the story', () => {
    for (const wish of ['make it look like it was taken on film', 'give it a film look'])
      expect(sut(wish).skipped[0].reason).toMatch(/another style/);
    expect(sut('it was shot on film and is very grainy, can you fix it')).toEqual({
      steps: [{ kind: 'denoise', amount: 0.6 }],
      skipped: [],
    });
  });

  it('still straightens a perspective said with a tilt, and reads a fringe of hair as hair', () => {
    expect(kinds('fix the perspective so the horizon is level')).toEqual(['straighten']);
    expect(sut('remove the fringe of her hair').skipped[0].reason).toMatch(/how people look/);
  });
});
