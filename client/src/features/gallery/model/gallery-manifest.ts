/**
 * client/public/generated/gallery/manifest.json. scripts/generate-gallery-inputs.ts writes the inputs with
 * `result: null`; scripts/generate-gallery-results.ts runs the watermark engine and fills `result`, `psnr` and
 * `provider` in place.
 *
 * {
 *   "version": 1,
 *   "generatedAt": "...",
 *   "entries": [{                       // 15 entries
 *     "id": "01-aqua",
 *     "source": "Aqua.jpg",              // file in assets/photos
 *     "width": 1024, "height": 640,      // pixel size of every image of the entry
 *     "watermarked": "/generated/gallery/01-aqua-watermarked.webp",
 *     "clean": "/generated/gallery/01-aqua-clean.webp",     // the reference without watermark
 *     "mask": "/generated/gallery/01-aqua-mask.png",        // white where the watermark was drawn
 *     "psnrWatermarked": 21.4,           // dB, watermarked against clean: the baseline to beat
 *     "result": null,                    // or the engine's output, e.g. "/generated/gallery/01-aqua-result.webp"
 *     "psnr": null,                      // or dB of result against clean
 *     "provider": null                   // or the provider id that produced the result
 *   }]
 * }
 */
export interface GalleryEntry {
  id: string;
  source: string;
  width: number;
  height: number;
  watermarked: string;
  clean: string;
  mask?: string;
  psnrWatermarked?: number | null;
  result: string | null;
  psnr: number | null;
  provider?: string | null;
}

export interface GalleryManifest {
  version: 1;
  generatedAt: string;
  entries: GalleryEntry[];
}

function isEntry(value: unknown): value is GalleryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.watermarked === 'string' &&
    typeof e.clean === 'string' &&
    typeof e.width === 'number' &&
    typeof e.height === 'number' &&
    (e.result === null || typeof e.result === 'string') &&
    (e.psnr === null || typeof e.psnr === 'number')
  );
}

export function parseGalleryManifest(json: unknown): GalleryEntry[] {
  const entries = (json as { entries?: unknown } | null)?.entries;
  return Array.isArray(entries) ? entries.filter(isEntry) : [];
}
