import type { RawImage } from '../../src/lib/image/raw-image';

/**
 * What a person's eye reads first in a photo, as numbers: mean lightness (Rec. 601), mean chroma (distance from
 * grey), red against blue (warmth), the spread of lightness (contrast) and neighbour differences (detail).
 */
export function measure(image: RawImage) {
  const { data, channels } = image;
  let light = 0;
  let chroma = 0;
  let red = 0;
  let blue = 0;
  const n = data.length / channels;
  for (let i = 0; i < data.length; i += channels) {
    light += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    chroma += Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]);
    red += data[i];
    blue += data[i + 2];
  }
  return { light: light / n, chroma: chroma / n, redMinusBlue: (red - blue) / n };
}

export function lightSpread(image: RawImage): number {
  const { light } = measure(image);
  const { data, channels } = image;
  let sum = 0;
  for (let i = 0; i < data.length; i += channels) {
    const y = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    sum += (y - light) ** 2;
  }
  return Math.sqrt(sum / (data.length / channels));
}

/** Mean absolute difference of horizontally neighbouring green values: how much fine detail there is. */
export function detail(image: RawImage): number {
  const { data, width, channels } = image;
  let sum = 0;
  for (let i = 0; i < data.length - channels; i += channels) {
    if ((i / channels) % width !== width - 1) sum += Math.abs(data[i + 1] - data[i + 1 + channels]);
  }
  return sum / (data.length / channels);
}

/** Mean absolute difference of two same-sized images over the pixels where `where` is true. */
export function meanDifference(
  a: RawImage,
  b: RawImage,
  where: (x: number, y: number) => boolean = () => true,
): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * a.width + x) * a.channels;
      const j = (y * b.width + x) * b.channels;
      for (let k = 0; k < 3; k++) sum += Math.abs(a.data[i + k] - b.data[j + k]);
      count += 3;
    }
  }
  return count ? sum / count : 0;
}

/** Agreement of two mattes: intersection over union of their alpha > 0.5 regions (1 when both are empty). */
export function alphaIoU(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] > 127;
    const y = b[i] > 127;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union ? inter / union : 1;
}
