/**
 * The studio backdrops a headshot is set on, drawn at the output's size: smooth gradients lit from behind
 * the head (as a backdrop light does), a flat colour, or the person's own background blurred like a portrait
 * lens. Each is free of edges, so nothing of the old room shows at the frame's border.
 */
import { blurredBackground, defaultBlurSigma } from '../isnet/compose';

export type BackdropKind = 'grey' | 'white' | 'blue' | 'charcoal' | 'color' | 'blur';

type Rgb = readonly [number, number, number];

/** Centre and edge colours of the gradient backdrops. */
const GRADIENTS: Record<'grey' | 'white' | 'blue' | 'charcoal', { centre: Rgb; edge: Rgb }> = {
  grey: { centre: [172, 175, 178], edge: [96, 99, 104] },
  white: { centre: [255, 255, 255], edge: [255, 255, 255] },
  blue: { centre: [222, 234, 246], edge: [176, 199, 224] },
  charcoal: { centre: [78, 81, 86], edge: [30, 32, 35] },
};

export function parseHexColour(colour: string): Rgb {
  const v = Number.parseInt(colour.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A custom colour falls off by this share toward the corners, so it reads as a lit backdrop, not a fill. */
const COLOUR_FALLOFF = 0.12;

/** Radial weight 0 (behind the head, a third of the way down) to 1 (the far corners), eased. */
function radial(width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const cx = width / 2;
  const cy = height * 0.35;
  const reach = Math.hypot(Math.max(cx, width - cx), Math.max(cy, height - cy));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / reach;
      out[y * width + x] = r * r * (3 - 2 * r);
    }
  }
  return out;
}

export interface BackdropRequest {
  kind: BackdropKind;
  /** For `color`: #rrggbb. */
  colour?: string;
  width: number;
  height: number;
  /** For `blur`: the photo's colours and the person's matte on the frame. */
  photo?: Uint8Array;
  matte?: Uint8Array;
}

/** The backdrop as interleaved RGB at the output's size. */
export function renderBackdrop(request: BackdropRequest): Uint8Array {
  const { width, height } = request;
  const n = width * height;
  if (request.kind === 'blur') {
    const size = { width, height };
    return blurredBackground(request.photo!, request.matte!, size, 1.5 * defaultBlurSigma(width, height));
  }
  const { centre, edge } =
    request.kind === 'color'
      ? (() => {
          const c = parseHexColour(request.colour ?? '#808080');
          return { centre: c, edge: c.map((v) => v * (1 - COLOUR_FALLOFF)) as unknown as Rgb };
        })()
      : GRADIENTS[request.kind];
  const out = new Uint8Array(n * 3);
  const w = radial(width, height);
  for (let i = 0; i < n; i++) {
    const t = w[i];
    out[i * 3] = centre[0] + (edge[0] - centre[0]) * t + 0.5;
    out[i * 3 + 1] = centre[1] + (edge[1] - centre[1]) * t + 0.5;
    out[i * 3 + 2] = centre[2] + (edge[2] - centre[2]) * t + 0.5;
  }
  return out;
}

/** Whether a soft shadow of the person suits the backdrop: it shows on light ones and not on the blur. */
export function castsShadow(kind: BackdropKind): boolean {
  return kind !== 'blur' && kind !== 'charcoal';
}
