import sharp, { type OverlayOptions } from 'sharp';

export interface SheetRow {
  label: string;
  /** PNG panels in column order; each is stretched to a square cell, so give square panels to keep their shape. */
  panels: Buffer[];
}

/**
 * Rows of square cells under one caption strip naming the columns, with each row's label on its left, in a
 * column `side` pixels wide.
 */
export async function contactSheet(
  columns: string[],
  rows: SheetRow[],
  cell: number,
  side = 150,
): Promise<Buffer> {
  const gap = 6;
  const caption = 28;
  const width = side + columns.length * (cell + gap);
  const height = caption + rows.length * (cell + gap);
  const text = (w: number, h: number, label: string) =>
    Buffer.from(
      `<svg width="${w}" height="${h}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="19" font-family="sans-serif" font-size="14" fill="#eee">${label}</text></svg>`,
    );
  const layers: OverlayOptions[] = columns.map((label, i) => ({
    input: text(cell, caption, label),
    left: side + i * (cell + gap),
    top: 0,
  }));
  for (let r = 0; r < rows.length; r++) {
    const top = caption + r * (cell + gap);
    layers.push({ input: text(side - gap, caption, rows[r].label), left: 0, top });
    for (let c = 0; c < rows[r].panels.length; c++)
      layers.push({
        input: await sharp(rows[r].panels[c])
          .resize(cell, cell, { kernel: 'nearest', fit: 'fill' })
          .toBuffer(),
        left: side + c * (cell + gap),
        top,
      });
  }
  return sharp({ create: { width, height, channels: 3, background: '#111' } })
    .composite(layers)
    .png()
    .toBuffer();
}
