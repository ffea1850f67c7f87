import type { HeldOutCase } from './heldout-instructions';

/**
 * A second held-out set, written after the first had been read (and so was no longer blind), and read once
 * for the benchmark without any change to the grammar in between.
 */
export const HELD_OUT_2: HeldOutCase[] = [
  {
    prompt:
      'Good morning! Could you brighten the photo and make the colors a little warmer? It was a cloudy day.',
    steps: [
      { kind: 'brightness', sign: 1 },
      { kind: 'warmth', sign: 1 },
    ],
  },
  { prompt: 'need this as a square for my profile pic', steps: [{ kind: 'crop' }] },
  {
    prompt: 'please take out the lady in the blue dress on the right',
    steps: [{ kind: 'remove-object', label: 'person', which: 'right' }],
  },
  {
    prompt: 'the picture is too dark and the colours are washed out',
    steps: [
      { kind: 'brightness', sign: 1 },
      { kind: 'saturation', sign: 1 },
    ],
  },
  {
    prompt: 'Remove the date in the bottom right corner please',
    steps: [{ kind: 'remove-text', target: 'date-stamp' }],
  },
  {
    prompt: 'can the background be made pure white? selling on amazon',
    steps: [{ kind: 'background', backdrop: 'color' }],
  },
  {
    prompt: 'i want a black background behind the product',
    steps: [{ kind: 'background', backdrop: 'color' }],
  },
  { prompt: 'make my eyes bigger', steps: [], skipped: true },
  { prompt: 'Give me a bokeh effect', steps: [{ kind: 'background', backdrop: 'blur' }] },
  {
    prompt: 'Can you crop it to 3:4 and convert it to black and white?',
    steps: [{ kind: 'crop' }, { kind: 'grayscale' }],
  },
  { prompt: 'desaturate it a bit', steps: [{ kind: 'saturation', sign: -1 }] },
  { prompt: 'make the whole thing sharper please, looks soft', steps: [{ kind: 'sharpen' }] },
  {
    prompt: 'hey can u get rid of the bottles on the table',
    steps: [{ kind: 'remove-object', label: 'bottle', which: 'all' }],
  },
  {
    prompt: 'erase the tourist walking behind us',
    steps: [{ kind: 'remove-object', label: 'person', which: 'background' }],
  },
  { prompt: 'Please remove the copyright text', steps: [{ kind: 'remove-text' }] },
  { prompt: 'rotate clockwise 90°', steps: [{ kind: 'rotate' }] },
  { prompt: 'make this 2x larger without losing quality', steps: [{ kind: 'upscale' }] },
  {
    prompt: 'Could you add my dad into this family photo? He passed away last year',
    steps: [],
    skipped: true,
  },
  { prompt: 'turn it into a pencil sketch', steps: [], skipped: true },
  {
    prompt: 'cooler and darker, moody vibe',
    steps: [
      { kind: 'warmth', sign: -1 },
      { kind: 'brightness', sign: -1 },
    ],
  },
  {
    prompt: 'remove the chair on the left and the plant',
    steps: [
      { kind: 'remove-object', label: 'chair', which: 'left' },
      { kind: 'remove-object', label: 'potted plant' },
    ],
  },
  { prompt: 'Blur the background so the dog stands out', steps: [{ kind: 'background', backdrop: 'blur' }] },
  { prompt: 'this scan is super noisy, can you clean it up?', steps: [{ kind: 'denoise' }] },
  { prompt: 'sepia tone please, for a wedding invitation', steps: [{ kind: 'sepia' }] },
  {
    prompt: 'Hi, can you please remove the car from the driveway? Thanks in advance!',
    steps: [{ kind: 'remove-object', label: 'car' }],
  },
  { prompt: 'make the sky blue instead of grey', steps: [], skipped: true },
  {
    prompt: 'boost the contrast and add some vibrance',
    steps: [
      { kind: 'contrast', sign: 1 },
      { kind: 'saturation', sign: 1 },
    ],
  },
  { prompt: 'resize it to 1200 wide for my website', steps: [{ kind: 'resize' }] },
  { prompt: 'Remove the kid in the yellow shirt', steps: [{ kind: 'remove-object', label: 'person' }] },
  {
    prompt: 'white balance is way off, everything looks orange',
    steps: [{ kind: 'auto-white-balance' }, { kind: 'warmth', sign: -1 }],
  },
];
