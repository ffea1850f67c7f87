/**
 * The kinds of mark people upload, each drawn as one SVG (fills, gradients, strokes, shadows and opacities
 * as editors make them). Every drawing takes the photo's size and a seeded random source, so the tuning and
 * held-out parts get different words, colours, angles and places from the same kinds.
 */

export type MarkKind =
  | 'one-colour text'
  | 'gradient logo'
  | 'multi-colour logo'
  | 'overlapping shapes'
  | 'shadow or outline'
  | 'banner with text'
  | 'tiled'
  | 'busy texture'
  | 'face'
  | 'date stamp'
  | 'web address'
  | 'corner logo'
  | 'jpeg halo'
  | 'corner text on detail';

export interface MarkSpec {
  kind: MarkKind;
  /** How a person paints over it: a loose band around the strokes, or a rectangle around small text. */
  paint: 'band' | 'box';
  /** Where the mark goes: anywhere, on the photo's busiest area, or on the portrait's face. */
  place: 'free' | 'busy' | 'face';
  /** JPEG quality the marked photo is saved at (its blocks and the mark's halo), or none: lossless. */
  jpegQuality?: number;
  draw: (w: number, h: number, rnd: () => number, at: { x: number; y: number }) => Drawing;
}

export interface Drawing {
  description: string;
  svg: string;
}

type Rgb = [number, number, number];

const SANS = "font-family='DejaVu Sans'";
const SERIF = "font-family='DejaVu Serif'";
const MONO = "font-family='DejaVu Sans Mono'";

const WORDS = [
  'PHOTOSTOCK',
  'PREVIEW',
  'SAMPLE',
  'imagebank',
  'Studio Nine',
  'PROOF',
  'pixelhaus',
  'COPYRIGHT',
];
const BRANDS = ['lumina', 'ORBIT', 'Fotoria', 'NOVA', 'brightframe', 'KESTREL', 'Vivid', 'atlas'];
const SITES = ['www.example-photos.com', 'shop.pixelhaus.net', 'www.lumina-images.org', 'fotoria.example'];
const SATURATED: Rgb[] = [
  [230, 40, 40],
  [30, 90, 220],
  [20, 170, 90],
  [250, 200, 30],
  [160, 40, 200],
  [250, 120, 20],
  [20, 190, 210],
  [240, 60, 160],
];

const pick = <T>(list: T[], rnd: () => number): T => list[Math.floor(rnd() * list.length) % list.length];
const between = (a: number, b: number, rnd: () => number) => a + (b - a) * rnd();
const rgb = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;
const two = (rnd: () => number): [Rgb, Rgb] => {
  const a = Math.floor(rnd() * SATURATED.length);
  const b = (a + 1 + Math.floor(rnd() * (SATURATED.length - 1))) % SATURATED.length;
  return [SATURATED[a], SATURATED[b]];
};

function text(
  x: number,
  y: number,
  size: number,
  body: string,
  attrs: string,
  rotate = 0,
  anchor: 'middle' | 'start' = 'middle',
): string {
  const safe = body.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<text x='${x.toFixed(1)}' y='${y.toFixed(1)}' font-size='${size.toFixed(1)}' ${attrs} text-anchor='${anchor}' dominant-baseline='middle' transform='rotate(${rotate.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})'>${safe}</text>`;
}

function gradient(id: string, from: Rgb, to: Rgb, angle: number): string {
  const a = (angle * Math.PI) / 180;
  const dx = Math.cos(a) / 2;
  const dy = Math.sin(a) / 2;
  return `<linearGradient id='${id}' x1='${0.5 - dx}' y1='${0.5 - dy}' x2='${0.5 + dx}' y2='${0.5 + dy}'><stop offset='0' stop-color='${rgb(from)}'/><stop offset='1' stop-color='${rgb(to)}'/></linearGradient>`;
}

/** A translucent word, one flat colour, at an angle. */
const oneColourText: MarkSpec['draw'] = (w, h, rnd, at) => {
  const colour: Rgb = rnd() < 0.5 ? [255, 255, 255] : rnd() < 0.5 ? [0, 0, 0] : pick(SATURATED, rnd);
  const opacity = between(0.3, 0.6, rnd);
  const word = pick(WORDS, rnd);
  const angle = between(-35, 35, rnd);
  const weight = rnd() < 0.6 ? 'bold' : '300';
  const size = (w * between(0.8, 1.1, rnd)) / word.length;
  return {
    description: `${word} in ${weight === 'bold' ? 'bold' : 'light'} ${rgb(colour)} at ${opacity.toFixed(2)}, ${Math.round(angle)}°`,
    svg: `<g opacity='${opacity.toFixed(2)}' fill='${rgb(colour)}'>${text(at.x, at.y, size, word, `${SANS} font-weight='${weight}'`, angle)}</g>`,
  };
};

export const MARKS: MarkSpec[] = [
  { kind: 'one-colour text', paint: 'band', place: 'free', draw: oneColourText },
  {
    kind: 'gradient logo',
    paint: 'band',
    place: 'free',
    draw: (w, h, rnd, at) => {
      const [a, b] = two(rnd);
      const opacity = between(0.4, 0.65, rnd);
      const r = Math.min(w, h) * between(0.09, 0.13, rnd);
      const brand = pick(BRANDS, rnd);
      const angle = between(0, 180, rnd);
      return {
        description: `emblem and "${brand}" in a ${rgb(a)} to ${rgb(b)} gradient at ${opacity.toFixed(2)}`,
        svg: `<defs>${gradient('g', a, b, angle)}</defs><g opacity='${opacity.toFixed(2)}' fill='url(#g)'><circle cx='${at.x - r * 2.5}' cy='${at.y}' r='${r}'/><circle cx='${at.x - r * 2.5}' cy='${at.y}' r='${r * 1.35}' fill='none' stroke='url(#g)' stroke-width='${r * 0.15}'/>${text(at.x - r * 0.9, at.y, r * 0.9, brand, `${SANS} font-weight='bold'`, 0, 'start')}</g>`,
      };
    },
  },
  {
    kind: 'multi-colour logo',
    paint: 'band',
    place: 'free',
    draw: (w, h, rnd, at) => {
      const colours = [pick(SATURATED, rnd), pick(SATURATED, rnd), pick(SATURATED, rnd)];
      const opacity = between(0.45, 0.7, rnd);
      const s = Math.min(w, h) * between(0.07, 0.1, rnd);
      const brand = pick(BRANDS, rnd);
      const word: Rgb = rnd() < 0.5 ? [255, 255, 255] : colours[0];
      return {
        description: `three coloured tiles and "${brand}" at ${opacity.toFixed(2)}`,
        svg: `<g opacity='${opacity.toFixed(2)}'><rect x='${at.x - 3.2 * s}' y='${at.y - s}' width='${s}' height='${s}' fill='${rgb(colours[0])}'/><rect x='${at.x - 2.1 * s}' y='${at.y - s}' width='${s}' height='${s}' fill='${rgb(colours[1])}'/><rect x='${at.x - 3.2 * s}' y='${at.y + 0.1 * s}' width='${2.1 * s}' height='${s}' fill='${rgb(colours[2])}'/>${text(at.x - 0.9 * s, at.y + 0.05 * s, s * 0.95, brand, `${SERIF} font-weight='bold' fill='${rgb(word)}'`, 0, 'start')}</g>`,
      };
    },
  },
  {
    kind: 'overlapping shapes',
    paint: 'band',
    place: 'free',
    draw: (w, h, rnd, at) => {
      const r = Math.min(w, h) * between(0.09, 0.13, rnd);
      const count = 3 + Math.floor(rnd() * 2);
      const shapes: string[] = [];
      const names: string[] = [];
      for (let k = 0; k < count; k++) {
        const theta = (2 * Math.PI * k) / count + rnd();
        const colour = SATURATED[(k * 3 + Math.floor(rnd() * 8)) % SATURATED.length];
        const opacity = between(0.3, 0.5, rnd);
        names.push(rgb(colour));
        const cx = at.x + 0.6 * r * Math.cos(theta);
        const cy = at.y + 0.6 * r * Math.sin(theta);
        shapes.push(
          k % 2
            ? `<circle cx='${cx}' cy='${cy}' r='${r}' fill='${rgb(colour)}' opacity='${opacity.toFixed(2)}'/>`
            : `<rect x='${cx - r * 0.85}' y='${cy - r * 0.85}' width='${r * 1.7}' height='${r * 1.7}' rx='${r * 0.3}' fill='${rgb(colour)}' opacity='${opacity.toFixed(2)}' transform='rotate(${Math.round(rnd() * 90)} ${cx} ${cy})'/>`,
        );
      }
      return {
        description: `${count} translucent shapes overlapping (${names.join(', ')})`,
        svg: shapes.join(''),
      };
    },
  },
  {
    kind: 'shadow or outline',
    paint: 'band',
    place: 'free',
    draw: (w, h, rnd, at) => {
      const word = pick(WORDS, rnd);
      const size = (w * between(1.0, 1.3, rnd)) / word.length;
      const style = Math.floor(rnd() * 3);
      const fillOpacity = between(0.5, 0.9, rnd);
      const angle = between(-20, 20, rnd);
      const shadow = `<filter id='s' x='-20%' y='-40%' width='140%' height='180%'><feGaussianBlur in='SourceAlpha' stdDeviation='${(size * 0.05).toFixed(1)}'/><feOffset dx='${(size * 0.06).toFixed(1)}' dy='${(size * 0.06).toFixed(1)}' result='b'/><feComponentTransfer><feFuncA type='linear' slope='0.6'/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in='SourceGraphic'/></feMerge></filter>`;
      const outline = `stroke='black' stroke-opacity='0.8' stroke-width='${(size * 0.04).toFixed(1)}'`;
      const attrs = `${SANS} font-weight='bold' fill='white' fill-opacity='${fillOpacity.toFixed(2)}'`;
      const label = ['drop shadow', 'dark outline', 'drop shadow and outline'][style];
      return {
        description: `white "${word}" at ${fillOpacity.toFixed(2)} with a ${label}`,
        svg: `<defs>${shadow}</defs><g ${style !== 1 ? "filter='url(#s)'" : ''}>${text(at.x, at.y, size, word, `${attrs} ${style !== 0 ? outline : ''}`, angle)}</g>`,
      };
    },
  },
  {
    kind: 'banner with text',
    paint: 'band',
    place: 'free',
    draw: (w, h, rnd) => {
      const dark = rnd() < 0.6;
      const opacity = between(0.35, 0.6, rnd);
      const bh = h * between(0.07, 0.11, rnd);
      const y = h * (rnd() < 0.5 ? between(0.72, 0.85, rnd) : between(0.4, 0.55, rnd));
      const words = `${pick(['Property of', 'Licensed by', 'Preview from', '© 2024'], rnd)} ${pick(BRANDS, rnd)}`;
      const textOpacity = between(0.8, 1, rnd);
      return {
        description: `${dark ? 'dark' : 'light'} band at ${opacity.toFixed(2)} across the photo with "${words}"`,
        svg: `<rect x='0' y='${y - bh / 2}' width='${w}' height='${bh}' fill='${dark ? 'black' : 'white'}' opacity='${opacity.toFixed(2)}'/>${text(w / 2, y, bh * 0.55, words, `${SANS} font-weight='bold' fill='${dark ? 'white' : 'black'}' opacity='${textOpacity.toFixed(2)}'`)}`,
      };
    },
  },
  {
    kind: 'tiled',
    paint: 'band',
    place: 'free',
    draw: (w, h, rnd) => {
      const word = pick(WORDS, rnd);
      const angle = pick([-45, -30, -15, 15, 30, 45], rnd);
      const size = w * between(0.028, 0.045, rnd);
      const opacity = between(0.25, 0.45, rnd);
      const colour = rnd() < 0.7 ? 'white' : 'black';
      const stepX = size * word.length * 0.9;
      const stepY = size * between(2.8, 4, rnd);
      const tiles: string[] = [];
      for (let row = 0, y = -h * 0.5; y < h * 1.5; row++, y += stepY)
        for (let x = -w * 0.5 + (row % 2) * (stepX / 2); x < w * 1.5; x += stepX)
          tiles.push(text(x, y, size, word, `${SANS} font-weight='bold'`));
      return {
        description: `"${word}" tiled at ${angle}°, ${colour}, ${opacity.toFixed(2)}`,
        svg: `<g fill='${colour}' opacity='${opacity.toFixed(2)}' transform='rotate(${angle} ${w / 2} ${h / 2})'>${tiles.join('')}</g>`,
      };
    },
  },
  { kind: 'busy texture', paint: 'band', place: 'busy', draw: oneColourText },
  { kind: 'face', paint: 'band', place: 'face', draw: oneColourText },
  {
    kind: 'date stamp',
    paint: 'box',
    place: 'free',
    jpegQuality: 85,
    draw: (w, h, rnd) => {
      const year = 90 + Math.floor(rnd() * 10);
      const stamp = `'${year} ${1 + Math.floor(rnd() * 12)} ${1 + Math.floor(rnd() * 28)}`;
      const size = Math.min(w, h) * between(0.035, 0.05, rnd);
      const x = w * between(0.72, 0.82, rnd);
      const y = h * between(0.86, 0.93, rnd);
      // A camera's imprint is a slightly blurred orange glow, not a crisp font.
      return {
        description: `orange camera date imprint ${stamp}, glowing, saved as JPEG`,
        svg: `<defs><filter id='glow'><feGaussianBlur stdDeviation='${(size * 0.04).toFixed(2)}'/></filter></defs><g filter='url(#glow)' opacity='${between(0.8, 0.95, rnd).toFixed(2)}'>${text(x, y, size, stamp, `${MONO} font-weight='bold' fill='rgb(255,${120 + Math.floor(rnd() * 40)},30)'`)}</g>`,
      };
    },
  },
  {
    kind: 'web address',
    paint: 'box',
    place: 'free',
    draw: (w, h, rnd) => {
      const site = pick(SITES, rnd);
      const size = (w * between(0.7, 1.0, rnd)) / site.length;
      const opacity = between(0.5, 0.85, rnd);
      const y = h * between(0.55, 0.92, rnd);
      const light = rnd() < 0.7;
      return {
        description: `${site} in thin ${light ? 'white' : 'dark'} type at ${opacity.toFixed(2)}`,
        svg: text(
          w / 2,
          y,
          size,
          site,
          `${SANS} font-weight='300' fill='${light ? 'white' : 'rgb(20,20,20)'}' opacity='${opacity.toFixed(2)}'`,
        ),
      };
    },
  },
  {
    kind: 'corner logo',
    paint: 'box',
    place: 'free',
    draw: (w, h, rnd) => {
      const [a, b] = two(rnd);
      const brand = pick(BRANDS, rnd);
      const s = Math.min(w, h) * between(0.035, 0.05, rnd);
      const right = rnd() < 0.7;
      const bottom = rnd() < 0.6;
      const cx = right ? w - s * 6 : s * 2;
      const cy = bottom ? h - s * 2 : s * 2;
      const opacity = between(0.7, 1, rnd);
      return {
        description: `small ${rgb(a)}/${rgb(b)} logo with "${brand}" in the ${bottom ? 'bottom' : 'top'} ${right ? 'right' : 'left'} corner at ${opacity.toFixed(2)}`,
        svg: `<g opacity='${opacity.toFixed(2)}'><circle cx='${cx}' cy='${cy}' r='${s * 0.8}' fill='${rgb(a)}'/><circle cx='${cx}' cy='${cy}' r='${s * 0.35}' fill='white'/>${text(cx + s * 3, cy, s, brand, `${SANS} font-weight='bold' fill='${rgb(b)}'`)}</g>`,
      };
    },
  },
  {
    kind: 'jpeg halo',
    paint: 'band',
    place: 'free',
    jpegQuality: 72,
    draw: (w, h, rnd, at) => {
      const colour = pick(SATURATED, rnd);
      const word = pick(WORDS, rnd);
      const opacity = between(0.55, 1, rnd);
      const size = (w * between(0.9, 1.2, rnd)) / word.length;
      return {
        description: `saturated ${rgb(colour)} "${word}" at ${opacity.toFixed(2)}, saved as JPEG quality 72`,
        svg: `<g opacity='${opacity.toFixed(2)}'>${text(at.x, at.y, size, word, `${SANS} font-weight='bold' fill='${rgb(colour)}'`, between(-15, 15, rnd))}</g>`,
      };
    },
  },
];

/**
 * Kinds added after the set's first marks, drawn only when asked (buildWatermarkSet's `added`), after every
 * other case, so the earlier cases and the detection benchmark's set stay as they were.
 */
export const ADDED_MARKS: MarkSpec[] = [
  {
    // Small credit text in a corner of a detailed photo (foliage, gravel, rain): a person paints a box, most
    // of which is busy photo; the removal that keeps the photo must find the letters among its own detail.
    kind: 'corner text on detail',
    paint: 'box',
    place: 'busy',
    draw: (w, h, rnd) => {
      const credit = `© ${pick(BRANDS, rnd)} ${2015 + Math.floor(rnd() * 10)}`;
      const size = Math.min(w, h) * between(0.035, 0.05, rnd);
      const light = rnd() < 0.6;
      const right = rnd() < 0.6;
      const x = right ? w - size * 0.8 : size * 0.8;
      const y = h - size * between(0.9, 1.6, rnd);
      const opacity = between(0.6, 0.95, rnd);
      return {
        description: `small ${light ? 'white' : 'dark'} "${credit}" in the bottom ${right ? 'right' : 'left'} corner of a detailed photo at ${opacity.toFixed(2)}`,
        svg: `<g opacity='${opacity.toFixed(2)}'><text x='${x.toFixed(1)}' y='${y.toFixed(1)}' font-size='${size.toFixed(1)}' ${SANS} fill='${light ? 'white' : 'rgb(25,25,25)'}' text-anchor='${right ? 'end' : 'start'}' dominant-baseline='middle'>${credit}</text></g>`,
      };
    },
  },
];
