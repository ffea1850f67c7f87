import type { Gradients } from './gradients';
import type { MarkTemplate } from './template';

/**
 * How many of the mark's edge pixels each photo, aligned, shows with the template's gradient: a gradient along
 * the template's with at least a quarter of its strength. A photo with the mark agrees on most of its edges; a
 * photo without it on few, however well its own edges happen to correlate. On a batch without a common mark
 * the "mark" is the photos' chance agreement, which no edge pixel has on most photos.
 */
export function edgeAgreement(template: MarkTemplate, aligned: Gradients[]): number[] {
  const { edges, gx, gy } = template;
  const agreed = aligned.map(() => 0);
  let count = 0;
  for (let i = 0; i < edges.length; i++) {
    if (!edges[i]) continue;
    count++;
    const strength = gx[i] * gx[i] + gy[i] * gy[i];
    for (const [k, photo] of aligned.entries())
      if (photo.gx[i] * gx[i] + photo.gy[i] * gy[i] >= AGREEING * strength) agreed[k]++;
  }
  return agreed.map((n) => (count ? n / count : 0));
}

const AGREEING = 0.25;
