/** One request a person really wrote, judged by hand for the main wish. See README.md. */
export interface RealRequest {
  /** Source-prefixed and stable; the rest of it traces the row to its place in the source. */
  id: string;
  /** Which source module it came from, e.g. 'reddit-realedit', 'magicbrush'. */
  source: string;
  /** The writer kind the held-out split is drawn by: 'forum-post', 'issue-post', 'annotator-instruction', ... */
  kind: string;
  /** The request as written: whitespace trimmed, nothing else changed. */
  text: string;
  /** Step kinds any one of which plans the main wish; [] when the main wish cannot be done here. */
  main: string[];
  /** The main wish needs generated content (add, restyle, swap, recolour a thing, new scene): refuse and name it. */
  generative?: true;
  split: 'tuning' | 'held-out';
}
