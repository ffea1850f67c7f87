import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseResultsManifest, type ResultsEntry } from '../model/results-manifest';

export const RESULTS_MANIFEST_URL = '/generated/results/manifest.json';

/** A static file: absent until the engines have produced showcase results, which means "show no slider". */
export async function fetchResultsManifest(): Promise<ResultsEntry[]> {
  try {
    const response = await fetch(RESULTS_MANIFEST_URL);
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return [];
    return parseResultsManifest(await response.json());
  } catch {
    return [];
  }
}

export function useResultsManifest() {
  return useQuery(
    queryOptions({ queryKey: ['marketing', 'results-manifest'], queryFn: fetchResultsManifest }),
  );
}
