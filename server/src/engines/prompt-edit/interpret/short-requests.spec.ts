import { describe, expect, it } from 'vitest';
import { CANNOT } from './reasons';
import { describeStep, interpretInstruction as sut } from '.';

/**
 * Requests written short, as people write them for someone else to edit ("CROP PICTURE", "darken skin tone"):
 * the step that does each, or the refusal that names it.
 */
describe('short requests', () => {
  it.each([
    ['CROP PICTURE', 'crop'],
    ['edit out the text', 'remove-text'],
    ['photoshop the words out', 'remove-text'],
    ['crop the image, whoever does it best gets $20', 'crop'],
    ['crop the photo with a black border', 'crop'],
    ['increase the intensity of the entire picture', 'saturation'],
    ['Make the background less yellow', 'auto-white-balance'],
    ['the background is too blue', 'auto-white-balance'],
    ['Add a blue filter to the image', 'warmth'],
    ['Make womens face visible', 'light-recovery'],
    ['remove the sharpness', 'blur'],
    ['make the background grayscale', 'selective-colour'],
    ['Add more yellownes to the entire image', 'warmth'],
    ['Add more yellowness to the image', 'warmth'],
    ['add more drama', 'contrast'],
    ['make it more dramatic', 'contrast'],
    ['liven it up', 'saturation'],
    ['add some zing', 'saturation'],
    ['make the photo colorful', 'saturation'],
    ['Over saturate the color in the image', 'saturation'],
    ['add a slight blur to the background', 'background'],
    ['Remove the letter "G. Original file is in the comments', 'remove-text'],
    ["Clean up the old lady's face", 'enhance-face'],
    ['darken the entire picture especially the shadows', 'brightness'],
    ['Remove hair by her nose', 'remove-marked'],
    ['Crop out the top and bottom of this image', 'crop'],
    ['remove the facial blemishes from this image', 'enhance-face'],
    ['Decrease temperature of image', 'warmth'],
    ['Remove the background portion of the picture', 'background'],
    ['Shorten picture', 'crop'],
    ['Remove this circle', 'remove-marked'],
    ['sharpen focus of background', 'sharpen'],
    ['remove the brightness', 'brightness'],
    ['change lighting on photo', 'auto-levels'],
    ['Remove the eye bags and acnes', 'enhance-face'],
    ["Remove the hair ends from the girl's shoulder", 'remove-marked'],
    ["Remove the blurry part above the girl's head", 'remove-marked'],
    ['Remove the yellowness from the image', 'auto-white-balance'],
    ['Blur everything around the girl', 'background'],
    ['Remove the black area outside of logo', 'background'],
    ['remove the sunshine', 'light-recovery'],
    ['color everything black and white instead of the bird', 'selective-colour'],
    ['change the light to yellow', 'warmth'],
    ['color correct the photo', 'auto-white-balance'],
    ['chane the image background', 'background'],
    ['make the area around the girl blue', 'background'],
    ["remove boy's imperfections from his face", 'enhance-face'],
    ['remove the sign "space"', 'remove-text'],
  ])('"%s" plans %s', (request, kind) => {
    expect(sut(request).steps.map((s) => s.kind)).toEqual([kind]);
  });

  it('keeps a backdrop colour a backdrop, and a cast told of a cast', () => {
    expect(sut('make the background blue').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#1e64c8' } },
    ]);
    expect(sut('the photo has a blue tint').steps).toEqual([{ kind: 'auto-white-balance', cast: 'blue' }]);
  });

  it('reads a filter of a cool colour as cooler and of a warm one as warmer', () => {
    const [cool] = sut('na Apply a color filter with blue and green').steps;
    const [warm] = sut('put an orange tint over it').steps;
    expect(cool.kind === 'warmth' && cool.amount < 0).toBe(true);
    expect(warm.kind === 'warmth' && warm.amount > 0).toBe(true);
    expect(sut('Add red color to the image').steps[0]).toMatchObject({ kind: 'warmth' });
  });

  it('reads paint on a thing as a thing to remove, and still reads a wish to paint as one', () => {
    expect(sut('remove the spray paint')).toEqual({
      steps: [{ kind: 'remove-marked', thing: 'spray paint' }],
      skipped: [],
    });
    expect(sut('remove the paint on the wall').skipped).toEqual([]);
    const two = sut('remove the man paint the wall');
    expect(two.steps.map((s) => s.kind)).toEqual(['remove-object']);
    expect(two.skipped.map((s) => s.text)).toEqual(['paint the wall']);
  });

  it('reads two words run together as the two, and leaves English words and names whole', () => {
    expect(sut('Can you change the photo to black and whiteyea').steps).toEqual([{ kind: 'grayscale' }]);
    expect(sut('removethe man').steps.map((s) => s.kind)).toEqual(['remove-object']);
    expect(sut('make it brighterplease').steps.map((s) => s.kind)).toEqual(['brightness']);
    expect(sut('remove the textbox').steps).toEqual([{ kind: 'remove-text', target: 'text' }]);
    // "everything" is no "every thing", and an unknown name is not cut into syllables
    expect(sut('Blur everything around the girl').steps.map((s) => s.kind)).toEqual(['background']);
    expect(sut('make Kaylanna brighter').steps.map((s) => s.kind)).toEqual(['brightness']);
    // and two wishes joined by "&" without spaces, where "b&w" stays one
    expect(sut('make it brighter&remove the dog').steps.map((s) => s.kind)).toEqual([
      'brightness',
      'remove-object',
    ]);
    expect(sut('make it b&w').steps).toEqual([{ kind: 'grayscale' }]);
  });

  it('takes "the background boat" for a boat, not for the backdrop', () => {
    const steps = sut('take back ground boat out').steps;
    expect(steps).toEqual([{ kind: 'remove-object', label: 'boat', select: { which: 'default' } }]);
  });

  it('keeps the subject in colour where the background goes grey, and says so', () => {
    const [step] = sut('make the background black and white').steps;
    expect(step).toEqual({ kind: 'selective-colour', keep: { subject: true } });
    expect(describeStep(step)).toBe('Made it black and white except the subject');
  });

  it.each([
    ['stomach should be bigger', CANNOT.body],
    ['Widen her bra size', CANNOT.body],
    ['stretch neck', CANNOT.body],
    ['darken skin tone', CANNOT.body],
    ['turn the dogs head to the side', CANNOT.body],
    ['make eyes glowing', CANNOT.body],
    ['overlay a heart shape thats red colored', CANNOT.generate],
    ['write together strong across the top', CANNOT.generate],
    ['photoshop people into a scenic view', CANNOT.generate],
    // an amount of a thing to put in, not of a quality ("add more yellowness" is a warmth)
    ['Add some graffiti in the wall', CANNOT.generate],
    ['Add some headphones to this guy', CANNOT.generate],
    ['add an extra finger', CANNOT.generate],
    // describing words of a thing to add tell of that thing, not of the photo
    ['add a dramatic sunset', CANNOT.generate],
    ['add a bright moon', CANNOT.generate],
    // colour asked of the whole photo is a colourisation ("make the photo colorful" is more saturated)
    ['make the photo colored', CANNOT.colorize],
    ['color this photo please', CANNOT.colorize],
    ['add color to this black and white photo', CANNOT.colorize],
    ['Add colorful flowers', CANNOT.generate],
    ['Replace blue with red color', CANNOT.recolour],
    ['Make the door and fender blue', CANNOT.recolour],
    ['Turn hair and beard yellow', CANNOT.recolour],
    ['Resize the dog', CANNOT.oneThing],
    ['straighten up the blanket in the background', CANNOT.generate],
    ['edit text on sign', CANNOT.generate],
    ['edit the text so it stands out', CANNOT.generate],
    ['change background to swirl', CANNOT.backgroundScene],
    ['Add world background', CANNOT.backgroundScene],
    ["Remove the girl's ponytail", CANNOT.body],
    ['Significantly increase size of the moon', CANNOT.oneThing],
    ['modify his head', CANNOT.body],
    ['Flip the man', CANNOT.generate],
    ['Change the pink color into the space and stars', CANNOT.recolour],
    ['color the wheels orange', CANNOT.recolour],
    ['rotate the car', CANNOT.generate],
    ['remove the pupils from the eyes', CANNOT.body],
    ['add the "c" as the first letter', CANNOT.generate],
  ])('declines "%s" with the reason', (request, reason) => {
    const plan = sut(request);
    expect(plan.steps).toEqual([]);
    expect(plan.skipped.map((s) => s.reason)).toContain(reason);
  });

  it('plans the cut-out and declines the new scene of "remove background and add greenery behind the couple"', () => {
    const plan = sut('remove background and add picture of greenery behind couple');
    expect(plan.steps.map((s) => s.kind)).toEqual(['background']);
    expect(plan.skipped.map((s) => s.reason)).toEqual([CANNOT.backgroundScene]);
  });

  it('reads words in quotes as the writing wanted, not as wishes, unless one word is said with a wink', () => {
    expect(sut('change the text to "make it brighter"').steps).toEqual([]);
    expect(sut('add the "gimme head till i\'m dead" under the text').steps).toEqual([]);
    expect(sut('remove the "EL NUEVO VENGADOR" text').steps.map((s) => s.kind)).toEqual(['remove-text']);
    expect(sut('make it "pop"').steps.map((s) => s.kind)).toEqual(['saturation']);
  });

  it('crops to the shape said after "to": "from portrait to landscape"', () => {
    expect(sut('Change the photo from portrait to landscape').steps).toEqual([
      { kind: 'crop', aspect: { width: 3, height: 2 } },
    ]);
  });

  it('still fixes eyes that glow from the flash, and lightens a face, not a body', () => {
    expect(sut('her eyes are glowing from the flash').steps).toEqual([{ kind: 'red-eye' }]);
    expect(sut('crop so her face is visible').steps.map((s) => s.kind)).toEqual(['crop']);
    expect(sut('make the photo bigger').steps.map((s) => s.kind)).toEqual(['upscale']);
    expect(sut('straighten the horizon').steps).toEqual([{ kind: 'straighten' }]);
    expect(sut('remove the dark circles under her eyes').steps.map((s) => s.kind)).toEqual(['enhance-face']);
    expect(sut('the faces are too dark').steps.map((s) => s.kind)).toEqual(['light-recovery']);
    expect(sut('remove the bag').steps.map((s) => s.kind)).toEqual(['remove-object']);
    expect(sut('flip the image').steps.map((s) => s.kind)).toEqual(['flip']);
  });
});

/** Requests as annotators and posters write them: lists without stops, particles after the thing, comparatives. */
describe('lists, particles and comparatives', () => {
  it.each([
    ['whiten the background', 'background'],
    ['lighten up the faces of the kids', 'light-recovery'],
    ['lighten the entirety of the picture', 'brightness'],
    ['adjust the lightness', 'brightness'],
    ['use more megapixels', 'upscale'],
    ['blow it up', 'upscale'],
    ['run an auto adjustment on it', 'auto-levels'],
    ['make it yellower', 'warmth'],
    ['crop the outer area of the photo', 'crop'],
    ['remove some of the brown from the picture', 'auto-white-balance'],
  ])('"%s" plans %s', (request, kind) => {
    expect(sut(request).steps.map((s) => s.kind)).toEqual([kind]);
  });

  it('reads the colour a verb makes and the hue a cast is changed to', () => {
    expect(sut('whiten the background').steps).toEqual([
      { kind: 'background', backdrop: { kind: 'color', color: '#ffffff' } },
    ]);
    const cooler = sut('change the colour cast from orange to blue').steps;
    expect(cooler.map((s) => s.kind)).toEqual(['warmth']);
    expect(cooler[0]).toMatchObject({ amount: expect.any(Number) });
    expect((cooler[0] as { amount: number }).amount).toBeLessThan(0);
    expect(sut('change the colour cast').steps.map((s) => s.kind)).toEqual(['auto-white-balance']);
  });

  it('splits wishes listed without stops, and "take ... and ... out" into two removals', () => {
    const kinds = (request: string) => sut(request).steps.map((s) => s.kind);
    expect(kinds('take the man and the dog out')).toEqual(['remove-object', 'remove-object']);
    expect(kinds('shrink the picture change the background to white')).toEqual(['resize', 'background']);
    expect(kinds('Remove the tattoo Bring down the exposure')).toEqual(['remove-marked', 'brightness']);
    expect(kinds('decrease size of picture Sharpen photo')).toEqual(['resize', 'sharpen']);
    expect(kinds('make it black and white clean up the fold lines')).toEqual(['grayscale', 'remove-marked']);
    expect(kinds('remove this water damage increase color saturation')).toEqual([
      'remove-marked',
      'saturation',
    ]);
    // a filter said after a removed background tints the photo; it is no colour for the backdrop
    expect(sut('remove the background and replace with white add a red toned filter').steps[0]).toEqual({
      kind: 'background',
      backdrop: { kind: 'color', color: '#ffffff' },
    });
  });

  it('still declines a colour, a size or a shape asked of one thing', () => {
    expect(sut('make the water bluer').steps).toEqual([]);
    expect(sut('make the car redder').skipped.map((s) => s.reason)).toEqual([CANNOT.recolour]);
    expect(sut('blow up the star').steps).toEqual([]);
    expect(sut('make the hairstyle straight').steps).toEqual([]);
    expect(sut('make her larger').steps).toEqual([]);
    expect(sut('edit this girl into a forest').skipped.map((s) => s.reason)).toEqual([CANNOT.generate]);
  });

  it('removes so many people from a side, or all of those on it', () => {
    expect(sut('remove the two people on the left').steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'left', several: 2 } },
    ]);
    expect(sut('remove the people on the right').steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'right', several: 'half' } },
    ]);
    expect(describeStep(sut('remove both men on the left').steps[0])).toBe(
      'Removed the two people on the left',
    );
    expect(sut('remove the person on the left').steps).toEqual([
      { kind: 'remove-object', label: 'person', select: { which: 'left' } },
    ]);
  });

  it('declines red eyes or another skin shade asked for, and still fixes red eyes and dark skin in the photo', () => {
    expect(sut('make its eyes red').steps).toEqual([]);
    expect(sut('make his skin darker').skipped.map((s) => s.reason)).toEqual([CANNOT.body]);
    expect(sut('make her skin a shade lighter').steps).toEqual([]);
    expect(sut('change the skin tone of the girl').skipped.map((s) => s.reason)).toEqual([CANNOT.body]);
    expect(sut('change the skin tone to look natural').steps.map((s) => s.kind)).toEqual(['enhance-face']);
    expect(sut('turn her skin purple').skipped.map((s) => s.reason)).toEqual([CANNOT.body]);
    expect(sut('make her skin less purple').steps.map((s) => s.kind)).toEqual(['auto-white-balance']);
    expect(sut('the flash gave him red eyes').steps).toEqual([{ kind: 'red-eye' }]);
    expect(sut('add red hearts here').steps).toEqual([]);
  });

  it('reads the look after "so" as the aim of the adjustment before it, and a clear day as no wish', () => {
    expect(sut('Lighten the image so it looks like a clear day').steps).toEqual([
      { kind: 'brightness', amount: 0.2 },
    ]);
    expect(sut('make it look like a painting').skipped.map((s) => s.reason)).toEqual([CANNOT.style]);
    expect(sut('remove the clear bottle').steps.map((s) => s.kind)).toEqual(['remove-object']);
    expect(sut('the photo is not clear').steps.map((s) => s.kind)).toEqual(['clarify']);
  });

  it("starts the next wish after a turn's direction, whatever the tagger makes of the verb", () => {
    expect(sut('rotate 90 degrees clockwise change background').steps.map((s) => s.kind)).toEqual([
      'rotate',
      'background',
    ]);
  });

  it('declines a mark, a glow, grain or shadows asked for, which the repairs would take away', () => {
    expect(sut('add a scar to his forehead').steps).toEqual([]);
    expect(sut('add laser beams from her eyes').steps).toEqual([]);
    expect(sut('add a grainy filter').steps).toEqual([]);
    expect(sut('add more shadows').steps).toEqual([]);
    expect(sut('there are creases and tears on this old photo').steps.map((s) => s.kind)).toEqual([
      'remove-marked',
    ]);
    expect(sut('make the shadow lighter').steps.map((s) => s.kind)).toEqual(['light-recovery']);
    expect(sut('make his face look pixelated').steps).toEqual([]);
    expect(sut('add a light saber').steps).toEqual([]);
  });

  it('reads no tone into words that describe a thing or open a request as its verb', () => {
    expect(sut('close her eyes').steps).toEqual([]);
    expect(sut('give her long curly blonde hair').steps).toEqual([]);
    expect(sut('change the photo from black and white to color').skipped.map((s) => s.reason)).toContain(
      CANNOT.colorize,
    );
  });

  it('mends the photo when asked to edit it, and not when asked to edit a thing in it', () => {
    expect(sut('please photoshop this, it is my grandma').steps.map((s) => s.kind)).toEqual([
      'auto-levels',
      'clarify',
    ]);
    expect(sut('photoshop the picture of the child on the steps').steps).toEqual([]);
    expect(sut('edit the water blue').steps).toEqual([]);
    expect(sut('photoshop in a cowboy hat').steps).toEqual([]);
    expect(sut('can you touch it up').steps.map((s) => s.kind)).toEqual(['auto-levels', 'sharpen']);
    expect(sut('pull his knee down to touch the ground').steps).toEqual([]);
  });

  it('keeps a colour added to a thing, and things named with a colour, out of the filters', () => {
    expect(sut('add blue color to her eyes').steps).toEqual([]);
    expect(sut('add colorful flowers').steps).toEqual([]);
    expect(sut('add a blue tint to the whole picture').steps.map((s) => s.kind)).toContain('warmth');
    expect(sut('remove the reflection from his eye glasses').steps.map((s) => s.kind)).not.toContain(
      'red-eye',
    );
    expect(sut('make the red eyes go away').steps).toEqual([{ kind: 'red-eye' }]);
    expect(sut('lighten the shadows on her skin').steps.map((s) => s.kind)).toEqual(['light-recovery']);
  });
});
