import type { RawImage } from '../../server/src/lib/image/raw-image';
import { seededRandom } from '../../server/src/lib/random';
import { loadPhoto } from '../inpaint/cases';
import { drawMark, paintBoxes } from '../watermark-set';

/**
 * The kinds of mark the removal did worst on against OpenCV's fills (issue 58): small opaque credit text in a
 * corner of a detailed photo, a colour logo in a corner, small light text in a night photo's dark corner. Each
 * painted as a box around each word or logo, the marked photo saved as JPEG as a stock preview is. Two parts:
 * `tuning` on the watermark set's tuning photos in DejaVu faces (the main set's), `heldout` on photos no
 * removal setting was chosen on, in Liberation faces the set never draws.
 */
export type WorstKind = 'opaque corner text' | 'colour corner logo' | 'light text at night';
export type WorstPart = 'tuning' | 'heldout';

export interface WorstCase {
  id: string;
  part: WorstPart;
  kind: WorstKind;
  description: string;
  photo: string;
  input: RawImage;
  reference: RawImage;
  /** A rectangle around each word or logo, with a 4-20 px margin: what the removal is given. */
  mask: Uint8Array;
}

/** Longer side: the photos as people upload them, not the main set's 512 px. */
const SIDE = 1280;
const KINDS: WorstKind[] = ['opaque corner text', 'colour corner logo', 'light text at night'];

interface PartSpec {
  seed: number;
  fonts: string[];
  photos: Record<WorstKind, string[]>;
}

const PARTS: Record<WorstPart, PartSpec> = {
  tuning: {
    seed: 501,
    fonts: ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed'],
    photos: {
      'opaque corner text': ['Wood.jpg', 'Garden.jpg', 'LadyBird.jpg', 'Aqua.jpg'],
      'colour corner logo': ['Dune.jpg', 'coffee.png', 'Garden.jpg', 'Storm.jpg'],
      'light text at night': [
        'Storm.jpg',
        'face-grace-hopper-navy-portrait.jpg',
        'astronaut.png',
        'Aqua.jpg',
      ],
    },
  },
  heldout: {
    seed: 502,
    fonts: ['Liberation Sans', 'Liberation Serif', 'Liberation Sans Narrow', 'Liberation Mono'],
    photos: {
      'opaque corner text': [
        'GreenMeadow.jpg',
        'RainDrops.jpg',
        'face-didgeridoo-player-body-paint.jpg',
        'TwoWings.jpg',
      ],
      'colour corner logo': ['FreshFlower.jpg', 'Blinds.jpg', 'GreenMeadow.jpg', 'hubble_deep_field.jpg'],
      'light text at night': [
        'hubble_deep_field.jpg',
        'rocket.jpg',
        'face-man-yawning-glasses-beard.jpg',
        'YellowFlower.jpg',
      ],
    },
  },
};

const NAMES = ['Halvorsen', 'Okafor', 'Brennan', 'Marchetti', 'Lindqvist', 'Tanaka', 'Dubois', 'Novak'];
const BRANDS = ['lumina', 'ORBIT', 'Fotoria', 'NOVA', 'brightframe', 'KESTREL', 'Vivid', 'atlas'];
const SATURATED = [
  'rgb(230,40,40)',
  'rgb(30,90,220)',
  'rgb(20,170,90)',
  'rgb(250,200,30)',
  'rgb(160,40,200)',
  'rgb(250,120,20)',
  'rgb(20,190,210)',
];

const pick = <T>(list: T[], rnd: () => number): T => list[Math.floor(rnd() * list.length) % list.length];
const between = (a: number, b: number, rnd: () => number) => a + (b - a) * rnd();

function credit(rnd: () => number): string {
  const name = pick(NAMES, rnd);
  const r = rnd();
  if (r < 0.4) return `© ${2008 + Math.floor(rnd() * 18)} ${name}`;
  if (r < 0.7) return `${name.toLowerCase()}photo.com`;
  return `© ${name} Photography`;
}

type Corner = { right: boolean; bottom: boolean };

/** The corner (a 0.3 x 0.2 window) with the most detail (`busy`) or the darkest (`dark`). */
function cornerOf(photo: RawImage, want: 'busy' | 'dark'): Corner {
  const { width: w, height: h, data } = photo;
  let best: Corner = { right: true, bottom: true };
  let bestScore = -Infinity;
  for (const bottom of [true, false])
    for (const right of [true, false]) {
      const x0 = right ? Math.floor(0.7 * w) : 0;
      const y0 = bottom ? Math.floor(0.8 * h) : 0;
      let luma = 0;
      let detail = 0;
      let n = 0;
      for (let y = y0; y < y0 + Math.floor(0.2 * h) - 1; y++)
        for (let x = x0; x < x0 + Math.floor(0.3 * w) - 1; x++) {
          const i = (y * w + x) * 3;
          luma += data[i + 1];
          detail += Math.abs(data[i + 4] - data[i + 1]) + Math.abs(data[i + 3 * w + 1] - data[i + 1]);
          n++;
        }
      const score = want === 'busy' ? detail / n : -luma / n;
      if (score > bestScore) {
        bestScore = score;
        best = { right, bottom };
      }
    }
  return best;
}

function textAt(corner: Corner, w: number, h: number, size: number, body: string, attrs: string): string {
  const x = corner.right ? w - size * 0.8 : size * 0.8;
  const y = corner.bottom ? h - size * 1.2 : size * 1.2;
  const safe = body.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<text x='${x.toFixed(1)}' y='${y.toFixed(1)}' font-size='${size.toFixed(1)}' ${attrs} text-anchor='${corner.right ? 'end' : 'start'}' dominant-baseline='middle'>${safe}</text>`;
}

function draw(
  kind: WorstKind,
  photo: RawImage,
  font: string,
  rnd: () => number,
): { description: string; svg: string } {
  const { width: w, height: h } = photo;
  const short = Math.min(w, h);
  if (kind === 'opaque corner text') {
    const corner = cornerOf(photo, 'busy');
    const words = credit(rnd);
    const size = short * between(0.022, 0.04, rnd);
    const light = rnd() < 0.6;
    const opacity = between(0.85, 1, rnd);
    const shadow = rnd() < 0.4;
    const fill = light ? 'white' : 'rgb(30,30,30)';
    const attrs = `font-family='${font}' fill='${fill}'`;
    const body = shadow
      ? `<defs><filter id='s'><feGaussianBlur stdDeviation='${(size * 0.05).toFixed(2)}'/></filter></defs><g transform='translate(${(size * 0.06).toFixed(1)} ${(size * 0.06).toFixed(1)})' filter='url(#s)' opacity='0.6'>${textAt(corner, w, h, size, words, `font-family='${font}' fill='${light ? 'black' : 'white'}'`)}</g>${textAt(corner, w, h, size, words, attrs)}`
      : textAt(corner, w, h, size, words, attrs);
    return {
      description: `${light ? 'white' : 'dark'} "${words}" in ${font}, ${size.toFixed(0)} px, at ${opacity.toFixed(2)}${shadow ? ' with a soft shadow' : ''}, in the busiest corner`,
      svg: `<g opacity='${opacity.toFixed(2)}'>${body}</g>`,
    };
  }
  if (kind === 'colour corner logo') {
    const corner = { right: rnd() < 0.7, bottom: rnd() < 0.6 };
    const s = short * between(0.03, 0.05, rnd);
    const a = pick(SATURATED, rnd);
    const b = pick(
      SATURATED.filter((c) => c !== a),
      rnd,
    );
    const c = pick(
      SATURATED.filter((x) => x !== a && x !== b),
      rnd,
    );
    const brand = pick(BRANDS, rnd);
    const opacity = between(0.8, 1, rnd);
    const span = s * (1.8 + 0.62 * brand.length);
    const x0 = corner.right ? w - span - s * 0.6 : s * 0.6;
    const cy = corner.bottom ? h - s * 1.3 : s * 1.3;
    const cx = x0 + s * 0.8;
    const style = Math.floor(rnd() * 3);
    const emblem =
      style === 0
        ? `<circle cx='${cx}' cy='${cy}' r='${s * 0.8}' fill='${a}'/><circle cx='${cx}' cy='${cy}' r='${s * 0.4}' fill='${b}'/>`
        : style === 1
          ? `<rect x='${cx - s * 0.8}' y='${cy - s * 0.8}' width='${s * 0.75}' height='${s * 0.75}' fill='${a}'/><rect x='${cx + s * 0.05}' y='${cy - s * 0.8}' width='${s * 0.75}' height='${s * 0.75}' fill='${b}'/><rect x='${cx - s * 0.8}' y='${cy + s * 0.05}' width='${s * 1.6}' height='${s * 0.75}' fill='${c}'/>`
          : pie(cx, cy, s * 0.8, [a, b, c]);
    const word = `<text x='${(cx + s * 1.1).toFixed(1)}' y='${cy.toFixed(1)}' font-size='${s.toFixed(1)}' font-family='${font}' font-weight='bold' fill='${style === 2 ? 'white' : b}' text-anchor='start' dominant-baseline='middle'>${brand}</text>`;
    return {
      description: `${['ring', 'tiles', 'pie'][style]} emblem in ${a}, ${b}${style ? `, ${c}` : ''} and "${brand}" in ${font}, at ${opacity.toFixed(2)}, ${corner.bottom ? 'bottom' : 'top'} ${corner.right ? 'right' : 'left'}`,
      svg: `<g opacity='${opacity.toFixed(2)}'>${emblem}${word}</g>`,
    };
  }
  const corner = cornerOf(photo, 'dark');
  const words = credit(rnd);
  const size = short * between(0.02, 0.035, rnd);
  const fill = pick(['white', 'rgb(235,235,225)', 'rgb(250,240,190)'], rnd);
  const opacity = between(0.5, 0.9, rnd);
  return {
    description: `light ${fill} "${words}" in ${font}, ${size.toFixed(0)} px, at ${opacity.toFixed(2)}, in the darkest corner`,
    svg: `<g opacity='${opacity.toFixed(2)}'>${textAt(corner, w, h, size, words, `font-family='${font}' fill='${fill}'`)}</g>`,
  };
}

/** Three slices of a disc, one per colour. */
function pie(cx: number, cy: number, r: number, colours: string[]): string {
  return colours
    .map((colour, k) => {
      const a0 = (k * 2 * Math.PI) / 3 - Math.PI / 2;
      const a1 = a0 + (2 * Math.PI) / 3;
      const p = (a: number) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
      return `<path d='M ${cx.toFixed(1)} ${cy.toFixed(1)} L ${p(a0)} A ${r.toFixed(1)} ${r.toFixed(1)} 0 0 1 ${p(a1)} Z' fill='${colour}'/>`;
    })
    .join('');
}

/** The cases of the parts asked for, deterministic: the same pixels on every call. */
export async function buildWorstCases(parts: WorstPart[] = ['heldout', 'tuning']): Promise<WorstCase[]> {
  const cases: WorstCase[] = [];
  for (const part of parts) {
    const spec = PARTS[part];
    const rnd = seededRandom(spec.seed);
    let n = 0;
    for (const kind of KINDS) {
      for (const name of spec.photos[kind]) {
        const reference = await loadPhoto(name, SIDE);
        const font = pick(spec.fonts, rnd);
        const drawing = draw(kind, reference, font, rnd);
        const quality = Math.round(between(80, 92, rnd));
        const { input, trueMask } = await drawMark(reference, drawing.svg, quality);
        n++;
        cases.push({
          id: `${part === 'heldout' ? 'hw' : 'tw'}-${String(n).padStart(2, '0')}`,
          part,
          kind,
          description: `${drawing.description}; JPEG ${quality}`,
          photo: name,
          input,
          reference,
          mask: paintBoxes(trueMask, reference.width, reference.height, rnd),
        });
      }
    }
  }
  return cases;
}
