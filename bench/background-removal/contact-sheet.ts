import sharp, { type OverlayOptions } from 'sharp';

export interface SheetRow {
  label: string;
  /** Encoded original photo and our transparent cut-out of it. */
  original: Buffer;
  cutout: Buffer;
}

export interface SheetDetail {
  label: string;
  /** Same crop of the two cut-outs at 1:1, each as an encoded RGBA PNG. */
  baseline: Buffer;
  ours: Buffer;
}

const TILE_W = 360;
const TILE_H = 240;
const GAP = 8;
const LABEL_H = 22;
const BACKDROP = '#2f6fdf';

function checkerboard(width: number, height: number, cell = 12): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill(((x / cell) ^ (y / cell)) & 1 ? 204 : 255, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return data;
}

async function onCheckerboard(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(checkerboard(width, height), { raw: { width, height, channels: 3 } })
    .composite([{ input: rgba }])
    .png()
    .toBuffer();
}

function fit(input: Buffer) {
  return sharp(input).resize(TILE_W, TILE_H, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } });
}

function label(text: string, width: number): Buffer {
  const safe = text.replace(/[<>&]/g, '');
  return Buffer.from(
    `<svg width="${width}" height="${LABEL_H}"><text x="4" y="16" font-family="sans-serif" font-size="14" fill="#222">${safe}</text></svg>`,
  );
}

/** Original, cut-out on a checkerboard, cut-out on a colour; then 1:1 edge details, baseline beside ours. */
export async function contactSheet(rows: SheetRow[], details: SheetDetail[]): Promise<Buffer> {
  const width = GAP + 3 * (TILE_W + GAP);
  const tiles: OverlayOptions[] = [];
  let top = GAP;
  tiles.push({
    input: label('original  |  cut-out (transparent)  |  cut-out on a colour', width),
    left: GAP,
    top,
  });
  top += LABEL_H;
  for (const row of rows) {
    const cut = await fit(row.cutout).png().toBuffer();
    const onChecker = await onCheckerboard(cut, TILE_W, TILE_H);
    const onColour = await sharp(cut).flatten({ background: BACKDROP }).png().toBuffer();
    const original = await fit(row.original).flatten({ background: '#ffffff' }).png().toBuffer();
    [original, onChecker, onColour].forEach((input, i) =>
      tiles.push({ input, left: GAP + i * (TILE_W + GAP), top }),
    );
    tiles.push({ input: label(row.label, TILE_W), left: GAP, top: top + TILE_H });
    top += TILE_H + LABEL_H + GAP;
  }
  for (const detail of details) {
    tiles.push({ input: label(detail.label, width), left: GAP, top });
    top += LABEL_H;
    const half = Math.floor((width - 3 * GAP) / 2);
    let h = 0;
    for (const [i, crop] of [detail.baseline, detail.ours].entries()) {
      const meta = await sharp(crop).metadata();
      const w = Math.min(half, meta.width ?? half);
      h = Math.min(TILE_H * 2, meta.height ?? TILE_H);
      const cropped = await sharp(crop).extract({ left: 0, top: 0, width: w, height: h }).png().toBuffer();
      tiles.push({ input: await onCheckerboard(cropped, w, h), left: GAP + i * (half + GAP), top });
    }
    top += h + GAP;
  }
  return sharp({ create: { width, height: top, channels: 3, background: '#f4f4f4' } })
    .composite(tiles)
    .png()
    .toBuffer();
}
