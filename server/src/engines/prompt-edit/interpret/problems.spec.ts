import { describe, expect, it } from 'vitest';
import type { EditStep } from '../edit-plan';
import { describeStep, interpretInstruction as sut, previewStep } from '.';

/** Requests said the way people post them: a problem, a use, a thing no detector knows, a part of a face. */
const CASES: [string, EditStep[]][] = [
  // blur and quality
  ['Fix the blurriness', [{ kind: 'clarify' }]],
  ['make it clearer', [{ kind: 'clarify' }]],
  ['this is bad quality, can it be improved', [{ kind: 'clarify' }]],
  ['restore this old photo of my grandparents please', [{ kind: 'auto-levels' }, { kind: 'clarify' }]],
  // light and colour said as a problem
  ['less fluorescent lighting', [{ kind: 'auto-white-balance', cast: 'green' }]],
  ['correct the overexposure and the shadows', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0.5 }]],
  ['get rid of the yellow on her skin', [{ kind: 'auto-white-balance', cast: 'yellow' }]],
  ['my skin looks purple', [{ kind: 'auto-white-balance', cast: 'magenta' }]],
  ["Can't get rid of this cast, can someone help?", [{ kind: 'auto-white-balance' }]],
  ['there is a shadow across their faces', [{ kind: 'light-recovery', highlights: 0, shadows: 0.5 }]],
  ['remove the glare on her face', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0 }]],
  ['make it perfect to post', [{ kind: 'auto-levels' }, { kind: 'sharpen', amount: 0.1 }]],
  ['make it look natural', [{ kind: 'auto-levels' }, { kind: 'auto-white-balance' }]],
  ['add a subtle vignette', [{ kind: 'vignette', amount: 0.5 }]],
  // a part hidden for privacy
  ['pixelate his face', [{ kind: 'blur', amount: 1, region: { faces: 'main' } }]],
  ['Can you add a way to blur faces for privacy?', [{ kind: 'blur', amount: 1, region: { faces: 'all' } }]],
  ["blur everyone's faces except mine", [{ kind: 'blur', amount: 1, region: { faces: 'background' } }]],
  ['blur my license plate', [{ kind: 'blur', amount: 1, region: { marked: 'my license plate' } }]],
  ['blur the background', [{ kind: 'background', backdrop: { kind: 'blur' } }]],
  ['Blur everything around the girl', [{ kind: 'background', backdrop: { kind: 'blur' } }]],
  ['blur it a little', [{ kind: 'blur', amount: 0.1 }]],
  ['darken the corners', [{ kind: 'vignette', amount: 0.5 }]],
  ['the corners are too dark', [{ kind: 'vignette', amount: -0.5 }]],
  ['remove the vignetting', [{ kind: 'vignette', amount: -0.5 }]],
  ['lighten the left side', [{ kind: 'brightness', amount: 0.2 }]],
  [
    'desaturate everything except the red umbrella',
    [{ kind: 'selective-colour', keep: { label: 'umbrella', select: { which: 'default' } } }],
  ],
  ['I have a pimple on my chin, can you remove it', [{ kind: 'enhance-face', smoothSkin: true }]],
  [
    'my baby has a scratch on her cheek, can it be removed?',
    [{ kind: 'remove-marked', thing: 'scratch on her cheek' }],
  ],
  [
    'remove the chair next to the table',
    [{ kind: 'remove-object', label: 'chair', select: { which: 'default' } }],
  ],
  ['add natural coloring', [{ kind: 'auto-white-balance' }]],
  ['add auto levels', [{ kind: 'auto-levels' }]],
  ['remove the blemishes in this photo', [{ kind: 'enhance-face', smoothSkin: true }]],
  // size and shape for a use
  [
    'Make it a 1920x1080 wallpaper',
    [
      {
        kind: 'crop',
        aspect: { width: 16, height: 9 },
        size: { width: 1920, height: 1080 },
        label: 'a 1920 x 1080 desktop wallpaper',
      },
    ],
  ],
  ['resize to 2560 x 1440', [{ kind: 'resize', width: 2560, height: 1440 }]],
  ['resize to 2560 by 1440 pixels', [{ kind: 'resize', width: 2560, height: 1440 }]],
  [
    'crop it for a 3x5 print',
    [{ kind: 'crop', aspect: { width: 3, height: 5 }, anyOrientation: true, label: 'a 3x5 print' }],
  ],
  ['crop to A4', [{ kind: 'crop', aspect: { width: 210, height: 297 }, anyOrientation: true, label: 'A4' }]],
  ['crop it 16 by 9', [{ kind: 'crop', aspect: { width: 16, height: 9 } }]],
  [
    'scale it for a phone wallpaper',
    [
      {
        kind: 'crop',
        aspect: { width: 195, height: 422 },
        size: { width: 1170, height: 2532 },
        label: 'a phone wallpaper',
      },
    ],
  ],
  ['the width is 600, make it 1200', [{ kind: 'resize', width: 1200 }]],
  [
    'cut the dog out and put it on white',
    [{ kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } }],
  ],
  ['give it more contrast but keep the skin natural', [{ kind: 'contrast', amount: 0.2 }]],
  ['make the sky less hazy', [{ kind: 'contrast', amount: 0.2 }]],
  ['make me look more awake', [{ kind: 'enhance-face', smoothSkin: true }]],
  ['Whenever I take pics of my kids indoors they come out yellow. Help!', [{ kind: 'warmth', amount: -0.2 }]],
  [
    'I need to enlarge this to print at 16x20 without it looking pixelated',
    [
      { kind: 'upscale', scale: 2 },
      { kind: 'crop', aspect: { width: 16, height: 20 } },
    ],
  ],
  [
    'take the man standing on the left out',
    [{ kind: 'remove-object', label: 'person', select: { which: 'left' } }],
  ],
  ['level this photo', [{ kind: 'straighten' }]],
  ['the horizon is crooked', [{ kind: 'straighten' }]],
  ['centre and crop', [{ kind: 'crop' }]],
  ['zoom in on the plant', [{ kind: 'crop' }]],
  // a crop by the photo's sides
  ['crop out the bottom third', [{ kind: 'crop', edges: { bottom: 1 / 3 } }]],
  ['Crop out the top and bottom of this image', [{ kind: 'crop', edges: { top: 0.15, bottom: 0.15 } }]],
  ['crop the top off', [{ kind: 'crop', edges: { top: 0.15 } }]],
  ['trim the bottom a bit', [{ kind: 'crop', edges: { bottom: 0.08 } }]],
  ['crop 10% off the left side', [{ kind: 'crop', edges: { left: 0.1 } }]],
  ['remove the bottom third of the photo', [{ kind: 'crop', edges: { bottom: 1 / 3 } }]],
  ['crop the sides', [{ kind: 'crop', edges: { left: 0.15, right: 0.15 } }]],
  ['crop to the left half', [{ kind: 'crop', edges: { right: 0.5 } }]],
  ['Crop this photo about right here', [{ kind: 'crop' }]],
  ['crop out the top for my grandma', [{ kind: 'crop', edges: { top: 0.15 } }]],
  [
    'Crop out the top and bottom of this image x-post from r/photoshop',
    [{ kind: 'crop', edges: { top: 0.15, bottom: 0.15 } }],
  ],
  [
    'Crop out the top and bottom of this image. Happy anniversary to us',
    [{ kind: 'crop', edges: { top: 0.15, bottom: 0.15 } }],
  ],
  ['Crop the  picture from the bottom', [{ kind: 'crop', edges: { bottom: 0.15 } }]],
  // removals the detectors have no class for: the person shows the thing
  [
    'remove the RV',
    [
      {
        kind: 'remove-object',
        label: 'truck',
        select: { which: 'default' },
        also: ['car', 'bus'],
        name: 'RV',
      },
    ],
  ],
  ['remove the card in front of her face', [{ kind: 'remove-marked', thing: 'card in front of her face' }]],
  ['remove the strand of hair', [{ kind: 'remove-marked', thing: 'strand of hair' }]],
  [
    "remove my ex from this photo, he's on the right",
    [{ kind: 'remove-object', label: 'person', select: { which: 'right' }, name: 'ex' }],
  ],
  [
    "remove the dog, it's the one in the middle",
    [{ kind: 'remove-object', label: 'dog', select: { which: 'center' } }],
  ],
  [
    'remove the guy in green',
    [{ kind: 'remove-object', label: 'person', select: { which: 'wearing', colour: 'green' } }],
  ],
  ['remove the woman holding the phone', [{ kind: 'remove-marked', thing: 'woman holding the phone' }]],
  ['remove my younger self', [{ kind: 'remove-marked', thing: 'my younger self' }]],
  ['remove the reflection in her glasses', [{ kind: 'remove-marked', thing: 'reflection in her glasses' }]],
  ['remove the light poles from the background', [{ kind: 'remove-marked', thing: 'light poles' }]],
  ['remove the lady on the left', [{ kind: 'remove-object', label: 'person', select: { which: 'left' } }]],
  [
    'remove the people in the background',
    [{ kind: 'remove-object', label: 'person', select: { which: 'background' } }],
  ],
  ['remove everyone but me', [{ kind: 'remove-object', label: 'person', select: { which: 'background' } }]],
  ['remove the G from the image', [{ kind: 'remove-text', target: 'text' }]],
  // faces
  ['fix the red eye', [{ kind: 'red-eye' }]],
  ['her eyes are glowing from the flash', [{ kind: 'red-eye' }]],
  ['fix the eyes', [{ kind: 'red-eye' }]],
  // red in the whites (veins, crying, allergy) is no red pupil
  ['fix my bloodshot eyes', [{ kind: 'clear-eye-whites', amount: 1 }]],
  ['the whites of my eyes are red', [{ kind: 'clear-eye-whites', amount: 1 }]],
  ["make my eyes less red, I'd been crying", [{ kind: 'clear-eye-whites', amount: 1 }]],
  ['fix the red eye from the flash, she was so tired', [{ kind: 'red-eye' }]],
  ['he got sunburned, can you fix the redness', [{ kind: 'reduce-redness', amount: 0.5 }]],
  ['whiten my teeth', [{ kind: 'whiten-teeth', amount: 0.5 }]],
  ['make my eyes brighter', [{ kind: 'brighten-eyes', amount: 0.6 }]],
  ['make her eyes pop', [{ kind: 'brighten-eyes', amount: 0.6 }]],
  ['enhance her eyes a little', [{ kind: 'brighten-eyes', amount: 0.3 }]],
  ['Take out the brightness in the cats eyes', [{ kind: 'red-eye' }]],
  ['the eyes are too bright from the flash', [{ kind: 'red-eye' }]],
  ['Make every area black and white but the eyes', [{ kind: 'selective-colour', keep: { part: 'eyes' } }]],
  [
    'Make the picture black  white except for the eyes',
    [{ kind: 'selective-colour', keep: { part: 'eyes' } }],
  ],
  ['tidy the eyebrows', [{ kind: 'remove-marked', thing: 'the stray hairs' }]],
  // selective colour
  ['Everything black and white except her eyes', [{ kind: 'selective-colour', keep: { part: 'eyes' } }]],
  ['make it black and white but keep the red', [{ kind: 'selective-colour', keep: { hue: 'red' } }]],
  [
    'black and white except the car',
    [{ kind: 'selective-colour', keep: { label: 'car', select: { which: 'default' } } }],
  ],
  // the words come from WordNet: synonyms of the grammar's words, and real words never taken for typos
  ['the photo is gloomy', [{ kind: 'brightness', amount: 0.2 }]],
];

/** Still refused: wishes only a generator could make, each with what can be done instead. */
const REFUSED = [
  'the image is 640x480',
  'add a natural looking beard',
  'change the color of the blue cloth to green',
  'combine these two pictures so we are together',
  'show him on a frozen lake with mountains behind',
  'remove his beard',
  'make her breasts larger',
];

describe('requests said as problems, uses and pointers', () => {
  it.each(CASES)('%s', (instruction, steps) => {
    const plan = sut(instruction);
    expect(plan.steps).toEqual(steps);
    expect(plan.skipped).toEqual([]);
  });

  it.each(REFUSED)('refuses "%s" and says what it can do', (instruction) => {
    const plan = sut(instruction);
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0].reason).toMatch(/I can fix light/);
  });

  it("doesn't act on what it is told not to do", () => {
    expect(sut("don't crop it, just straighten it").steps).toEqual([{ kind: 'straighten' }]);
  });

  it('asks the person to show the thing to hide', () => {
    const [plate] = sut('blur my license plate').steps;
    expect(previewStep(plate)).toBe('blur "my license plate": tap or paint it on the photo');
    expect(describeStep(plate)).toBe('Blurred "my license plate"');
  });

  it('says which strips a crop by the sides cuts', () => {
    const [thirds] = sut('cut off the top and bottom third').steps;
    expect(previewStep(thirds)).toBe('crop: cut the top and bottom third off');
    const [percent] = sut('crop 10% off the left').steps;
    expect(describeStep(percent)).toBe('Cut 10 % off the left');
  });

  it('asks the person to show what it cannot find', () => {
    const [step] = sut('please remove the RV sticker').steps;
    expect(step).toEqual({ kind: 'remove-marked', thing: 'RV sticker' });
    expect(previewStep(step)).toBe('remove "RV sticker": tap or paint it on the photo');
    expect(describeStep(step)).toBe('Removed "RV sticker"');
  });

  it('reads a messy post with several wishes', () => {
    const plan = sut(
      "Hi all! This is my late grandpa's photo, it's really blurry and the colours are yellow. Could someone fix it, remove the guy in green behind him and crop it for a 5x7 frame? Will tip, thanks!!",
    );
    expect(plan.steps.map((s) => s.kind)).toEqual(['sharpen', 'auto-white-balance', 'remove-object', 'crop']);
  });
});
