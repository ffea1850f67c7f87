import manifest from '../../../../public/generated/gallery/manifest.json';
import { parseGalleryManifest } from './gallery-manifest';

/**
 * The gallery's entries, bundled at build time rather than fetched: the prerendered page already holds the first
 * photos and their PSNR, so nothing moves when the page comes to life, and no extra request is made.
 */
export const GALLERY_ENTRIES = parseGalleryManifest(manifest);
