import { describe, expect, it } from 'vitest';
import type { EditStep } from '../edit-plan';
import { describeStep, interpretInstruction as sut, previewStep } from '.';

const bright = (amount: number): EditStep => ({ kind: 'brightness', amount });
const contrast = (amount: number): EditStep => ({ kind: 'contrast', amount });
const saturation = (amount: number): EditStep => ({ kind: 'saturation', amount });
const warmth = (amount: number): EditStep => ({ kind: 'warmth', amount });
const sharpen = (amount = 0.3): EditStep => ({ kind: 'sharpen', amount });
const denoise = (amount = 0.3): EditStep => ({ kind: 'denoise', amount });
const blur = (amount = 0.2): EditStep => ({ kind: 'blur', amount });
const gray: EditStep = { kind: 'grayscale' };
const sepia: EditStep = { kind: 'sepia' };
const levels: EditStep = { kind: 'auto-levels' };
const awb: EditStep = { kind: 'auto-white-balance' };
const rotate = (degrees: 90 | 180 | 270): EditStep => ({ kind: 'rotate', degrees });
const flip = (axis: 'horizontal' | 'vertical' = 'horizontal'): EditStep => ({ kind: 'flip', axis });
const crop = (width: number, height: number, label?: string): EditStep => ({
  kind: 'crop',
  aspect: { width, height },
  ...(label ? { label } : {}),
});
const resize = (size: { width?: number; height?: number; factor?: number }): EditStep => ({
  kind: 'resize',
  ...size,
});
const upscale = (scale: 2 | 4 = 2): EditStep => ({ kind: 'upscale', scale });
const transparent: EditStep = { kind: 'background', backdrop: { kind: 'transparent' } };
const backdrop = (color: string): EditStep => ({ kind: 'background', backdrop: { kind: 'color', color } });
const bokeh: EditStep = { kind: 'background', backdrop: { kind: 'blur' } };
const smoothSkin: EditStep = { kind: 'enhance-face', smoothSkin: true };
const watermark: EditStep = { kind: 'remove-text', target: 'watermark' };
const removeAllBut = (keep: number): EditStep => ({
  kind: 'remove-object',
  label: 'person',
  select: { which: 'background', keep },
});
const remove = (label: string, which: string = 'default', index?: number): EditStep => ({
  kind: 'remove-object',
  label,
  select: (index === undefined ? { which } : { which: 'nth', index }) as never,
});
const text = (target: 'date-stamp' | 'text' | 'watermark'): EditStep => ({ kind: 'remove-text', target });
const face = (smoothSkin = false): EditStep => ({ kind: 'enhance-face', smoothSkin });
const headshot: EditStep = { kind: 'headshot' };
const marked = (thing: string): EditStep => ({ kind: 'remove-marked', thing });

/** [instruction, expected steps, how many wishes it must name as impossible]. */
const CASES: [string, EditStep[], number?][] = [
  // tone and colour
  ['make it brighter', [bright(0.2)]],
  ['Brighten it a bit', [bright(0.1)]],
  ['make it a lot brighter', [bright(0.4)]],
  ['brighter by 20%', [bright(0.2)]],
  ['increase the brightness by 35 percent', [bright(0.35)]],
  ['lighten it up', [bright(0.2)]],
  ["it's too dark", [bright(0.2)]],
  ['way too dark!!', [bright(0.4)]],
  ['the photo is underexposed', [bright(0.3)]],
  ['darker please', [bright(-0.2)]],
  ['darken it slightly', [bright(-0.1)]],
  ['too bright', [bright(-0.2)]],
  ['make it less bright', [bright(-0.2)]],
  ['it is not bright enough', [bright(0.2)]],
  ['more contrast', [contrast(0.2)]],
  ['reduce the contrast', [contrast(-0.2)]],
  ['it looks flat', [contrast(0.2)]],
  ['make the colours pop', [saturation(0.2)]],
  ['more vivid colors', [saturation(0.2)]],
  ['boost saturation a lot', [saturation(0.4)]],
  ['less saturated', [saturation(-0.2)]],
  ['mute the colours', [saturation(-0.3)]],
  ['too saturated', [saturation(-0.2)]],
  ['the colours are dull', [saturation(0.2)]],
  ['black and white', [gray]],
  ['make it black & white', [gray]],
  ['B&W please', [gray]],
  ['convert to grayscale', [gray]],
  ['monochrome', [gray]],
  ['blak and white pls', [gray]],
  ['remove the colour', [gray]],
  ['sepia', [sepia]],
  ['give it a vintage look', [sepia]],
  ['make it look old', [sepia]],
  ['warmer', [warmth(0.2)]],
  ['warm it up a little', [warmth(0.1)]],
  ['make it cooler', [warmth(-0.2)]],
  ['too yellow', [warmth(-0.2)]],
  ['it looks too blue', [warmth(0.2)]],
  ['fix the colours', [awb]],
  ['colour correct it', [awb]],
  ['white balance please', [awb]],
  ['the colors are off', [awb]],
  ['get rid of the orange tint', [{ kind: 'auto-white-balance', cast: 'yellow' }]],
  ['auto levels', [levels]],
  ['fix the exposure', [levels]],
  ['enhance the photo', [levels, sharpen(0.1)]],
  ['sharpen it', [sharpen()]],
  ['make it sharper', [sharpen()]],
  ["it's blurry", [sharpen()]],
  ['less blurry please', [sharpen()]],
  ['unblur', [{ kind: 'clarify' }]],
  ['remove the noise', [denoise()]],
  ['too grainy', [denoise()]],
  ['denoise', [denoise()]],
  ['blur it', [blur()]],
  ['blur it a bit', [blur(0.1)]],
  ['soften the whole image', [blur()]],
  // geometry
  ['rotate it', [rotate(90)]],
  ['rotate 90 degrees', [rotate(90)]],
  ['rotate 90 degrees to the left', [rotate(270)]],
  ['rotate left', [rotate(270)]],
  ['turn it to the right', [rotate(90)]],
  ['rotate 180', [rotate(180)]],
  ["it's upside down", [rotate(180)]],
  ['rotate counterclockwise', [rotate(270)]],
  ['rotate it 270 degrees', [rotate(270)]],
  ['flip it', [flip()]],
  ['mirror it', [flip()]],
  ['flip vertically', [flip('vertical')]],
  ['flip it upside down', [flip('vertical')]],
  ['crop it to a square', [crop(1, 1)]],
  ['crop to 4:5', [crop(4, 5)]],
  ['crop 16:9', [crop(16, 9)]],
  ['3:2 please', [crop(3, 2)]],
  ['crop for instagram', [crop(1, 1, 'Instagram')]],
  ['crop it for an instagram story', [crop(9, 16, 'stories')]],
  ['make it fit a tiktok', [crop(9, 16, 'TikTok')]],
  [
    'youtube thumbnail',
    [
      {
        kind: 'crop',
        aspect: { width: 16, height: 9 },
        size: { width: 1280, height: 720 },
        label: 'a YouTube thumbnail',
      },
    ],
  ],
  ['crop to instagram portrait', [crop(4, 5, 'Instagram portrait')]],
  // a crop with no shape closes in around the subject, as "zoom in" does
  ['crop it tighter', [{ kind: 'crop' }]],
  ['CROP PICTURE', [{ kind: 'crop' }]],
  ['resize to 800px wide', [resize({ width: 800 })]],
  ['resize to 800 pixels wide', [resize({ width: 800 })]],
  ['make it 1080 pixels tall', [resize({ height: 1080 })]],
  ['resize to 1920x1080', [resize({ width: 1920, height: 1080 })]],
  ['make it smaller', [resize({ factor: 0.5 })]],
  ['shrink it to 25%', [resize({ factor: 0.25 })]],
  ['upscale', [upscale()]],
  ['make it bigger', [upscale()]],
  ['higher resolution please', [upscale()]],
  ['upscale 4x', [upscale(4)]],
  ['make it 4 times bigger', [upscale(4)]],
  ['make it twice as big', [upscale()]],
  ['enlarge it', [upscale()]],
  // background
  ['remove the background', [transparent]],
  ['remvoe the backgorund', [transparent]],
  ['transparent background', [transparent]],
  ['cut me out', [transparent]],
  ['white background', [backdrop('#ffffff')]],
  ['put it on a white background', [backdrop('#ffffff')]],
  ['make the background light blue', [backdrop('#add8e6')]],
  ['change the background to #00ff00', [backdrop('#00ff00')]],
  ['replace the background with black', [backdrop('#000000')]],
  ['blur the background', [bokeh]],
  ['background blur please', [bokeh]],
  ['portrait mode', [bokeh]],
  ['put me on a beach', [], 1],
  ['replace the background with a city skyline', [], 1],
  // things in the photo
  ['remove the dog', [remove('dog')]],
  ['remove the dog on the left', [remove('dog', 'left')]],
  ['remove the person on the right', [remove('person', 'right')]],
  ['erase the biggest car', [remove('car', 'biggest')]],
  ['delete the smallest bird', [remove('bird', 'smallest')]],
  ['remove all the people', [remove('person', 'all')]],
  ['remove the people', [remove('person', 'all')]],
  ['remove every bottle', [remove('bottle', 'all')]],
  ['remove the second person', [remove('person', 'default', 1)]],
  ['remove the third car from the left', [remove('car', 'default', 2)]],
  ['remove the guy in the middle', [remove('person', 'center')]],
  ['could you take the guy behind me out of the shot', [remove('person', 'background')]],
  ['remove the people in the background', [remove('person', 'background')]],
  ['get rid of the photobomber', [remove('person', 'background')]],
  ['remove the cat and the dog', [remove('cat'), remove('dog')]],
  ['take the cup out', [remove('cup')]],
  ['remove the mug', [remove('cup')]],
  ['delete the phone', [remove('cell phone')]],
  ['remove the puppy', [remove('dog')]],
  ['remove the potted plant', [remove('potted plant')]],
  ['remove the bike', [remove('bicycle')]],
  ['remove the date stamp', [text('date-stamp')]],
  ['get rid of the date', [text('date-stamp')]],
  ['remove the orange numbers in the corner', [text('date-stamp')]],
  ['remove the timestamp', [text('date-stamp')]],
  ['remove the watermark', [text('watermark')]],
  ['remove the logo', [text('watermark')]],
  ['remove the text', [text('text')]],
  ['erase the caption', [text('text')]],
  ['remove the tree', [marked('tree')]],
  // nothing named before: the person shows "it"
  ['remove it', [marked('it')]],
  // faces
  ['enhance his face', [face()]],
  ['enhance the face', [face()]],
  ['smooth the skin', [face(true)]],
  ['remove the pimples', [face(true)]],
  ['retouch my face', [face(true)]],
  ['make it a professional headshot', [headshot]],
  ['I need a LinkedIn photo', [headshot]],
  // compound
  ['make it brighter and remove the background', [bright(0.2), transparent]],
  ['crop it to a square, then black and white', [crop(1, 1), gray]],
  ['rotate left, flip it and make it warmer', [rotate(270), flip(), warmth(0.2)]],
  ['brighter, more contrast, and sharpen', [bright(0.2), contrast(0.2), sharpen()]],
  // one backdrop, the one said last
  ['remove the background; then add a white one', [backdrop('#ffffff')]],
  ['first crop to 16:9. Then make it black and white. Finally upscale it.', [crop(16, 9), gray, upscale()]],
  ['make it brighter by 20% and then crop to 1:1', [bright(0.2), crop(1, 1)]],
  ['remove the dog and blur the background', [remove('dog'), bokeh]],
  // casual posts
  ['hi! can someone lighten this up so my face shows? thanks!', [bright(0.2)]],
  ['Hello, could you please make this photo black and white? Thank you!', [gray]],
  [
    "It's my grandma's photo from the 80s, the colours are off and it's kind of blurry, could you fix it please",
    [awb, sharpen()],
  ],
  ['This is my dog Max. Can you remove the leash? Thanks', [marked('leash')]],
  ['I took this at my sisters wedding, please remove the guy on the left', [remove('person', 'left')]],
  ['pls remvoe the persn on the rigth', [remove('person', 'right')]],
  ['make it brigter by 20%', [bright(0.2)]],
  [
    'Can you sharpen this and remove the date stamp in the corner? much appreciated',
    [sharpen(), text('date-stamp')],
  ],
  ['Upscale it to 4x for a poster print', [upscale(4)]],
  ["it's too dark, can you brighten it slightly?", [bright(0.1)]],
  ['reduce the contrast a little, it looks too harsh', [contrast(-0.2)]],
  ['erase the telephone wires', [marked('telephone wires')]],
  ['its too grainy and blurry', [denoise(), sharpen()]],
  ['the colours have faded over the years', [saturation(0.2)]],
  ['make it brighter and warmer', [bright(0.2), warmth(0.2)]],
  ['lower the brightness', [bright(-0.2)]],
  ['give it a portrait-mode bokeh look', [bokeh]],
  ['make it bigger without losing detail', [upscale()]],
  ['the image without the dog please', [remove('dog')]],
  ['the whole thing looks yellow', [warmth(-0.2)]],
  ['make the sky more blue', [], 1],
  // refusals and mixtures
  ['add a hat', [], 1],
  ['put sunglasses on him', [], 1],
  ['turn him into a cat', [], 1],
  ['turn the cup into a cat please', [], 1],
  ['turn it into black and white', [gray]],
  ['make it look like Van Gogh', [], 1],
  ['anime style please', [], 1],
  ['make me look younger', [], 1],
  ['make him smile', [], 1],
  ['colorize this old photo', [], 1],
  ['make it brighter and add a rainbow', [bright(0.2)], 1],
  ['asdfgh qwerty', [], 1],
  ["don't crop it, just make it warmer", [warmth(0.2)]],
  ['thanks!', [], 1],
  // a list of wishes with neither stops nor "and": each edit verb after a thing starts the next wish
  ['remove the man add a dog', [remove('person')], 1],
  // a wish to add after a pronoun is declined, not lost; a first verb tagged as a noun still starts the list
  ['brighten it add a hat', [bright(0.2)], 1],
  ['crop more tightly add sunglasses', [{ kind: 'crop' }], 1],
  [
    'remove box shrink image add two more people add the word sample',
    [{ kind: 'remove-marked', thing: 'box' }, resize({ factor: 0.5 })],
    2,
  ],
  // changing the whole photo's light or colour balance is a repair, not a new thing
  ['change the lighting to look more natural', [levels]],
  ['change the white balance', [awb]],
  // a look true to life is a repair, not a style
  ['make the colours look like the real thing', [awb]],
  ['make it look like it was taken with a good camera', [levels, sharpen(0.1)]],
  ['make it look like a painting', [], 1],
  // out of the way is out of the photo; to the left is a new place
  ['move the tree out of the way', [{ kind: 'remove-marked', thing: 'tree' }]],
  ['move the lamp to the left', [], 1],
  // "just the man": a crop around him
  ['Crop just the man', [{ kind: 'crop' }]],
  // the brightest part asked darker: its highlights to bring back
  ['darken the sky a bit', [{ kind: 'light-recovery', highlights: 0.25, shadows: 0 }]],
  ['the window is too bright', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0 }]],
  ['darken the rims of the car', [], 1],
  // faces asked lighter: shadows to open up, not one person's light
  ["lighten the man's face", [{ kind: 'light-recovery', highlights: 0, shadows: 0.5 }]],
  ['the faces are too dark', [{ kind: 'light-recovery', highlights: 0, shadows: 0.5 }]],
  // the jargon of retouchers and the spellings of annotators
  ['clone out the woman who is visible behind the child', [remove('person', 'background')]],
  ['paint out the wires', [{ kind: 'remove-marked', thing: 'wires' }]],
  ['make the back ground all white', [backdrop('#ffffff')]],
  ['Despeckle Image', [denoise()]],
  ['Increase the size of the picture', [upscale()]],
  // named uses said as what the photo is for
  [
    'I want it as my desktop background',
    [{ ...crop(16, 9, 'a desktop wallpaper'), size: { width: 1920, height: 1080 } } as EditStep],
  ],
  ['can someone make this usable as a profile pic', [crop(1, 1, 'a profile picture')]],
  ['can it be made into a poster', [upscale()]],
  ['please bring this old photo back to life', [levels, { kind: 'clarify' }]],
  ['can you make this photo look like new', [levels, { kind: 'clarify' }]],
  // hair lying loose or across a face is painted and filled; hair itself is how someone looks
  ['remove fly away hair', [{ kind: 'remove-marked', thing: 'fly away hair' }]],
  ['Remove the hair from the girls face', [{ kind: 'remove-marked', thing: 'hair' }]],
  ['remove the beard', [], 1],
  // a flip is an edit, whatever it is said to create
  ['Flip the image to create a mirror image', [flip()]],
  // a style's name on a thing that goes is no style
  ['remove the text of walt disney pictures', [{ kind: 'remove-text', target: 'text' }]],
  ['make it look like a disney movie', [], 1],
  // a wish list run on after a describing word
  ['make it brighter add a cat', [bright(0.2)], 1],
  // a black and white photo as it is, not the wish
  ['fix this black and white photo', [levels, { kind: 'clarify' }]],
  ['turn my black and white picture into an oil painting', [], 1],
  ['make it a black and white photo', [gray]],
  // the people an exception lists stay, however many; a verb after them is a wish of its own
  ['remove everyone except me', [remove('person', 'background')]],
  ['Could you remove everyone except me and my daughter?', [removeAllBut(2)]],
  ['remove all the people except my wife, my son and me', [removeAllBut(3)]],
  ['remove everyone but the two of us', [removeAllBut(2)]],
  ['remove everyone except me and make it brighter', [remove('person', 'background'), bright(0.2)]],
  // one white balance, away from the cast named
  ['can you fix the colors, it looks really green', [{ kind: 'auto-white-balance', cast: 'green' }]],
  // what the writer did is context, and a verb in the past joined on to it goes on telling
  ['Remove the watermark please, I bought the photo but lost the original file', [watermark]],
  ['I cropped it but can you remove the dog', [remove('dog')]],
  ['we removed the dog and brightened it', [], 1],
  ['I wanted to remove the dog', [remove('dog')]],
  // a thing listed after a removal, told of by a participle, goes too
  [
    'Please remove the background people and the pole coming out of my head',
    [remove('person', 'background'), { kind: 'remove-marked', thing: 'pole coming out of my head' }],
  ],
  ['take the man and the dog out of the picture', [remove('person'), remove('dog')]],
  // the size a photo has, said as a fact, is no size asked for; "only" that size asks for more
  ["it's only 800 pixels wide, can you make it bigger", [upscale()]],
  ["I want to print this at 8x10 but it's only 800 pixels wide", [crop(8, 10), upscale()]],
  ['the image is 500 px wide', [], 1],
  ['it should be 500px wide', [resize({ width: 500 })]],
  // an edit's verb in -ing that no word list holds, read as its verb
  ['[Feature] Support for upscaling images 4x', [upscale(4)]],
  // a feature asked of the app is the edit; the program named is no part of the thing; "un-blur" is unblur
  ['Add support for removing text from images', [{ kind: 'remove-text', target: 'text' }]],
  ['What is the best way to remove a tattoo in photoshop?', [{ kind: 'remove-marked', thing: 'tattoo' }]],
  ['Is there any way to un-blur a face?', [{ kind: 'clarify' }]],
  // what must not be touched, and a look a good camera would give
  [
    'How to lighten just the shadows without affecting highlights',
    [{ kind: 'light-recovery', highlights: 0, shadows: 0.5 }],
  ],
  ['make it look like it was taken with a professional camera', [levels, { kind: 'sharpen', amount: 0.1 }]],
  // a double chin is a jaw reshaped; a busy background is softened, and "it" after it is the background
  ['could you please get rid of the double chin', [], 1],
  [
    'Can you make the background less busy? Maybe blur it a little',
    [{ kind: 'background', backdrop: { kind: 'blur' } }],
  ],
  ['the background is messy, can you remove it', [transparent]],
  ['change background to busy street', [], 1],
  // a logo on a thing in the scene and a flare in one corner are shown; one direction of colour is the change
  ["Erase the logo on the man's shirt", [{ kind: 'remove-marked', thing: "logo on the man's shirt" }]],
  ['remove the logo on the bottom of the image', [watermark]],
  [
    'Remove the lens flare in the top right',
    [{ kind: 'remove-marked', thing: 'lens flare in the top right' }],
  ],
  ['Adjust the color temperature to make the image warmer', [{ kind: 'warmth', amount: 0.2 }]],
  // damage told as what was done to the print; someone there by chance; what "make" makes vanish
  [
    'This old photo is torn in the corner and has some water damage. Any help restoring it?',
    [{ kind: 'remove-marked', thing: 'the tear and damage' }, levels, { kind: 'clarify' }],
  ],
  ["it's badly damaged, please restore", [levels, { kind: 'clarify' }]],
  [
    "The photo is too dark and a bit tilted, and there's a random guy in the background. Could you fix all three?",
    [bright(0.2), { kind: 'straighten' }, remove('person', 'background')],
  ],
  [
    'I took this photo of my kids at the beach but a stranger walked into the frame. Can someone remove him?',
    [remove('person', 'background')],
  ],
  ['make the sign disappear', [{ kind: 'remove-marked', thing: 'sign' }]],
  ['remove the man on the left and make him disappear', [remove('person', 'left')]],
  // a thing wished away with "no"; a wish said not to be done is never read back from the whole post
  ['i want no people in the pic', [remove('person', 'all')]],
  ['no text please', [{ kind: 'remove-text', target: 'text' }]],
  ['brighten it, no people', [bright(0.2), remove('person', 'all')]],
  ['no crop please', [], 1],
  ['no need to crop it', [], 1],
  ['I have no idea how to remove the dog', [remove('dog')]],
  // the file's size or format is not the picture's; "orientation" is a shape or a turn, not both
  ['shrink the file size so I can email it', [], 1],
  ['brighten it and convert to png', [bright(0.2)], 1],
  ['save as png with transparent background', [transparent]],
  ['make it portrait orientation', [crop(4, 5)]],
  ['Change the orientation from landscape to portrait', [{ kind: 'rotate', degrees: 90 }]],
  // people counted: in front, the largest; with no place, shown; a word the tagger cannot place is a thing
  [
    'take out the two kids in the front',
    [{ kind: 'remove-object', label: 'person', select: { which: 'biggest', several: 2 } }],
  ],
  ['take out the two kids', [{ kind: 'remove-marked', thing: 'two kids' }]],
  ['remove both people', [remove('person', 'all')]],
  [
    'crop out my ex on the left',
    [{ kind: 'remove-object', label: 'person', select: { which: 'left' }, name: 'ex' }],
  ],
  // light and colour said as a complaint: uneven light, tinted whites, grey skin, a faded look told
  ['can you even out the lighting', [{ kind: 'light-recovery', highlights: 0.5, shadows: 0.5 }]],
  ['the whites look yellow', [{ kind: 'auto-white-balance', cast: 'yellow' }]],
  ['my skin looks gray in this photo', [awb]],
  ['looks like an old faded polaroid, fix the colors', [saturation(0.2), awb]],
  ['make it look old', [{ kind: 'sepia' }]],
  // a pair of glasses is shown, drinking glasses are detected; tiredness is retouched under the eyes
  ['could you please remove my glasses', [{ kind: 'remove-marked', thing: 'my glasses' }]],
  ['remove the wine glasses', [remove('wine glass')]],
  ["Can someone please make me look less tired? I haven't slept in days lol", [smoothSkin]],
  // the photo "taken" from far away takes nothing out; a removal said in the passive of "he" shows him
  ['Can you make the picture clearer? It was taken from far away', [{ kind: 'clarify' }]],
  ['the man needs to be taken out', [remove('person')]],
  ['he should be cropped out', [{ kind: 'remove-marked', thing: 'he' }]],
  // a removal never asks to be shown a thing with no name
  ['Remove chairs in back drop', [remove('chair', 'all')]],
  ['na remove so much shadow and make brighter', [{ kind: 'remove-marked', thing: 'shadow' }, bright(0.2)]],
  // "the best way to" is no "way too"; a feature's "auto" is the edit; what a straightening is for is no thing
  ['What is the best way to brighten a dark indoor photo without adding noise?', [bright(0.2)]],
  ["it's way too dark", [bright(0.4)]],
  ['Please add auto straighten for scanned documents', [{ kind: 'straighten' }]],
  // a blur taken out is sharpened away, a blur in one place is a smudge to show; a glow of a colour is a cast
  ['take the gray blur out', [{ kind: 'sharpen', amount: 0.3 }]],
  ['take the gray blur out of the bottom left', [{ kind: 'remove-marked', thing: 'gray blur' }]],
  ['remove the blur on the left side of her face', [{ kind: 'sharpen', amount: 0.3 }]],
  ['fix the yellow glow', [{ kind: 'auto-white-balance', cast: 'yellow' }]],
  ["there's a weird green glow on everything", [{ kind: 'auto-white-balance', cast: 'green' }]],
  // what someone is doing ("standing", which the tagger calls a noun), not a thing of its own
  ['Remove the dog and the man standing behind me', [remove('dog'), remove('person', 'background')]],
  ['Remove the background lettering from the photo', [{ kind: 'remove-text', target: 'text' }]],
  // folds in cloth are shown and filled; wrinkles alone are skin
  ['Remove the wrinkles in my shirt', [{ kind: 'remove-marked', thing: 'wrinkles in my shirt' }]],
  ['remove the wrinkles on her face', [{ kind: 'enhance-face', smoothSkin: true }]],
  // a print's resolution asks for more pixels; its number is no width
  ['I need this at 300 dpi for printing', [upscale()]],
  ['can you make it 300dpi', [upscale()]],
  // a horizon straightened in a photo; a thing lifted off its background and set on a colour
  ['What is the best way to straighten a crooked horizon in a landscape photo?', [{ kind: 'straighten' }]],
  ['straighten the blanket on the bed', [], 1],
  ['Extract the product from the background and put it on pure white.', [backdrop('#ffffff')]],
  ['separate the dog from the background', [transparent]],
  // a cast that time left
  ['the photo has yellowed with age', [{ kind: 'auto-white-balance', cast: 'yellow' }]],
  ['the photo is discoloured', [awb]],
  // a restoration mends the damage the post names beside it
  [
    "It's faded and has a big crease through the middle. Could someone restore it?",
    [{ kind: 'remove-marked', thing: 'the crease' }, saturation(0.2), levels, { kind: 'clarify' }],
  ],
  [
    'there are some scratches. fix it please',
    [{ kind: 'remove-marked', thing: 'the scratches' }, levels, { kind: 'clarify' }],
  ],
  // (the tagger reads "scratches" as a verb after "there are" and "has")
  [
    'there are scratches, fix it',
    [{ kind: 'remove-marked', thing: 'the scratches' }, levels, { kind: 'clarify' }],
  ],
  [
    'it has scratches, fix it',
    [{ kind: 'remove-marked', thing: 'the scratches' }, levels, { kind: 'clarify' }],
  ],
  // what a thing is for, what it looks like, and what must not happen are not wishes
  ['I need the background removed for a sticker', [transparent]],
  ['remove the date in the corner, its orange', [{ kind: 'remove-text', target: 'date-stamp' }]],
  ['straighten the photo, the building looks like it is leaning', [{ kind: 'straighten' }]],
  ['make the sunset more vibrant without making the people look orange', [saturation(0.2)]],
  // bags under the eyes are skin to retouch, said as a complaint or listed after skin
  ['Please make me look less tired, the bags under my eyes are really bad', [smoothSkin]],
  ['Remove the eye bags and acne', [smoothSkin]],
  ['my eye bags are so dark', [smoothSkin]],
  ['my under eyes look so dark', [smoothSkin]],
  // the image sent to be mended is no thing to remove
  ["Can someone please clean up this logo? It's blurry and pixelated", [{ kind: 'clarify' }]],
  ['clean up the logo in the corner', [watermark]],
  // a pacifier or a stroller is no person, though WordNet, counting no use of the word, lists that sense first
  ["Can you remove the baby's pacifier?", [{ kind: 'remove-marked', thing: "baby's pacifier" }]],
  ['Remove the stroller', [{ kind: 'remove-marked', thing: 'stroller' }]],
  // a colour kept on a thing no detector knows: the person shows it
  [
    'Convert the image to grayscale except for the flowers.',
    [{ kind: 'selective-colour', keep: { marked: 'flowers' } }],
  ],
  [
    'black and white but keep the colour of the flowers',
    [{ kind: 'selective-colour', keep: { marked: 'flowers' } }],
  ],
  ['make the image black and white only', [gray]],
  // another season or time of day is painted, not adjusted; light at night is adjusted
  ['make it winter', [], 1],
  ['the photo was taken at night, make it brighter', [bright(0.2)]],
  // white things shown grey are the photo's whites set too low
  ['Can you make the snow whiter? It looks grey', [levels]],
  ['my white dress looks grey in this photo', [levels]],
  // a professional photo of a place or a product is no headshot
  [
    "Can you make the photo look professional? It's for my real estate listing",
    [levels, { kind: 'clarify' }],
  ],
  ['make it a professional photo for my LinkedIn', [{ kind: 'headshot' }]],
  // bands around the photo are cropped away; a bar alone may lie across it
  ['please remove the black bars on the side', [{ kind: 'crop' }]],
  ['Can someone crop the white border out?', [{ kind: 'crop' }]],
  ['remove the black bar', [{ kind: 'remove-marked', thing: 'black bar' }]],
  ['Please make me skinnier', [], 1],
  // a hair on the lens is a mark, not someone's hair; writing made readable is clearer
  ["There's a hair on the lens, can you remove it?", [{ kind: 'remove-marked', thing: 'hair on the lens' }]],
  ['Can someone make the writing on the sign readable?', [{ kind: 'clarify' }]],
  // what was attached is no wish; a screen pattern is smoothed; a higher resolution is more pixels
  [
    'The faces came out smudged. Can it restore faces better? Attached is the original.',
    [levels, { kind: 'clarify' }],
  ],
  ['How do I get rid of the moire pattern on this scanned magazine photo?', [denoise()]],
  ['Is it possible to make this low-res logo into a high-res one?', [upscale()]],
  ['turn the dog into a big monster', [], 1],
  ['remove the lifeguard', [{ ...remove('person'), name: 'lifeguard' } as EditStep]],
];

describe('the instruction interpreter', () => {
  it.each(CASES)('%s', (instruction, steps, skipped = 0) => {
    const plan = sut(instruction);
    expect(plan.steps).toEqual(steps);
    expect(plan.skipped).toHaveLength(skipped);
  });

  it('names what it can do instead when it refuses', () => {
    const [wish] = sut('add a party hat on the cat').skipped;
    expect(wish.text).toContain('hat');
    expect(wish.reason).toMatch(/can't add/);
    expect(wish.reason).toMatch(/remove/);
  });

  it("shows a wish it cannot do in the person's own words, not as the grammar rewrote them", () => {
    const wishes = (text: string) => sut(text).skipped.map((s) => s.text);
    expect(wishes("Can u swap my face with my brother's face in this pic plz")).toEqual([
      "Can u swap my face with my brother's face in this pic plz",
    ]);
    expect(wishes('Make it B&W & add a dragon to the 4K wallpaper!!')).toEqual([
      'add a dragon to the 4K wallpaper',
    ]);
    expect(
      wishes('Hi! Could you get rid of the dog and turn the black and white photo into a painting?'),
    ).toEqual(['turn the black and white photo into a painting']);
  });

  it('describes each step for the result and for the preview', () => {
    expect(describeStep(bright(0.2))).toBe('Made it 20 % brighter');
    expect(describeStep(gray)).toBe('Made it black and white');
    expect(describeStep(transparent)).toBe('Removed the background');
    expect(describeStep(remove('dog', 'left'))).toBe('Removed the dog on the left');
    expect(describeStep(remove('person', 'all'))).toBe('Removed all the people');
    expect(describeStep(crop(1, 1))).toBe('Cropped it to a square (1:1)');
    expect(previewStep(crop(1, 1))).toBe('crop to 1:1');
    expect(previewStep(bright(0.2))).toBe('brighten +20 %');
    expect(previewStep(remove('person', 'background'))).toBe('remove the people in the background');
    expect(previewStep(removeAllBut(2))).toBe('remove all the people but the two in front');
  });
});
