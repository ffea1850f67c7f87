import type { RawImage } from '../../lib/image/raw-image';

/** An image as float planes of JPEG's YCbCr (BT.601, full range, 0..255), the space the retouch works in. */
export interface YccPlanes {
  width: number;
  height: number;
  y: Float32Array;
  cb: Float32Array;
  cr: Float32Array;
  /** The alpha channel, kept as it was. */
  alpha?: Uint8Array;
}

export function toYcc(image: RawImage): YccPlanes {
  const { data, width, height, channels } = image;
  const n = width * height;
  const y = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  const alpha = channels === 4 ? new Uint8Array(n) : undefined;
  for (let i = 0, j = 0; i < n; i++, j += channels) {
    const r = data[j];
    const g = channels >= 3 ? data[j + 1] : r;
    const b = channels >= 3 ? data[j + 2] : r;
    y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[i] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    cr[i] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    if (alpha) alpha[i] = data[j + 3];
  }
  return { width, height, y, cb, cr, alpha };
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function fromYcc(planes: YccPlanes, channels: 1 | 3 | 4 = planes.alpha ? 4 : 3): RawImage {
  const { width, height, y, cb, cr, alpha } = planes;
  const n = width * height;
  const data = new Uint8Array(n * channels);
  for (let i = 0, j = 0; i < n; i++, j += channels) {
    if (channels === 1) {
      data[j] = clamp8(y[i]);
      continue;
    }
    const u = cb[i] - 128;
    const v = cr[i] - 128;
    data[j] = clamp8(y[i] + 1.402 * v);
    data[j + 1] = clamp8(y[i] - 0.344136 * u - 0.714136 * v);
    data[j + 2] = clamp8(y[i] + 1.772 * u);
    if (channels === 4) data[j + 3] = alpha ? alpha[i] : 255;
  }
  return { data, width, height, channels };
}

export function cropRaw(
  image: RawImage,
  box: { x: number; y: number; width: number; height: number },
): RawImage {
  const { channels } = image;
  const data = new Uint8Array(box.width * box.height * channels);
  const rowBytes = box.width * channels;
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * image.width + box.x) * channels;
    data.set(image.data.subarray(from, from + rowBytes), y * rowBytes);
  }
  return { data, width: box.width, height: box.height, channels };
}

export function pasteRaw(target: RawImage, patch: RawImage, x: number, y: number): void {
  const { channels } = target;
  const rowBytes = patch.width * channels;
  for (let row = 0; row < patch.height; row++)
    target.data.set(
      patch.data.subarray(row * rowBytes, (row + 1) * rowBytes),
      ((y + row) * target.width + x) * channels,
    );
}
