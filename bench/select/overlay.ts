import sharp from 'sharp';
import type { RawImage } from '../../server/src/lib/image/raw-image';

/**
 * A square panel `side` pixels wide: the photo fitted inside, the mask over it in translucent blue, taps as
 * dots (green adds, red removes) and `label` in the corner.
 */
export async function overlayPanel(
  image: RawImage,
  mask: Uint8Array,
  taps: { x: number; y: number; label: 0 | 1 }[],
  label: string,
  side: number,
): Promise<Buffer> {
  const { width, height } = image;
  const rgb = Buffer.from(image.data);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    rgb[i * 3] = rgb[i * 3] * 0.45;
    rgb[i * 3 + 1] = rgb[i * 3 + 1] * 0.45 + 60;
    rgb[i * 3 + 2] = rgb[i * 3 + 2] * 0.45 + 140;
  }
  const scale = Math.min(side / width, side / height);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const dots = taps
    .map(
      (t) =>
        `<circle cx="${t.x * scale}" cy="${t.y * scale}" r="6" fill="${t.label ? '#2f2' : '#f22'}" stroke="#fff" stroke-width="2"/>`,
    )
    .join('');
  const svg = `<svg width="${w}" height="${h}">${dots}<rect x="0" y="0" width="${8 * label.length + 10}" height="20" fill="#000" opacity="0.7"/><text x="5" y="15" font-family="sans-serif" font-size="14" fill="#fff">${label}</text></svg>`;
  const fitted = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(w, h)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  return sharp({ create: { width: side, height: side, channels: 3, background: '#111' } })
    .composite([{ input: fitted, left: Math.floor((side - w) / 2), top: Math.floor((side - h) / 2) }])
    .png()
    .toBuffer();
}
