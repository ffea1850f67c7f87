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
    ["There's a plastic bag on the grass, could you remove it?", 'remove-marked'],
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

describe('burnt-out light said as what went wrong', () => {
  it.each([
    ['the flash made her forehead all shiny', 'light-recovery'],
    ['his nose is shiny from the lights', 'light-recovery'],
    ['The sky came out completely white', 'light-recovery'],
    ['the clouds are washed out, can you bring them back', 'light-recovery'],
  ])('%s', (text, kind) => {
    expect(kinds(text)).toEqual([kind]);
  });

  it('still takes a new colour for the sky as out of reach', () => {
    expect(sut('make the sky white').steps).toEqual([]);
  });
});

describe('green and magenta casts said as a look', () => {
  it.each([
    ['everything looks greenish under these lights', 'green'],
    ['the whole photo looks pinkish', 'magenta'],
  ])('%s', (text, cast) => {
    expect(sut(text).steps).toEqual([{ kind: 'auto-white-balance', cast }]);
  });
});

describe('make-up painted on is no repair', () => {
  it.each(['put some blush on her cheeks', 'add a little pink to her lips', 'Add red lipstick'])(
    '%s',
    (text) => {
      expect(sut(text).steps).toEqual([]);
    },
  );

  it('still calms sunburn', () => {
    expect(kinds('his face is red from the sunburn')).toEqual(['reduce-redness']);
  });
});

describe('wishes that need more of the scene than the photo holds', () => {
  it.each(['zoom out a little so we can see the mountains', 'Edit my dog onto the beach photo'])(
    'declines %s',
    (text) => {
      const plan = sut(text);
      expect(plan.steps).toEqual([]);
      expect(plan.skipped.length).toBeGreaterThan(0);
    },
  );

  it('still crops when zooming in', () => {
    expect(kinds('zoom in on the birthday cake')).toEqual(['crop']);
  });
});

describe('sizes and marks said the way people post them', () => {
  it('upscales for "4K" alone', () => {
    expect(sut('can you make it 4K?').steps).toEqual([{ kind: 'upscale', scale: 4 }]);
  });

  it('crops to the named use a photo is turned into', () => {
    expect(kinds('Could you turn this into a phone wallpaper')).toEqual(['crop']);
  });

  it('asks to be shown a blemish on the print or dust, not to smooth skin', () => {
    expect(sut('remove the blemish in the corner of the picture').steps).toEqual([
      { kind: 'remove-marked', thing: 'blemish in the corner of the picture' },
    ]);
    expect(kinds('please remove the dust spots')).toEqual(['remove-marked']);
    expect(kinds('remove the spots on her cheek')).toEqual(['enhance-face']);
  });

  it('reads wrinkles misspelt, and never corrects "criss cross"', () => {
    expect(kinds('can you remove the winkles please')).toEqual(['enhance-face']);
    expect(sut('make the two swords criss cross').steps).toEqual([]);
  });
});

describe('a light that went wrong, said as what it did', () => {
  it.each([
    ['the lighting was bad and everything is purple', ['auto-levels', 'auto-white-balance']],
    ['The lamps in the hall made everyone orange', ['auto-white-balance']],
    ['the colours are bad', ['auto-white-balance']],
    ['the lighting is awful', ['auto-levels']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('still reads "the man in orange" as no cast', () => {
    expect(sut('the man in orange').steps).toEqual([]);
  });
});

describe('one shape, the last said', () => {
  it('keeps the exact size given after a named use', () => {
    expect(sut('I want it as my desktop background, 2560x1440').steps).toEqual([
      {
        kind: 'crop',
        aspect: { width: 16, height: 9 },
        size: { width: 2560, height: 1440 },
      },
    ]);
  });

  it('needs no resize beside a crop to that exact size', () => {
    expect(kinds('please resize it to 1200 x 628 for a facebook ad')).toEqual(['crop']);
  });

  it('takes "the frame" as a place in the photo, not a crop to ask a shape for', () => {
    expect(sut("a stranger's elbow is poking into the frame, could you remove it").steps).toEqual([
      { kind: 'remove-marked', thing: "stranger's elbow" },
    ]);
  });
});

describe('the thing a removal names ends where the post turns to something else', () => {
  it('drops "is in the corner" from what it asks the person to show', () => {
    expect(sut("My brother's thumb is in the corner of the shot, can someone edit it out?").steps).toEqual([
      { kind: 'remove-marked', thing: "My brother's thumb" },
    ]);
  });

  it('reads a compound ending in "can" as one thing of a list', () => {
    expect(kinds('remove the kids in the background and the garbage can please')).toEqual([
      'remove-object',
      'remove-marked',
    ]);
  });
});

describe('faults named without a verb of change', () => {
  it('removes a thing blamed for spoiling the photo', () => {
    expect(kinds('The date from the camera is ruining the picture')).toEqual(['remove-text']);
    expect(sut('the lamp post behind his head is really distracting').steps).toEqual([
      { kind: 'remove-marked', thing: 'lamp post behind his head' },
    ]);
  });

  it('recovers the light of a lens flare', () => {
    expect(kinds("there's a lens flare right across her face")).toEqual(['light-recovery']);
  });

  it('tones down colours said to be oversaturated', () => {
    expect(kinds('the whole thing is oversaturated')).toEqual(['saturation-']);
  });
});

describe('what the flash did is a fault, not make-up', () => {
  it.each(['the flash gave him red eyes, please fix', 'my camera gave everyone red eyes'])('%s', (text) => {
    expect(kinds(text)).toEqual(['red-eye']);
  });
});

describe('words that tell a thing apart ask for no change of the photo', () => {
  it('reads "a dark line across the photo" as a thing to remove, not a wish for darker', () => {
    expect(
      sut("There's a scratch on the scan, a dark line across the photo, can it be removed?").steps,
    ).toEqual([{ kind: 'remove-marked', thing: 'dark line across the photo' }]);
  });

  it('keeps the wish beside the thing', () => {
    expect(kinds('brighten the dark room')).toEqual(['brightness+']);
    expect(kinds('brighten the dark corners')).toEqual(['vignette']);
    expect(kinds("it's a dark picture, can you lighten it")).toEqual(['brightness+']);
  });

  it('takes a flip phone for a phone', () => {
    expect(kinds('please improve the quality, it was taken on a flip phone')).toEqual(['clarify']);
  });

  it('takes "a big truck" for a truck, not a wish for a bigger photo', () => {
    expect(kinds('there is a big truck behind us, please remove it')).toEqual(['remove-object']);
  });
});

describe('size said as a complaint', () => {
  it.each([
    ["It's faded and small", ['saturation+', 'upscale']],
    ['the photo is tiny, can it be printed?', ['upscale']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('still shrinks when asked to', () => {
    expect(kinds('resize it to be smaller')).toEqual(['resize']);
    expect(kinds('make it small enough to email')).toEqual(['resize']);
  });
});

describe('the sky as a place and the person cut out', () => {
  it('removes a thing named across the sky', () => {
    expect(sut("There's a wire across the sky. Can it be removed?").steps).toEqual([
      { kind: 'remove-marked', thing: 'wire across the sky' },
    ]);
  });

  it('cuts out the person who asks to be cropped out onto a backdrop', () => {
    expect(sut('Can you crop me out and put me on a white background').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } },
    ]);
  });

  it('opens up faces darkened by a sun behind them', () => {
    expect(kinds('our faces are really dark because the sun was behind us')).toEqual(['light-recovery']);
  });
});

describe('what a later wish keeps of an earlier one', () => {
  it('closes in within the shape already said', () => {
    expect(sut('crop it to a square and zoom in on her face').steps).toEqual([
      { kind: 'crop', aspect: { width: 1, height: 1 } },
    ]);
  });

  it('reads a comparative before a noun as a wish', () => {
    expect(kinds('a brighter version please')).toEqual(['brightness+']);
  });

  it('still points when the thing to remove went unsaid, instead of refusing', () => {
    expect(sut('can you remove?').steps).toEqual([{ kind: 'remove-marked', thing: '' }]);
  });
});

describe('what people write around a request changes nothing', () => {
  it.each([
    ['remove the people Thanks in advance!!', ['remove-object']],
    ['lighten the picture thanks', ['brightness+']],
    ['LIGHTEN IT Any help is appreciated', ['brightness+']],
    ['darken the photo you guys are the best', ['brightness-']],
    ['The garbage cans here need to be removed Will tip $5', ['remove-marked']],
  ])('a sign-off written without a stop: %s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('does not take the readers for people in the photo', () => {
    const text = 'Clean up the lines from the lights. Thank you so much, you guys are amazing.';
    expect(kinds(text)).toEqual(['remove-marked']);
  });

  it('still lists things after a removal', () => {
    expect(kinds('remove the dog, the cat, and the man')).toEqual([
      'remove-object',
      'remove-object',
      'remove-object',
    ]);
  });

  it('splits a list shouted in capitals after a greeting in lower case', () => {
    expect(kinds('Hi everyone! REMOVE THE WOMAN CROP IT TO A SQUARE')).toEqual(['remove-object', 'crop']);
  });

  it.each([
    ["lighten the background It was taken at my daughter's graduation", ['brightness+']],
    ['remove the people DM me if you have questions.', ['remove-object']],
    ['remove the people lmk if you need the original file', ['remove-object']],
    ['Hey all!! Long time lurker, first time poster. remove the dog', ['remove-object']],
    ["remove the dog (it's for her memorial next week)", ['remove-object']],
    ["remove the dog. Sorry for the bad quality, it's a scan of an old print.", ['remove-object']],
  ])("the photo's story and the writer's own news are no wish: %s", (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it.each([
    ['We lost our dog last week and this is the last picture of him. make it brighter', ['brightness+']],
    ['Remove bike from photograph Original is attached in the comments.', ['remove-object']],
    ['change background I want to print it as a gift for my dad.', ['background']],
    ['remove the glare of the sun Mods please remove if not allowed.', ['light-recovery']],
    ['remove the logo I added', ['remove-text']],
  ])('what happened, or words to the moderators, ask for nothing: %s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
    expect(sut(text).skipped).toEqual([]);
  });

  it('still reads a wish asked with "we" or in the passive', () => {
    expect(kinds('could we remove the dog')).toEqual(['remove-object']);
    expect(sut('can a hat be added').skipped).toHaveLength(1);
  });

  it('still mends a photo whose post only apologises for its quality', () => {
    expect(kinds('Sorry for the bad quality')).not.toEqual([]);
  });

  it('reads a title in Title Case as one wish, not a new sentence at each capital', () => {
    expect(sut('Remove The Trash Can From The Photo').steps).toHaveLength(1);
  });
});

describe('what people write after a wish, written as a new sentence without a stop', () => {
  it.each([
    ['darken the entire image Will share the result with my family.', ['brightness-']],
    ['Remove the glasses and the hand Is that doable?', ['remove-marked', 'remove-marked']],
    ['Remove the glasses and the hand 😍🙏', ['remove-marked', 'remove-marked']],
    ['[Specific] Clean up the lines from the lights (details in comments)', ['remove-marked']],
    ['Change picture to black and white Whoever does it best gets $20.', ['grayscale']],
    ['remove the people Upvotes for everyone who tries!', ['remove-object']],
    ['Brighten the whole photo Need it by Friday if possible.', ['brightness+']],
    ['change background ty!!', ['background']],
    ['zoom in Original file is in the comments.', ['crop']],
  ])('%s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('names a person called Will, and reads comments in the photo as things', () => {
    expect(sut('remove Will and Kate from the photo').steps).not.toEqual([]);
    expect(kinds('remove the comments from the screenshot')).not.toEqual([]);
  });

  it('asks for no touch-up when the wish itself cannot be done and the story around it says "best"', () => {
    expect(sut('My best friend took this at the lake. give the girl a pink hat').steps).toEqual([]);
    expect(kinds('crop it for my best friend')).toEqual(['crop']);
    expect(sut('give the girl a pink hat I have a second photo if that helps.').steps).toEqual([]);
    expect(kinds('can you help')).toEqual(['auto-levels', 'sharpen']);
  });
});
