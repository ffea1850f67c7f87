import type { BlurRegion, CropEdges, EditStep, ObjectSelector } from '../edit-plan';

const percent = (amount: number) => `${Math.round(Math.abs(amount) * 100)} %`;
const signed = (amount: number) => `${amount >= 0 ? '+' : '−'}${percent(amount)}`;

const TEXT_NAMES = { 'date-stamp': 'the date stamp', text: 'the text', watermark: 'the watermark' } as const;

function aspectName(step: Extract<EditStep, { kind: 'crop' }>): string {
  if (!step.aspect) return 'the subject';
  const { width, height } = step.aspect;
  const ratio = `${width}:${height}`;
  if (width === height) return step.label ? `a square (1:1, ${step.label})` : 'a square (1:1)';
  return step.label ? `${ratio} (${step.label})` : ratio;
}

function cropName(step: Extract<EditStep, { kind: 'crop' }>): string {
  if (!step.size) return aspectName(step);
  const size = `${step.size.width} x ${step.size.height} px`;
  return step.label ? `${size} (${step.label})` : size;
}

/** "the bottom third off", "15 % off the top and bottom": the strips a crop by the sides cuts. */
function edgesName(edges: CropEdges): string {
  const bySize = new Map<number, string[]>();
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const share = edges[side];
    if (share) bySize.set(share, [...(bySize.get(share) ?? []), side]);
  }
  return [...bySize]
    .map(([share, sides]) => {
      const named = SHARE_NAMES.find(([value]) => Math.abs(value - share) < 0.005)?.[1];
      const where = sides.join(' and ');
      return named ? `the ${where} ${named} off` : `${percent(share)} off the ${where}`;
    })
    .join(', ');
}

const SHARE_NAMES = [
  [1 / 2, 'half'],
  [1 / 3, 'third'],
  [2 / 3, 'two thirds'],
  [1 / 4, 'quarter'],
  [3 / 4, 'three quarters'],
] as const;

const CASTS = { yellow: 'yellow', blue: 'blue', green: 'green', magenta: 'purple', red: 'red' } as const;

function keptName(step: Extract<EditStep, { kind: 'selective-colour' }>): string {
  const keep = step.keep;
  if ('part' in keep) return `the ${keep.part}`;
  if ('hue' in keep) return `the ${keep.hue}`;
  if ('subject' in keep) return 'the subject';
  if ('marked' in keep) return quoted(keep.marked);
  return thingName(keep.label, keep.select);
}

/** "the faces in the background", "\"my license plate\"": what a blur for privacy hides. */
function regionName(region: BlurRegion): string {
  if ('marked' in region) return quoted(region.marked);
  return { all: 'the faces', background: 'the faces in the background', main: 'the face' }[region.faces];
}

const quoted = (thing: string) => (thing ? `"${thing}"` : 'what you show');

function sizeName(step: Extract<EditStep, { kind: 'resize' }>): string {
  if (step.factor) return step.factor === 0.5 ? 'half size' : `${percent(step.factor)} of its size`;
  if (step.width && step.height) return `fit ${step.width} x ${step.height} px`;
  return step.width ? `${step.width} px wide` : `${step.height} px tall`;
}

/** "the dog on the left", "all the people", "the person in the background", "the second car from the left". */
export function thingName(label: string, select: ObjectSelector): string {
  const plural = label === 'person' ? 'people' : /(s|sh|ch)$/.test(label) ? label : `${label}s`;
  switch (select.which) {
    case 'all':
      return `all the ${plural}`;
    case 'background':
      return select.keep && select.keep > 1
        ? `all the ${plural} but the ${NUMBER_NAMES[select.keep] ?? select.keep} in front`
        : `the ${plural} in the background`;
    case 'wearing':
      return `the ${label} in ${select.colour}`;
    case 'nth':
      return `the ${ORDINAL_WORDS[select.index] ?? `${select.index + 1}th`} ${label} from the left`;
    case 'biggest':
      return select.several
        ? `the ${NUMBER_NAMES[select.several] ?? select.several} ${plural} in front`
        : `the biggest ${label}`;
    case 'smallest':
      return `the ${select.which} ${label}`;
    case 'center':
      return `the ${label} in the middle`;
    case 'default':
      return `the ${label}`;
    default: {
      const { several } = select;
      if (several === undefined) return `the ${label} on the ${select.which}`;
      const many = several === 'half' ? plural : `${NUMBER_NAMES[several] ?? several} ${plural}`;
      return `the ${many} on the ${select.which}`;
    }
  }
}

const NUMBER_NAMES: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five' };

const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

const ROTATIONS = { 90: '90° clockwise', 180: '180°', 270: '90° anticlockwise' } as const;

/** What was done, in the past tense, for the steps shown beside the result: "Made it 20 % brighter". */
export function describeStep(step: EditStep): string {
  switch (step.kind) {
    case 'brightness':
      return `Made it ${percent(step.amount)} ${step.amount >= 0 ? 'brighter' : 'darker'}`;
    case 'contrast':
      return `${step.amount >= 0 ? 'Raised' : 'Lowered'} the contrast by ${percent(step.amount)}`;
    case 'saturation':
      return step.amount >= 0
        ? `Made the colours ${percent(step.amount)} more vivid`
        : `Muted the colours by ${percent(step.amount)}`;
    case 'warmth':
      return step.amount >= 0 ? 'Made it warmer' : 'Made it cooler';
    case 'grayscale':
      return 'Made it black and white';
    case 'sepia':
      return 'Gave it a sepia tone';
    case 'auto-levels':
      return 'Balanced the light (auto levels)';
    case 'auto-white-balance':
      return step.cast
        ? `Removed the ${CASTS[step.cast]} cast and balanced the colours`
        : 'Corrected the colours (auto white balance)';
    case 'light-recovery':
      return lightName(step, 'Brought back detail in the highlights', 'Lifted the shadows');
    case 'clarify':
      return 'Made it clearer (cleaned up and sharpened)';
    case 'sharpen':
      return 'Sharpened it';
    case 'denoise':
      return 'Reduced the noise';
    case 'blur':
      return step.region ? `Blurred ${regionName(step.region)}` : 'Blurred it';
    case 'vignette':
      return step.amount >= 0 ? 'Darkened the corners (vignette)' : 'Lightened the dark corners';
    case 'rotate':
      return `Rotated it ${ROTATIONS[step.degrees]}`;
    case 'flip':
      return step.axis === 'horizontal' ? 'Mirrored it left to right' : 'Flipped it upside down';
    case 'crop':
      if (step.edges) return `Cut ${edgesName(step.edges)}`;
      return step.aspect ? `Cropped it to ${cropName(step)}` : 'Cropped in around the subject';
    case 'straighten':
      return 'Straightened it';
    case 'resize':
      return `Resized it to ${sizeName(step)}`;
    case 'upscale':
      return `Upscaled it ${step.scale}x`;
    case 'background':
      return step.backdrop.kind === 'transparent'
        ? 'Removed the background'
        : step.backdrop.kind === 'blur'
          ? 'Blurred the background'
          : `Replaced the background with ${step.backdrop.color}`;
    case 'remove-object':
      return `Removed ${step.name ? `the ${step.name}` : thingName(step.label, step.select)}`;
    case 'remove-marked':
      return `Removed ${quoted(step.thing)}`;
    case 'remove-text':
      return `Removed ${TEXT_NAMES[step.target]}`;
    case 'enhance-face':
      return step.smoothSkin ? 'Enhanced the face and smoothed the skin' : 'Enhanced the face';
    case 'headshot':
      return 'Made it a professional headshot';
    case 'red-eye':
      return 'Fixed red eyes';
    case 'clear-eye-whites':
      return 'Cleared the red from the whites of the eyes';
    case 'brighten-eyes':
      return 'Brightened the eyes';
    case 'whiten-teeth':
      return 'Whitened the teeth';
    case 'reduce-redness':
      return 'Calmed the redness of the skin';
    case 'selective-colour':
      return `Made it black and white except ${keptName(step)}`;
  }
}

/** What will be done, short, for the preview while the person types: "brighten +20 %", "crop to 1:1". */
export function previewStep(step: EditStep): string {
  switch (step.kind) {
    case 'brightness':
      return `${step.amount >= 0 ? 'brighten' : 'darken'} ${signed(step.amount)}`;
    case 'contrast':
      return `contrast ${signed(step.amount)}`;
    case 'saturation':
      return `colour saturation ${signed(step.amount)}`;
    case 'warmth':
      return step.amount >= 0 ? 'warmer' : 'cooler';
    case 'grayscale':
      return 'black and white';
    case 'sepia':
      return 'sepia tone';
    case 'auto-levels':
      return 'auto levels';
    case 'auto-white-balance':
      return step.cast ? `remove the ${CASTS[step.cast]} cast` : 'auto white balance';
    case 'light-recovery':
      return lightName(step, 'recover the highlights', 'lift the shadows');
    case 'clarify':
      return 'make it clearer';
    case 'sharpen':
      return 'sharpen';
    case 'denoise':
      return 'reduce noise';
    case 'blur':
      if (step.region && 'marked' in step.region)
        return `blur ${quoted(step.region.marked)}: tap or paint it on the photo`;
      return step.region ? `blur ${regionName(step.region)}` : 'blur';
    case 'vignette':
      return step.amount >= 0 ? `vignette ${percent(step.amount)}` : 'lighten the dark corners';
    case 'rotate':
      return `rotate ${ROTATIONS[step.degrees]}`;
    case 'flip':
      return step.axis === 'horizontal' ? 'mirror left to right' : 'flip upside down';
    case 'crop':
      if (step.edges) return `crop: cut ${edgesName(step.edges)}`;
      return step.size
        ? `crop and scale to ${cropName(step)}`
        : step.aspect
          ? `crop to ${step.aspect.width}:${step.aspect.height}${step.label ? ` (${step.label})` : ''}`
          : 'crop in around the subject';
    case 'straighten':
      return 'straighten';
    case 'resize':
      return `resize to ${sizeName(step)}`;
    case 'upscale':
      return `upscale ${step.scale}x`;
    case 'background':
      return step.backdrop.kind === 'transparent'
        ? 'remove the background'
        : step.backdrop.kind === 'blur'
          ? 'blur the background'
          : `${step.backdrop.color} background`;
    case 'remove-object':
      return `remove ${step.name ? `the ${step.name}` : thingName(step.label, step.select)}`;
    case 'remove-marked':
      return `remove ${quoted(step.thing)}: tap or paint it on the photo`;
    case 'remove-text':
      return `remove ${TEXT_NAMES[step.target]}`;
    case 'enhance-face':
      return step.smoothSkin ? 'enhance the face, smooth the skin' : 'enhance the face';
    case 'headshot':
      return 'professional headshot';
    case 'red-eye':
      return 'fix red eyes';
    case 'clear-eye-whites':
      return 'clear red from the whites of the eyes';
    case 'brighten-eyes':
      return 'brighten the eyes';
    case 'whiten-teeth':
      return 'whiten the teeth';
    case 'reduce-redness':
      return 'reduce skin redness';
    case 'selective-colour':
      return 'marked' in step.keep
        ? `black and white except ${keptName(step)}: tap or paint it on the photo`
        : `black and white except ${keptName(step)}`;
  }
}

function lightName(step: Extract<EditStep, { kind: 'light-recovery' }>, highlights: string, shadows: string) {
  const parts = [step.highlights > 0 ? highlights : '', step.shadows > 0 ? shadows : ''].filter(Boolean);
  return parts.map((p, i) => (i ? p.charAt(0).toLowerCase() + p.slice(1) : p)).join(' and ');
}
