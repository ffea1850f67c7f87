import manifest from '../../../../public/generated/results/manifest.json';
import { parseResultsManifest } from './results-manifest';

/**
 * The landing page's showcase results, bundled at build time rather than fetched, so the prerendered landing page
 * already holds its sliders (nothing shifts when it hydrates). An empty manifest means no section.
 */
export const SHOWCASE_RESULTS = parseResultsManifest(manifest);
