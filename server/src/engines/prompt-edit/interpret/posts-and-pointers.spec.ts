import { describe, expect, it } from 'vitest';
import { interpretInstruction as sut } from '.';

/**
 * Requests as posts, forum questions and short requests put them, beyond the first reading of each kind: wishes
 * joined by "and", who is meant told after the wish ("he's the one in the blue shirt"), what a later "it"
 * points at, what the writer likes, and things that spoil a photo by where they are.
 */
const kinds = (text: string) => sut(text).steps.map((s) => s.kind);

describe('wishes said together, and a look told as what is wrong', () => {
  it('reads each adjective joined to a repair by "and"', () => {
    expect(kinds('make it more crisp and vibrant')).toEqual(['clarify', 'saturation']);
    expect(kinds('make it more vibrant and crisp')).toEqual(['clarify', 'saturation']);
    expect(kinds('Make the whole image clearer and lighter')).toEqual(['clarify', 'brightness']);
  });

  it('makes whites whiter by levels, not by a new colour', () => {
    expect(kinds('make the whites whiter')).toEqual(['auto-levels']);
    expect(kinds('make the white shirt whiter')).toEqual(['auto-levels']);
    expect(sut('make the white car red').skipped[0].reason).toMatch(/new colour/);
  });

  it('restores a photo that looks old when asked to fix it, and ages one asked to look old', () => {
    expect(kinds('it looks like an old photo, can you fix it')).toEqual(['auto-levels', 'clarify']);
    expect(kinds('make it look like an old photo')).toEqual(['sepia']);
  });

  it('takes the place said where a person was named for the one removed later', () => {
    for (const post of [
      "there's a guy on the left, can you remove him",
      'the guy on the left is cut off, can you remove him',
      'see the guy on the left? remove him',
    ])
      expect(sut(post).steps).toEqual([
        { kind: 'remove-object', label: 'person', select: { which: 'left' } },
      ]);
  });

  it('takes a colour out of the photo as a cast', () => {
    expect(sut('get the yellow out').steps).toEqual([{ kind: 'auto-white-balance', cast: 'yellow' }]);
    expect(sut('take the yellow out').steps).toEqual([{ kind: 'auto-white-balance', cast: 'yellow' }]);
  });
});

describe('who is meant, told after the wish', () => {
  it('reads the colour someone wears, said after the removal', () => {
    const post =
      "Would love it if someone could remove my ex from this picture, he's the one in the blue shirt";
    expect(sut(post).steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'wearing', colour: 'blue' }, name: 'ex' },
    ]);
    expect(sut("remove the lady, she's wearing red").steps[0]).toMatchObject({
      select: { which: 'wearing', colour: 'red' },
    });
  });

  it('removes nothing for an "it" that points at a change it just declined', () => {
    const plan = sut('I hate my double chin, can you edit it out');
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0].reason).toMatch(/how people look/);
  });
});

describe('a softening of what was just named', () => {
  it("softens harsh light or contrast, not the photo's sharpness", () => {
    expect(kinds('the shadows are too harsh, soften them')).toEqual(['light-recovery']);
    expect(kinds('too much contrast, can you soften it')).toEqual(['contrast']);
    expect(kinds('make it brighter and soften it')).toEqual(['brightness', 'blur']);
  });

  it('reads a soft colour for the background as the colour', () => {
    expect(sut('I want the background to be a soft grey').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#808080' } },
    ]);
    expect(sut('make the background soft').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'blur' } },
    ]);
  });
});

describe('what the writer likes, a posture, and the shadows under the eyes', () => {
  it('takes what the writer likes for no wish', () => {
    const plan = sut('I like the pose but the lighting is bad');
    expect(plan.steps.map((s) => s.kind)).toEqual(['auto-levels']);
    expect(plan.skipped).toEqual([]);
    expect(sut("I love my hair in this one but it's too dark").skipped).toEqual([]);
    expect(kinds("I'd like the background removed")).toEqual(['background']);
  });

  it('declines a change of posture', () => {
    expect(sut('Please fix my posture').skipped[0].reason).toMatch(/how people look/);
  });

  it('retouches the shadows under the eyes, however said', () => {
    for (const text of [
      'i need the shadow under my eyes gone',
      'remove the shadows under my eyes',
      'lighten the shadows under her eyes',
    ])
      expect(sut(text).steps).toEqual([{ kind: 'enhance-face', smoothSkin: true }]);
  });
});

describe('things that spoil a photo by where they are', () => {
  it('asks to be shown a thing growing out of a head', () => {
    expect(sut("There's a lamp growing out of my head lol can someone fix that").steps).toEqual([
      { kind: 'remove-marked', thing: 'lamp' },
    ]);
    expect(kinds("there's a pole sticking out of his head")).toEqual(['remove-marked']);
  });

  it("asks to be shown the photographer's thumb in a corner, and mends the blur said with it", () => {
    const post =
      'hello! first time posting. this is the only pic i have of my mom and me from my wedding, but theres a big thumb in the corner and its really blurry. anything you can do would mean the world';
    expect(kinds(post)).toEqual(['remove-marked', 'sharpen']);
    expect(kinds('he has a ring on his finger')).toEqual([]);
  });
});

describe('a thing cut out and given a backdrop', () => {
  it('keeps what was cut out when it is given a background', () => {
    expect(sut('cut out the car and give it a white background').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } },
    ]);
    expect(kinds('remove the car and give it a white background')).toEqual(['remove-object', 'background']);
  });
});

describe('glare on glass', () => {
  it('asks to be shown the glare on a window or a screen', () => {
    expect(sut('reduce the glare on the window').steps).toEqual([
      { kind: 'remove-marked', thing: 'glare on the window' },
    ]);
    expect(kinds('the sky is blown out')).toEqual(['light-recovery']);
  });
});

describe('light compared', () => {
  it('evens out one part of the photo darker than another', () => {
    expect(sut('the right side of the photo is darker than the left, can you even it out').steps).toEqual([
      { kind: 'light-recovery', highlights: 0.5, shadows: 0.5 },
    ]);
  });

  it('reads a state compared as what is wrong, and a comparison asked for as the wish', () => {
    expect(sut("it's darker than I remember").steps).toEqual([{ kind: 'brightness', amount: 0.2 }]);
    expect(sut('the photo is warmer than it should be').steps).toEqual([{ kind: 'warmth', amount: -0.2 }]);
    expect(sut('make it darker than the original').steps).toEqual([{ kind: 'brightness', amount: -0.2 }]);
  });
});

describe('light made even, and a background made soft', () => {
  it('evens out lighting asked to be more even', () => {
    expect(sut('can someone make the lighting more even on our faces').steps).toEqual([
      { kind: 'light-recovery', highlights: 0.5, shadows: 0.5 },
    ]);
  });

  it('takes "make it soft" after a blurred background for the background', () => {
    expect(sut('blur the background and make it soft').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'blur' } },
    ]);
  });
});
