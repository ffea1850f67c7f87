export interface EdgeStats {
  /** Soft pixels (5%..95% alpha) per pixel of subject outline: how wide the edge is smeared, in pixels. */
  transitionPx: number;
  /**
   * Cosine between the alpha's gradient magnitude and the photo's (luma) gradient magnitude: 1 when every
   * alpha edge sits on an edge of the photo.
   */
  alignment: number;
}

export function edgeStats(alpha: Uint8Array, rgb: Uint8Array, width: number, height: number): EdgeStats {
  let soft = 0;
  let outline = 0;
  let dot = 0;
  let aa = 0;
  let ii = 0;
  const luma = (i: number) => 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const a = alpha[i];
      if (a > 12 && a < 243) soft++;
      const inside = a > 127;
      if (inside !== alpha[i + 1] > 127 || inside !== alpha[i + width] > 127) outline++;
      const gax = alpha[i + 1] - a;
      const gay = alpha[i + width] - a;
      const ga = Math.sqrt(gax * gax + gay * gay);
      if (ga === 0) continue;
      const l = luma(i);
      const gix = luma(i + 1) - l;
      const giy = luma(i + width) - l;
      const gi = Math.sqrt(gix * gix + giy * giy);
      dot += ga * gi;
      aa += ga * ga;
      ii += gi * gi;
    }
  }
  return { transitionPx: outline ? soft / outline : 0, alignment: aa && ii ? dot / Math.sqrt(aa * ii) : 0 };
}
