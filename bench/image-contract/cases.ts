/**
 * The inputs and command lines of the image-contract comparison. Inputs are made from the project's photos the
 * same way on every run (copies, resizes, a drawn mark), so two checkouts read the very same bytes.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

const PHOTOS = path.resolve(import.meta.dirname, '../../assets/photos');
const photo = (name: string) => path.join(PHOTOS, name);

export interface ContractCase {
  name: string;
  /** In a few words, for the table. */
  what: string;
  /** The command line's arguments, given the inputs' folder and the folder to write into. */
  args(inputs: string, out: string): string[];
  /** detect-watermark exits 1 when it finds nothing: not a failure here. */
  mayFindNothing?: boolean;
}

const SIZE = { width: 640, height: 480 } as const;

/** Writes the inputs once (they are the same on every run); later runs reuse them. */
export async function prepareInputs(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'done'))) return;
  for (const folder of ['portraits', 'scenes', 'small', 'masked', 'marked'])
    mkdirSync(path.join(dir, folder), { recursive: true });
  const at = (...parts: string[]) => path.join(dir, ...parts);

  copyFileSync(photo('face-grace-hopper-navy-portrait.jpg'), at('portraits', 'grace.jpg'));
  copyFileSync(photo('astronaut.png'), at('portraits', 'astronaut.png'));
  copyFileSync(photo('face-man-yawning-glasses-beard.jpg'), at('portraits', 'yawning.jpg'));
  copyFileSync(photo('face-cameraman-profile-grey.png'), at('portraits', 'cameraman-grey.png'));
  await sharp(photo('face-old-man-sepia-moustache.jpg'))
    .webp({ quality: 90 })
    .toFile(at('portraits', 'sepia.webp'));

  copyFileSync(photo('coffee.png'), at('scenes', 'coffee.png'));
  copyFileSync(photo('chelsea.png'), at('scenes', 'chelsea.png'));
  copyFileSync(photo('rocket.jpg'), at('scenes', 'rocket.jpg'));
  await sharp(photo('Garden.jpg')).resize(1280, 800).jpeg({ quality: 90 }).toFile(at('scenes', 'garden.jpg'));

  await sharp(photo('coffee.png')).resize(300, 200).png().toFile(at('small', 'coffee.png'));
  await sharp(photo('rocket.jpg')).resize(320, 213).jpeg({ quality: 90 }).toFile(at('small', 'rocket.jpg'));
  await withRoundAlpha(sharp(photo('face-grace-hopper-navy-portrait.jpg')).resize(256, 300), 256, 300).then(
    (png) => writeFileSync(at('small', 'grace-alpha.png'), png),
  );

  const cover = (name: string) => sharp(photo(name)).resize(SIZE.width, SIZE.height, { fit: 'cover' });
  await cover('coffee.png').png().toFile(at('masked', 'coffee.png'));
  await cover('Garden.jpg').jpeg({ quality: 90 }).toFile(at('masked', 'garden.jpg'));
  await cover('rocket.jpg').webp({ quality: 90 }).toFile(at('masked', 'rocket.webp'));
  writeFileSync(
    at('masked', 'chelsea-alpha.png'),
    await withRoundAlpha(cover('chelsea.png'), SIZE.width, SIZE.height),
  );
  await sharp(svg(`<ellipse cx="300" cy="230" rx="70" ry="50" fill="white"/>`, 'black'))
    .png()
    .toFile(at('mask.png'));

  const mark = svg(
    `<text x="320" y="260" font-family="DejaVu Sans" font-size="64" font-weight="bold" fill="white" fill-opacity="0.55"
       text-anchor="middle" transform="rotate(-25 320 240)">© STOCKPHOTO</text>
     <text x="620" y="465" font-family="DejaVu Sans" font-size="18" fill="white" text-anchor="end">preview 48213</text>`,
  );
  for (const name of ['Garden.jpg', 'rocket.jpg'])
    await cover(name)
      .composite([{ input: mark }])
      .jpeg({ quality: 85 })
      .toFile(at('marked', name.toLowerCase()));
  writeFileSync(at('done'), '');
}

function svg(body: string, background?: string): Buffer {
  const fill = background ? `<rect width="100%" height="100%" fill="${background}"/>` : '';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}">${fill}${body}</svg>`,
  );
}

/** The photo as RGBA, transparent outside a soft-edged ellipse: a cut-out as people upload them. */
async function withRoundAlpha(image: Sharp, width: number, height: number): Promise<Buffer> {
  const alpha = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/>
       <ellipse cx="${width / 2}" cy="${height / 2}" rx="${width * 0.42}" ry="${height * 0.45}" fill="white"/></svg>`,
    ),
  )
    .blur(3)
    .extractChannel(0)
    .toBuffer();
  return image.removeAlpha().joinChannel(alpha).png().toBuffer();
}

const run =
  (mode: string, image: string, ...extra: string[]) =>
  (inputs: string, out: string) => [
    mode,
    '--image',
    path.join(inputs, image),
    ...extra.map((arg) => arg.replace('{inputs}', inputs)),
    '--out',
    out,
  ];

export const CONTRACT_CASES: ContractCase[] = [
  {
    name: 'bg-transparent',
    what: 'background removal, transparent',
    args: run('background-removal', 'portraits'),
  },
  {
    name: 'bg-white',
    what: 'background removal, white backdrop',
    args: run(
      'background-removal',
      'scenes',
      '--option',
      'backdrop.kind=color',
      '--option',
      'backdrop.color=#ffffff',
    ),
  },
  {
    name: 'bg-blur',
    what: 'background removal, blurred backdrop',
    args: run('background-removal', 'portraits/*.jpg', '--option', 'backdrop.kind=blur'),
  },
  {
    name: 'upscale-2x-fast',
    what: 'upscale 2x, fast',
    args: run('image-upscale', 'small', '--scale', '2', '--option', 'quality=fast'),
  },
  {
    name: 'upscale-2x-balanced',
    what: 'upscale 2x, balanced',
    args: run('image-upscale', 'small', '--scale', '2'),
  },
  {
    name: 'upscale-4x-alpha',
    what: 'upscale 4x, fast, with alpha',
    args: run('image-upscale', 'small/grace-alpha.png', '--scale', '4', '--option', 'quality=fast'),
  },
  { name: 'face-natural', what: 'face enhancement, natural', args: run('face-enhancement', 'portraits') },
  {
    name: 'face-strong',
    what: 'face enhancement, strong, no smoothing',
    args: run(
      'face-enhancement',
      'portraits/*.jpg',
      '--option',
      'strength=strong',
      '--option',
      'skinSmoothing=false',
    ),
  },
  { name: 'headshot-square', what: 'headshot, square, grey', args: run('professional-photo', 'portraits') },
  {
    name: 'headshot-passport',
    what: 'headshot, passport, white',
    args: run(
      'professional-photo',
      'portraits/grace.jpg',
      '--option',
      'size=passport',
      '--option',
      'backdrop=white',
    ),
  },
  {
    name: 'object-mask',
    what: 'object removal, painted mask',
    args: run('object-removal', 'masked', '--mask', '{inputs}/mask.png'),
  },
  {
    name: 'watermark-mask',
    what: 'watermark removal, painted mask',
    args: run('watermark-removal', 'masked', '--mask', '{inputs}/mask.png'),
  },
  {
    name: 'watermark-found',
    what: 'watermark removal, mark found',
    args: run('watermark-removal', 'marked'),
  },
  {
    name: 'detect-watermark',
    what: 'the proposed watermark mask',
    args: run('detect-watermark', 'marked'),
    mayFindNothing: true,
  },
  {
    name: 'chat-brighter',
    what: "Chat to Edit: 'make it brighter'",
    args: run('prompt-edit', 'scenes', '--prompt', 'make it brighter'),
  },
  {
    name: 'chat-square-bw',
    what: "Chat to Edit: 'crop it to a square, then black and white'",
    args: run('prompt-edit', 'scenes', '--prompt', 'crop it to a square, then black and white'),
  },
  {
    name: 'chat-cup',
    what: "Chat to Edit: 'remove the cup'",
    args: run('prompt-edit', 'scenes/coffee.png', '--prompt', 'remove the cup'),
  },
  {
    name: 'chat-marked',
    what: "Chat to Edit: 'remove this' with a mask",
    args: run('prompt-edit', 'masked', '--prompt', 'remove this', '--mask', '{inputs}/mask.png'),
  },
  {
    name: 'chat-several',
    what: "Chat to Edit: 'remove the background, enhance her face and upscale it 2x'",
    args: run(
      'prompt-edit',
      'portraits/grace.jpg',
      '--prompt',
      'remove the background, enhance her face and upscale it 2x',
    ),
  },
  {
    name: 'select-tap',
    what: 'tap to select (the mask)',
    args: (inputs, out) => [
      'select',
      '--image',
      path.join(inputs, 'scenes', 'coffee.png'),
      '--point',
      '300,200',
      '--out',
      path.join(out, 'coffee-mask.png'),
    ],
  },
];
