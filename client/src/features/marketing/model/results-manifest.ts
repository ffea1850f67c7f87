import type { Mode } from '@common/modes';

/**
 * client/public/generated/results/manifest.json, written by the script that runs the product's engines on
 * photos from assets/photos (scripts/generate-results.ts), and bundled at build time (model/showcase-results.ts).
 * The landing page shows one slider per entry whose mode it knows; a missing entry means "no slider", never a
 * placeholder image.
 *
 * {
 *   "version": 1,
 *   "generatedAt": "2026-11-22T04:00:00.000Z",
 *   "entries": [{
 *     "mode": "object-removal",            // one of SHOWCASE_MODES
 *     "before": "/generated/results/object-removal-before.webp",
 *     "after": "/generated/results/object-removal-after.webp",   // the engine's real output
 *     "width": 960, "height": 600,          // pixel size of both images
 *     "source": "LadyBird.jpg",             // file in assets/photos
 *     "provider": "local-inpaint",          // the provider that produced "after"
 *     "caption": "Ladybird removed from the stem"   // optional
 *   }]
 * }
 */
export interface ResultsEntry {
  mode: Mode;
  before: string;
  after: string;
  width: number;
  height: number;
  source: string;
  provider?: string;
  caption?: string;
}

export const SHOWCASE_MODES = [
  'object-removal',
  'background-removal',
  'professional-photo',
] as const satisfies readonly Mode[];

function isEntry(value: unknown): value is ResultsEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.mode === 'string' &&
    typeof e.before === 'string' &&
    typeof e.after === 'string' &&
    typeof e.width === 'number' &&
    typeof e.height === 'number'
  );
}

/** The showcase entries in the landing page's order, ignoring anything malformed. */
export function parseResultsManifest(json: unknown): ResultsEntry[] {
  const entries = (json as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return [];
  const valid = entries.filter(isEntry);
  return SHOWCASE_MODES.flatMap((mode) => valid.find((e) => e.mode === mode) ?? []);
}
