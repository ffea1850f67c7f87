/**
 * The bar to beat: a plain keyword matcher over Chat to Edit's step kinds. Each kind has a list of words and
 * phrases; a kind is planned when any of them occurs in the lower-cased text as whole words. No grammar, no
 * negation, no order: "don't make it darker" plans brightness. Two small rules only, as anyone writing one
 * would add: a removal verb with a thing no other removal kind covers plans remove-marked, and one with a
 * detector's class name plans remove-object. Nothing matched means a refusal.
 */

/** Whole-word phrases per step kind, lower case. A trailing `*` matches any word ending ("brighten*"). */
const KEYWORDS: Record<string, string[]> = {
  brightness: [
    'bright*',
    'lighten*',
    'lighter',
    'darken*',
    'darker',
    'too dark',
    'dim',
    'exposure',
    'underexposed',
  ],
  contrast: ['contrast'],
  saturation: [
    'saturat*',
    'desaturat*',
    'vibran*',
    'colorful',
    'colourful',
    'more color',
    'more colour',
    'pop',
    'dull',
    'washed out',
  ],
  warmth: ['warm*', 'cooler', 'colder', 'cool tone*', 'temperature'],
  grayscale: [
    'black and white',
    'black & white',
    'b&w',
    'b/w',
    'grayscale',
    'greyscale',
    'monochrome',
    'gray scale',
  ],
  sepia: ['sepia', 'vintage', 'old look', 'old fashioned'],
  'auto-levels': [
    'lighting',
    'levels',
    'color correct*',
    'colour correct*',
    'fix the colors',
    'fix the colours',
    'adjust the colors',
    'adjust the colours',
    'enhance*',
    'improve*',
    'better',
    'restore*',
    'restoration',
    'touch up',
  ],
  'auto-white-balance': [
    'white balance',
    'color cast',
    'colour cast',
    'cast',
    'tint',
    'tinted',
    'too yellow',
    'too blue',
    'too orange',
    'too green',
    'yellowish',
    'greenish',
    'fluorescent',
    'colors are off',
    'colours are off',
    'color correct*',
    'colour correct*',
  ],
  'light-recovery': [
    'shadow*',
    'highlight*',
    'glare',
    'overexposed',
    'blown out',
    'too bright',

    'sun glare',
    'flare',
  ],
  sharpen: ['sharp*', 'crisp*', 'blurry', 'blurred', 'unblur', 'deblur', 'out of focus', 'in focus', 'focus'],
  clarify: [
    'clear',
    'clearer',
    'clarity',
    'clarify',
    'quality',
    'blurry',
    'blurriness',
    'pixelated',
    'pixelation',

    'hd',

    'restore*',
    'restoration',
  ],
  denoise: ['noise', 'noisy', 'denoise', 'grain', 'grainy', 'speckle*'],
  blur: ['blur', 'blurrier', 'bokeh', 'soften', 'out of focus background', 'depth of field'],
  rotate: ['rotate*', 'rotation', 'upside down', 'sideways', 'clockwise', 'counter clockwise', '90 degrees'],
  flip: ['flip*', 'mirror*'],
  crop: [
    'crop*',
    'zoom in',
    'zoom into',
    'square',
    'instagram',
    'aspect ratio',
    'portrait',
    'landscape',
    'wallpaper',
    '4x6',
    '5x7',
    '8x10',
    '16:9',
    '4:3',
    '1:1',
    'cut off',
    'trim',
  ],
  straighten: ['straighten*', 'straight', 'tilted', 'crooked', 'level', 'horizon'],
  resize: ['resize*', 'smaller', 'size', 'dimensions', 'pixels', 'px', 'scale down'],
  upscale: [
    'upscale*',
    'upres',
    'higher resolution',
    'high resolution',
    'high res',
    'resolution',
    'bigger',
    'larger',
    'enlarge*',
    'print',
    '4k',
  ],
  background: ['background', 'backdrop', 'transparent', 'png', 'cut out', 'cutout', 'white background'],
  'remove-text': [
    'text',
    'texts',
    'watermark*',
    'date stamp',
    'timestamp',
    'time stamp',
    'logo*',
    'writing',
    'words',
    'letters',
    'caption',
  ],
  'enhance-face': [
    'blemish*',
    'acne',
    'pimple*',
    'wrinkle*',
    'smooth skin',
    'skin',
    'retouch*',
    'face',
    'faces',
    'spots on',
  ],
  'red-eye': ['red eye', 'red eyes', 'red-eye', 'glowing eyes', 'eyes'],
  'whiten-teeth': ['teeth', 'whiten*'],
  'reduce-redness': ['sunburn*', 'redness', 'red skin', 'flushed', 'red face'],
  'selective-colour': [
    'except',
    'only the',
    'splash',
    'selective',
    'keep the color',
    'keep the colour',

    'in color',
    'in colour',
  ],
  headshot: [
    'headshot',
    'head shot',
    'linkedin',
    'passport',
    'profile picture',
    'professional photo',
    'id photo',
  ],
};

/** Verbs that ask for something to go. */
const REMOVAL = [
  'remove*',
  'delete*',
  'erase*',
  'get rid of',
  'take out',
  'take away',
  'take off',
  'edit out',
  'photoshop out',
  'clean up',
  'clean out',
  'cut out',
  'eliminate',
];

/** Things a COCO detector finds, as people name them. */
const DETECTABLE = [
  'person',
  'people',
  'man',
  'men',
  'woman',
  'women',
  'guy*',
  'girl*',
  'boy*',
  'lady',
  'kid*',
  'child*',
  'baby',
  'photobomber',
  'tourist*',
  'car*',
  'truck*',
  'bus',
  'bike*',
  'bicycle*',
  'motorcycle*',
  'dog*',
  'cat*',
  'bird*',
  'horse*',
  'bottle*',
  'cup*',
  'chair*',
  'bench',
  'umbrella*',
  'backpack*',
  'handbag*',
  'bag*',
  'phone*',
  'tv',
  'laptop*',
  'couch',
  'boat*',
  'sign*',
  'suitcase*',
];

function pattern(phrases: string[]): RegExp {
  const alternatives = phrases.map((p) => {
    const wild = p.endsWith('*');
    const body = (wild ? p.slice(0, -1) : p).replace(/[.*+?^${}()|[\]\\/&:]/g, '\\$&').replace(/ /g, '\\s+');
    return wild ? `${body}[a-z]*` : body;
  });
  return new RegExp(`(?<![a-z0-9])(?:${alternatives.join('|')})(?![a-z0-9])`, 'i');
}

const PATTERNS = Object.entries(KEYWORDS).map(([kind, words]) => [kind, pattern(words)] as const);
const REMOVAL_PATTERN = pattern(REMOVAL);
const DETECTABLE_PATTERN = pattern(DETECTABLE);

/** The step kinds a keyword matcher would plan for `text`, in a fixed order; [] is a refusal. */
export function keywordPlan(text: string): string[] {
  const lower = text.toLowerCase();
  const kinds = PATTERNS.filter(([, re]) => re.test(lower)).map(([kind]) => kind);
  if (REMOVAL_PATTERN.test(lower)) {
    if (DETECTABLE_PATTERN.test(lower)) kinds.push('remove-object');
    else if (!kinds.includes('remove-text') && !kinds.includes('background')) kinds.push('remove-marked');
  }
  return kinds;
}
