import sharp from 'sharp';

/**
 * A portrait under a bright veil of light, as through a hazy window against the sun: the photo dimmed to 18 %
 * in linear light and a warm glow added, brightest above the head.
 */
export async function hazy(bytes: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const warm = [1, 0.95, 0.85];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const glow = Math.exp(
        -(((x - width / 2) / (0.6 * width)) ** 2 + ((y - 0.05 * height) / (0.45 * height)) ** 2),
      );
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        const linear = (data[i] / 255) ** 2.2 * 0.18 + glow * warm[c] * 0.9;
        data[i] = Math.round(255 * Math.min(1, linear) ** (1 / 2.2));
      }
    }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
