import sharp, { type OverlayOptions } from 'sharp';
import type { RawImage } from '../../server/src/lib/image/raw-image';
import { maskBounds } from '../../server/src/lib/image/bitmap';

export interface SheetRow {
  label: string;
  mask: Uint8Array;
  /** Shown left to right: watermarked, ours, best peer, reference. */
  tiles: { title: string; image: RawImage }[];
}

const TILE_W = 300;
const TILE_H = 200;
const LABEL_H = 22;

/** One row per case: each tile is the same crop around the mask, so differences are visible at a glance. */
export async function writeContactSheet(rows: SheetRow[], file: string): Promise<void> {
  const cols = rows[0]?.tiles.length ?? 4;
  const width = cols * TILE_W;
  const height = rows.length * (TILE_H + LABEL_H);
  const composites: OverlayOptions[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const first = row.tiles[0].image;
    const box = cropBox(row.mask, first.width, first.height);
    const top = r * (TILE_H + LABEL_H);
    const labels = row.tiles.map(
      (t, c) =>
        `<text x='${c * TILE_W + 6}' y='16' font-size='13' font-family='DejaVu Sans' fill='white'>${escapeXml(c === 0 ? `${row.label} | ${t.title}` : t.title)}</text>`,
    );
    composites.push({
      input: Buffer.from(
        `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${LABEL_H}'><rect width='100%' height='100%' fill='#222'/>${labels.join('')}</svg>`,
      ),
      left: 0,
      top,
    });
    for (let c = 0; c < row.tiles.length; c++) {
      const img = row.tiles[c].image;
      const tile = await sharp(Buffer.from(img.data), {
        raw: { width: img.width, height: img.height, channels: img.channels },
      })
        .extract({ left: box.x0, top: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 })
        .resize(TILE_W, TILE_H, { fit: 'contain', background: '#000' })
        .png()
        .toBuffer();
      composites.push({ input: tile, left: c * TILE_W, top: top + LABEL_H });
    }
  }
  const sheet = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite(composites)
    .png()
    .toBuffer();
  // Full colour on purpose: a palette would band the smooth skies and misrepresent the fills being judged.
  await sharp(sheet).removeAlpha().png({ compressionLevel: 9, adaptiveFiltering: true }).toFile(file);
}

/** The mask's bounding box grown by a third, with the tile's aspect ratio. */
function cropBox(mask: Uint8Array, w: number, h: number) {
  const b = maskBounds(mask, w, h) ?? { x0: 0, y0: 0, x1: w, y1: h };
  let bw = (b.x1 - b.x0) * 1.35 + 24;
  let bh = (b.y1 - b.y0) * 1.35 + 24;
  if (bw / bh > TILE_W / TILE_H) bh = (bw * TILE_H) / TILE_W;
  else bw = (bh * TILE_W) / TILE_H;
  bw = Math.min(w, bw);
  bh = Math.min(h, bh);
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  const x0 = Math.round(Math.max(0, Math.min(w - bw, cx - bw / 2)));
  const y0 = Math.round(Math.max(0, Math.min(h - bh, cy - bh / 2)));
  return { x0, y0, x1: Math.min(w, x0 + Math.round(bw)), y1: Math.min(h, y0 + Math.round(bh)) };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
