/**
 * Held-out instructions for Chat to Edit's interpreter, written the way people post requests on photo-editing
 * forums, before the grammar was tuned and never tuned on. The benchmark reports how many it reads as expected;
 * the unit suite (interpret.spec.ts) is the tuning set.
 *
 * An expectation lists the step kinds in order, with the details that matter (a label, a selector, a sign of
 * the amount, a backdrop); `skipped` says whether some wish must be named as impossible.
 */
export interface ExpectedStep {
  kind: string;
  label?: string;
  which?: string;
  sign?: 1 | -1;
  backdrop?: string;
  target?: string;
}

export interface HeldOutCase {
  prompt: string;
  steps: ExpectedStep[];
  skipped?: boolean;
}

export const HELD_OUT: HeldOutCase[] = [
  {
    prompt: 'Hey guys, this was taken at dusk and its really dark. Can anyone brighten it up a bit?',
    steps: [{ kind: 'brightness', sign: 1 }],
  },
  {
    prompt: 'Please remove the man in the red shirt behind my daughter',
    steps: [{ kind: 'remove-object', label: 'person', which: 'background' }],
  },
  {
    prompt: 'can u make this pic black & white and crop it square for my insta',
    steps: [{ kind: 'grayscale' }, { kind: 'crop' }],
  },
  {
    prompt: 'Would love it if someone could get rid of the timestamp in the corner, thank you so much!',
    steps: [{ kind: 'remove-text', target: 'date-stamp' }],
  },
  {
    prompt: 'I need a transparent background for my product photo',
    steps: [{ kind: 'background', backdrop: 'transparent' }],
  },
  {
    prompt: 'white background please, its for an ebay listing',
    steps: [{ kind: 'background', backdrop: 'color' }],
  },
  {
    prompt:
      'This is my late grandfather. The photo is very faded and grainy. Anything you can do would mean the world',
    steps: [{ kind: 'saturation', sign: 1 }, { kind: 'denoise' }],
  },
  { prompt: 'could someone swap my face onto the other guy', steps: [], skipped: true },
  { prompt: 'Can you make me look thinner lol', steps: [], skipped: true },
  {
    prompt: 'remove the car parked on the right side',
    steps: [{ kind: 'remove-object', label: 'car', which: 'right' }],
  },
  {
    prompt: 'Please delete all the people walking in the background so it is just me',
    steps: [{ kind: 'remove-object', label: 'person', which: 'background' }],
  },
  { prompt: 'make the background blurry like a portrait', steps: [{ kind: 'background', backdrop: 'blur' }] },
  { prompt: 'its sideways, can you rotate it the right way', steps: [{ kind: 'rotate' }] },
  { prompt: 'mirror the image please', steps: [{ kind: 'flip' }] },
  { prompt: 'Upscale to 4x for printing', steps: [{ kind: 'upscale' }] },
  // Restated when Chat to Edit gained white balance against a named cast (was warmth, sign -1)
  { prompt: 'the colors look too yellow, fix pls', steps: [{ kind: 'auto-white-balance' }] },
  { prompt: 'Too much blue in this one, warm it up', steps: [{ kind: 'warmth', sign: 1 }] },
  { prompt: 'Could you add some snow falling?', steps: [], skipped: true },
  { prompt: 'remove the watermark', steps: [{ kind: 'remove-text', target: 'watermark' }] },
  {
    prompt: 'Hi! Remove the text at the bottom and sharpen it a little',
    steps: [{ kind: 'remove-text', target: 'text' }, { kind: 'sharpen' }],
  },
  {
    prompt: 'take the dog out of the picture',
    steps: [{ kind: 'remove-object', label: 'dog', which: 'default' }],
  },
  {
    prompt: 'remove the bird on the left side of the fence',
    steps: [{ kind: 'remove-object', label: 'bird', which: 'left' }],
  },
  { prompt: 'lower the contrast slightly, it looks harsh', steps: [{ kind: 'contrast', sign: -1 }] },
  {
    prompt: 'more contrast and saturation please',
    steps: [
      { kind: 'contrast', sign: 1 },
      { kind: 'saturation', sign: 1 },
    ],
  },
  { prompt: 'Can someone make this look vintage?', steps: [{ kind: 'sepia' }] },
  { prompt: 'resize to 1080x1080', steps: [{ kind: 'resize' }] },
  { prompt: 'Make it a 16:9 wallpaper', steps: [{ kind: 'crop' }] },
  // Restated when a thing no detector finds became the person's to show (was a refusal)
  { prompt: 'please remove the power lines in the sky', steps: [{ kind: 'remove-marked' }] },
  // Restated when "make it clearer" became a step of its own, which sharpens (was sharpen)
  { prompt: 'enhance the quality, its blurry', steps: [{ kind: 'clarify' }] },
  { prompt: 'Turn this into a professional headshot for LinkedIn', steps: [{ kind: 'headshot' }] },
  { prompt: 'smooth out my skin a bit and get rid of the acne', steps: [{ kind: 'enhance-face' }] },
  {
    prompt: 'darken it slightly and make it cooler',
    steps: [
      { kind: 'brightness', sign: -1 },
      { kind: 'warmth', sign: -1 },
    ],
  },
  {
    prompt: 'remove the two people on the left',
    steps: [{ kind: 'remove-object', label: 'person', which: 'left' }],
  },
  { prompt: 'can you remove the cup from the table', steps: [{ kind: 'remove-object', label: 'cup' }] },
  { prompt: 'make the sky more dramatic', steps: [], skipped: true },
  {
    prompt: 'Replace the background with a solid light grey',
    steps: [{ kind: 'background', backdrop: 'color' }],
  },
  { prompt: 'Flip horizontally then rotate 180', steps: [{ kind: 'flip' }, { kind: 'rotate' }] },
  { prompt: 'remove noise', steps: [{ kind: 'denoise' }] },
  { prompt: 'make it pop! more vibrant colors', steps: [{ kind: 'saturation', sign: 1 }] },
  // Restated when highlight recovery arrived (was brightness, sign -1)
  { prompt: 'Photo is overexposed, can it be fixed?', steps: [{ kind: 'light-recovery' }] },
  {
    prompt: 'please erase the logo in the top right corner',
    steps: [{ kind: 'remove-text', target: 'watermark' }],
  },
  {
    prompt: 'get rid of the photobomber',
    steps: [{ kind: 'remove-object', label: 'person', which: 'background' }],
  },
  { prompt: 'Can you put a sunset behind me?', steps: [], skipped: true },
  { prompt: 'make it look like a painting', steps: [], skipped: true },
  {
    prompt: 'Crop to portrait 4:5 and brighten by 15%',
    steps: [{ kind: 'crop' }, { kind: 'brightness', sign: 1 }],
  },
];
