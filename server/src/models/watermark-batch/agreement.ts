import type { Gradients } from './gradients';
import type { MarkTemplate } from './template';

/**
 * How many of the mark's edge pixels each photo, aligned, shows with the template's gradient: a gradient along
 * the template's (over the colour channels) with at least a quarter of its strength. A photo with the mark agrees on most of its edges; a
 * photo without it on few, however well its own edges happen to correlate. On a batch without a common mark
 * the "mark" is the photos' chance agreement, which no edge pixel has on most photos.
 */
export function edgeAgreement(template: MarkTemplate, aligned: Gradients[]): number[] {
  const { edges, gx, gy, channels } = template;
  const plane = edges.length;
  const agreed = aligned.map(() => 0);
  let count = 0;
  for (let i = 0; i < plane; i++) {
    if (!edges[i]) continue;
    count++;
    let strength = 0;
    for (let o = i; o < plane * channels; o += plane) strength += gx[o] * gx[o] + gy[o] * gy[o];
    for (const [k, photo] of aligned.entries()) {
      let dot = 0;
      for (let o = i; o < plane * channels; o += plane) dot += photo.gx[o] * gx[o] + photo.gy[o] * gy[o];
      if (dot >= AGREEING * strength) agreed[k]++;
    }
  }
  return agreed.map((n) => (count ? n / count : 0));
}

const AGREEING = 0.25;
