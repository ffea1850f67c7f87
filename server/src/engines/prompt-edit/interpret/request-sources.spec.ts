import { describe, expect, it } from 'vitest';
import { interpretInstruction as sut } from '.';

/**
 * Requests as tools' issue trackers, help forums and editing datasets hear them: feature requests and bug
 * reports ("Add watermark remover", "Background removal leaves a white halo"), questions with their story
 * ("one person blinked, can I fix the eyes?"), and instructions that describe the thing at length ("the bicycle
 * leaning against the wall"): the steps each asks for.
 */
const kinds = (text: string) => sut(text).steps.map((s) => s.kind);

describe('an edit named as a tool or a feature is the edit', () => {
  it.each([
    ['Feature request: batch background removal for product photos', ['background']],
    ['Add watermark remover', ['remove-text']],
    ['Implement object eraser', ['remove-marked']],
    ['Add denoise option', ['denoise']],
    ['Support face enhancement for old photos', ['enhance-face']],
    ['Inpainting support for removing objects', ['remove-marked']],
    ['HDR effect', ['light-recovery']],
    ['Would be great if we could straighten crooked scans automatically', ['straighten']],
    ['How to increase resolution of a small logo image?', ['upscale']],
    ['Is there a way to remove noise from low light photos?', ['denoise']],
  ])('%s', (text, steps) => {
    expect(kinds(text)).toEqual(steps);
  });

  it('names what an eraser takes, and asks to be shown it when the tool names nothing', () => {
    expect(sut('object eraser').steps).toEqual([{ kind: 'remove-marked', thing: 'object' }]);
    expect(sut('Magic eraser feature').steps).toEqual([{ kind: 'remove-marked', thing: '' }]);
  });

  it('declines colourisation named as a noun with its own reason', () => {
    expect(sut('Colorization of old photos').skipped[0].reason).toMatch(/black and white photo/);
  });
});

describe('a bug report tells what is wrong', () => {
  it('reads a colour said of the fault as no backdrop', () => {
    expect(sut('Background removal leaves a white halo around hair').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'transparent' } },
    ]);
  });

  it('sharpens what is called blurry, and still blurs when asked', () => {
    expect(kinds('Enhancement: sharpen blurry faces in group photos')).toEqual(['sharpen']);
    expect(kinds('blurry faces')).toEqual(['sharpen']);
    expect(kinds('add a blurry effect')).toEqual(['blur']);
  });

  it('takes the backdrop wished for, not the one it replaces', () => {
    expect(sut('How do I make the background transparent instead of white?').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'transparent' } },
    ]);
    expect(sut('make the background white instead of black').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } },
    ]);
  });
});

describe('a verb that lowers a quantity named after it', () => {
  it.each([
    ['dim the contrast', 'contrast', -0.2],
    ['soften the contrast', 'contrast', -0.2],
    ['dim the colours', 'saturation', -0.2],
  ])('%s', (text, kind, amount) => {
    expect(sut(text).steps).toEqual([{ kind, amount }]);
  });

  it('smooths skin that is softened, and still blurs a photo that is', () => {
    expect(sut('soften her skin a bit').steps).toEqual([{ kind: 'enhance-face', smoothSkin: true }]);
    expect(kinds('soften the whole image')).toEqual(['blur']);
  });
});

describe('things listed before a removal said in the passive', () => {
  it.each([
    ["I'd like the trash can and the sign removed please.", ['trash can', 'sign']],
    ['the wires and the lamp post need to be removed', ['wires', 'lamp post']],
    ['I want the sign and the pole gone', ['sign', 'pole']],
  ])('%s', (text, things) => {
    expect(sut(text).steps).toEqual(things.map((thing) => ({ kind: 'remove-marked', thing })));
  });

  it('removes people and a car the detectors know, each', () => {
    expect(kinds('Can the people and the car be removed?')).toEqual(['remove-object', 'remove-object']);
  });

  it('removes a thing that has to go, and nothing from a photo that has to go somewhere', () => {
    expect(sut('the trash can needs to go').steps).toEqual([{ kind: 'remove-marked', thing: 'trash can' }]);
    expect(sut('that pole must go').steps).toEqual([{ kind: 'remove-marked', thing: 'pole' }]);
    expect(sut('the photo needs to go on my wall').steps).toEqual([]);
  });
});

describe('a question told with its story', () => {
  it('declines eyes that blinked, which only a generator could open', () => {
    const plan = sut('Shot a group photo and one person blinked. Can I fix the eyes?');
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0].reason).toMatch(/how people look/);
    expect(kinds('fix the red eyes')).toEqual(['red-eye']);
  });

  it.each([
    ['The whites in my product photos look grey. How do I make them pure white?', ['auto-levels']],
    ['My face looks greasy in this photo, can someone fix it?', ['light-recovery']],
    ['make it grainy', []],
    ['make it less grainy', ['denoise']],
    ['make the shadows deeper', ['contrast']],
    ['deepen the shadows', ['contrast']],
  ])('%s', (text, steps) => {
    expect(kinds(text)).toEqual(steps);
  });

  it('reads who put a mark there as telling, not as a wish to add one', () => {
    const plan = sut('How to remove the watermark my old camera put in the corner?');
    expect(plan.steps).toEqual([{ kind: 'remove-text', target: 'watermark' }]);
    expect(plan.skipped).toEqual([]);
    expect(sut('remove my dog add a cat').skipped).toHaveLength(1);
  });
});

describe('an instruction that describes its thing at length', () => {
  it.each([
    ['Extract the bicycle leaning against the wall.', ['background']],
    ['Get rid of the shadow cast by the tree on the ground.', ['remove-marked']],
    ['Remove the text overlay at the top of the image.', ['remove-text']],
    ['make it a close-up', ['crop']],
    ['the horizon is leaning', ['straighten']],
  ])('%s', (text, steps) => {
    expect(kinds(text)).toEqual(steps);
  });

  it('reads what a person is wearing or holding as telling them apart, not as a wish to dress them', () => {
    expect(sut('remove the woman wearing a hat on the left').steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'left' } },
    ]);
    expect(sut('remove the man wearing a red shirt').steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'wearing', colour: 'red' } },
    ]);
    expect(sut('make him wear a hat').skipped).toHaveLength(1);
    expect(sut('make the cat wearing a bow tie').skipped[0].reason).toMatch(/add or invent/);
  });

  it('crops away the room to spare on a side', () => {
    expect(sut('Crop out the empty space on the right side.').steps).toEqual([
      { kind: 'crop', edges: { right: 0.15 } },
    ]);
    expect(sut('remove the empty space on the left').steps).toEqual([
      { kind: 'crop', edges: { left: 0.15 } },
    ]);
  });

  it('balances the colour when white is the aim, and still recovers a sky that is white', () => {
    expect(kinds('Adjust the white balance so the snow looks white instead of blue.')).toEqual([
      'auto-white-balance',
    ]);
    expect(kinds('the sky is completely white')).toEqual(['light-recovery']);
  });

  it('ends the name of the thing to show on its last noun', () => {
    expect(sut('Remove the power cables running across the top of the picture.').steps).toEqual([
      { kind: 'remove-marked', thing: 'power cables running across the top' },
    ]);
  });

  it('picks one of several by what is said before "of"', () => {
    expect(sut('Remove the smaller of the two dogs.').steps).toEqual([
      { kind: 'remove-object', label: 'dog', select: { which: 'smallest' } },
    ]);
  });
});

describe('a wish said with a direction, or for something better', () => {
  it.each([
    ['turn the brightness up', 'brightness', 0.2],
    ['turn the brightness down', 'brightness', -0.2],
    ['tone down brightness', 'brightness', -0.2],
  ])('%s', (text, kind, amount) => {
    expect(sut(text).steps).toEqual([{ kind, amount }]);
  });

  it('whitens teeth asked to look better, and retouches eyes that look tired', () => {
    expect(kinds('can you make my teeth look better')).toEqual(['whiten-teeth']);
    expect(sut('can you make my eyes look less tired').steps).toEqual([
      { kind: 'enhance-face', smoothSkin: true },
    ]);
  });
});

describe('a post with a greeting, a story and several wishes', () => {
  it('removes the one named once, however it is pointed at again, and softens harsh light', () => {
    const post =
      "Hey guys, my wife and I got engaged last weekend! There's a random guy in the background on the right, " +
      'and the lighting is really harsh. Would love it if you could remove him and soften the light. Will tip $10!';
    expect(sut(post).steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'right' } },
      { kind: 'contrast', amount: -0.2 },
    ]);
  });

  it('removes no one else for the people the writer wants kept', () => {
    expect(kinds('Can someone remove my ex from this pic? Just want a photo of me and my friends.')).toEqual([
      'remove-object',
    ]);
  });

  it('tells what someone is doing in the photo without asking to change it', () => {
    const plan = sut("Please make it look better? It's the only one we have of him smiling. It's blurry.");
    expect(plan.steps.map((s) => s.kind)).toEqual(['sharpen']);
    expect(plan.skipped).toEqual([]);
  });

  it('takes the use told beside other wishes for context, and alone for a headshot', () => {
    const post =
      'Is it possible to remove the reflection on my glasses and whiten my teeth a little? This is for my LinkedIn.';
    expect(kinds(post)).toEqual(['remove-marked', 'whiten-teeth']);
    expect(kinds('This is for my LinkedIn.')).toEqual(['headshot']);
  });

  it('asks to be shown trash bags, which no detector tells from handbags', () => {
    expect(sut('Can someone edit out the trash bags behind us?').steps).toEqual([
      { kind: 'remove-marked', thing: 'trash bags behind us' },
    ]);
  });
});

describe('a question asked of the tool, with what must be kept', () => {
  it.each([
    ['How to remove background from an image while preserving hair details?', ['background']],
    ['Remove background and replace with transparent', ['background']],
    ['Remove scratches and dust from scanned film', ['remove-marked', 'remove-marked']],
  ])('%s', (text, steps) => {
    const plan = sut(text);
    expect(plan.steps.map((s) => s.kind)).toEqual(steps);
    expect(plan.skipped).toEqual([]);
  });

  it('ends the thing to hide before how it should be done', () => {
    expect(sut('Blur license plates automatically').steps).toEqual([
      { kind: 'blur', amount: 1, region: { marked: 'license plates' } },
    ]);
  });
});

describe('a request typed fast, in chat spelling', () => {
  it.each([
    ['can u pls remove the guy on the rite side', { which: 'right' }],
    ['get rid of the ppl in the back', { which: 'background' }],
    ['i want my cousin out of this picture', { which: 'default' }],
  ])('%s', (text, select) => {
    expect(sut(text).steps).toEqual([
      expect.objectContaining({ kind: 'remove-object', label: 'person', select }),
    ]);
  });

  it.each([
    ['need the watermark gone asap', ['remove-text']],
    ['anyone able to make me not look so shiny', ['light-recovery']],
  ])('%s', (text, steps) => {
    expect(kinds(text)).toEqual(steps);
  });

  it('reads "n" between words as "and", and a comparative after it as a wish of its own', () => {
    expect(sut('make the pic less yellow n brighter')).toEqual({
      steps: [
        { kind: 'auto-white-balance', cast: 'yellow' },
        { kind: 'brightness', amount: 0.2 },
      ],
      skipped: [],
    });
    expect(kinds('Make the whole image clearer and brighter')).toEqual(['clarify', 'brightness']);
  });
});

describe('a "how do I" question from a photography forum', () => {
  it('asks for what "how do I" asks, and reads a mirror in the scene as no flip', () => {
    expect(sut("How do I remove a person's reflection from a mirror?").steps).toEqual([
      { kind: 'remove-marked', thing: "person's reflection" },
    ]);
    expect(kinds('the man in the mirror is blurry')).toEqual(['sharpen']);
    expect(kinds('make a mirror image')).toEqual(['flip']);
  });

  it('sharpens eyes the focus missed, and still fixes red ones', () => {
    expect(kinds('Is there a way to fix a photo where the focus missed the eyes?')).toEqual(['sharpen']);
    expect(kinds('fix the red eyes')).toEqual(['red-eye']);
  });
});

describe('a look said the way an editing dataset says it', () => {
  it.each([
    ['Make the lighting softer.', 'contrast', -0.2],
    ['Make the whole image look faded and old.', 'saturation', -0.2],
    ['it looks faded', 'saturation', 0.2],
    ['Bring out the colors of the flowers.', 'saturation', 0.2],
    ['Remove the haze from the landscape.', 'contrast', 0.2],
  ])('%s', (text, kind, amount) => {
    expect(sut(text).steps).toEqual([{ kind, amount }]);
  });

  it("gives an old photo's look as a sepia tone, and still declines an old painting's", () => {
    expect(kinds('make it look like an old photograph')).toEqual(['sepia']);
    expect(sut('make it look like an old painting').skipped[0].reason).toMatch(/another style/);
  });

  it('opens the shadows named by where they are', () => {
    expect(kinds('Enhance the details in the dark areas.')).toEqual(['light-recovery']);
    expect(kinds('make the dark areas darker')).toEqual(['brightness']);
  });
});

describe('a post from a hard day, quoted as people wrote it', () => {
  it('removes a plaster cast, which is no colour cast', () => {
    expect(sut("Please remove the cast on my arm, it's my wedding photo!").steps).toEqual([
      { kind: 'remove-marked', thing: 'cast on my arm' },
    ]);
    expect(sut('the photo has a yellow cast').steps).toEqual([
      { kind: 'auto-white-balance', cast: 'yellow' },
    ]);
  });

  it('reads the photo told of after a list of removals as no further thing to remove', () => {
    const post =
      'Could someone remove the stroller in the background and the lady on the right? Our first family photo!';
    expect(kinds(post)).toEqual(['remove-marked', 'remove-object']);
    expect(kinds('Could someone remove the white text and the emoji from this image?')).toEqual([
      'remove-text',
      'remove-marked',
    ]);
  });
});

describe('a size said as a share or a screen', () => {
  it.each([
    ['resize to 50%', 0.5],
    ['scale it to 25 percent', 0.25],
  ])('%s', (text, factor) => {
    expect(sut(text).steps).toEqual([{ kind: 'resize', factor }]);
  });

  it('fits a phone background', () => {
    expect(sut('can you make this fit my iPhone background').steps).toEqual([
      expect.objectContaining({ kind: 'crop', label: 'a phone wallpaper' }),
    ]);
  });
});

describe('a change said with "less" or with the tone named', () => {
  it.each([
    ["change the photo so it's less dark", 'brightness', 0.2],
    ['adjust the tone to be warmer', 'warmth', 0.2],
    ['tone down the contrast', 'contrast', -0.2],
  ])('%s', (text, kind, amount) => {
    expect(sut(text).steps).toEqual([{ kind, amount }]);
  });
});

describe('what is wrong, told without a wish', () => {
  it('softens a distracting background rather than cutting it away', () => {
    expect(sut('The background is too distracting.').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'blur' } },
    ]);
    expect(kinds('the sign is distracting')).toEqual(['remove-marked']);
  });

  it('reads a painting or a pencil named as a thing as no style', () => {
    expect(sut("There's a big reflection on the glass over the painting.").skipped[0].reason).not.toMatch(
      /another style/,
    );
    expect(kinds('remove the stains and the pencil marks from the picture')).toEqual([
      'remove-marked',
      'remove-marked',
    ]);
    expect(sut('Use the sketch filter').skipped[0].reason).toMatch(/another style/);
    expect(sut('make it a painting').skipped[0].reason).toMatch(/another style/);
  });

  it('takes a thing the frame cut off for no wish to cut it out', () => {
    expect(sut('Half of my face is cut off.').steps).toEqual([]);
    expect(kinds('half of the dog is cut off')).toEqual([]);
    expect(kinds('he needs to be cut out')).toEqual(['remove-marked']);
  });
});

describe('a headshot with its size, and a blur put on faces', () => {
  it('makes the headshot at the size said with it', () => {
    const post =
      'I need this photo resized to 600x600 for a passport application, with a white background. Can anyone help?';
    expect(sut(post).steps).toEqual([
      { kind: 'headshot' },
      { kind: 'resize', width: 600, height: 600 },
      { kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } },
    ]);
    expect(sut('make me a passport photo').steps).toEqual([{ kind: 'headshot' }]);
  });

  it('hides the faces a blur is put on, and still blurs a background it is added to', () => {
    expect(sut('put a blur on the faces').steps).toEqual([
      { kind: 'blur', amount: 1, region: { faces: 'all' } },
    ]);
    expect(kinds('add a blur to the background')).toEqual(['background']);
  });
});
