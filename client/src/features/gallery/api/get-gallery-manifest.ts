import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseGalleryManifest, type GalleryEntry } from '../model/gallery-manifest';

export const GALLERY_MANIFEST_URL = '/generated/gallery/manifest.json';

export async function fetchGalleryManifest(): Promise<GalleryEntry[]> {
  const response = await fetch(GALLERY_MANIFEST_URL);
  if (!response.ok) throw new Error(`The gallery could not be loaded (${response.status}).`);
  return parseGalleryManifest(await response.json());
}

export function useGalleryManifest() {
  return useQuery(queryOptions({ queryKey: ['gallery', 'manifest'], queryFn: fetchGalleryManifest }));
}
