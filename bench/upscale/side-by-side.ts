import sharp from 'sharp';

/** Panels of equal size in a row, each with a caption strip above it. */
export async function sideBySide(panels: { label: string; png: Buffer }[], size: number): Promise<Buffer> {
  const caption = 28;
  const gap = 6;
  const width = panels.length * size + (panels.length - 1) * gap;
  const layers = await Promise.all(
    panels.map(async (p, i) => {
      const left = i * (size + gap);
      const text = Buffer.from(
        `<svg width="${size}" height="${caption}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="19" font-family="sans-serif" font-size="15" fill="#eee">${p.label}</text></svg>`,
      );
      return [
        { input: text, left, top: 0 },
        {
          input: await sharp(p.png).resize(size, size, { kernel: 'nearest' }).toBuffer(),
          left,
          top: caption,
        },
      ];
    }),
  );
  return sharp({ create: { width, height: size + caption, channels: 3, background: '#111' } })
    .composite(layers.flat())
    .png()
    .toBuffer();
}
