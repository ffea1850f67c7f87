/** A soft vignette: the corners darkened a little, drawing the eye to the face as a studio's light does. */
const STRENGTH = 0.14;

export function vignette(rgb: Uint8Array, width: number, height: number): void {
  const cx = width / 2;
  const cy = height * 0.4;
  const reach = Math.hypot(Math.max(cx, width - cx), Math.max(cy, height - cy));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / reach;
      const k = 1 - STRENGTH * r * r * r;
      const i = (y * width + x) * 3;
      rgb[i] = rgb[i] * k + 0.5;
      rgb[i + 1] = rgb[i + 1] * k + 0.5;
      rgb[i + 2] = rgb[i + 2] * k + 0.5;
    }
  }
}
