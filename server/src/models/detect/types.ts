/** An axis-aligned box in image pixels (x, y = top-left corner). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One object found in a photo: its COCO name, the detector's confidence 0..1 and where it is. */
export interface Detection {
  label: string;
  score: number;
  box: Box;
}

export type Side = 'left' | 'right' | 'top' | 'bottom';

/** Where a named object is, when the photo has several: "the dog on the left", "the biggest car", "all". */
export type ObjectSelector =
  | { which: 'all' }
  | { which: 'smallest' | 'center' }
  /** The largest; with `several`, that many of the largest: "the two kids in front". */
  | { which: 'biggest'; several?: number }
  /**
   * "the dog on the left"; with `several`, "the two people on the left" (that many from that side) or "the
   * people on the left" ('half': all whose centre is in that half).
   */
  | { which: Side; several?: number | 'half' }
  /** "the second person" counted from the left; index is 0-based. */
  | { which: 'nth'; index: number }
  /** No qualifier: the one there is, or the most prominent of several. */
  | { which: 'default' }
  /**
   * "the guy behind me", "people in the background": everyone but the most prominent; with `keep`, "everyone
   * except me and my daughter", everyone but that many of the most prominent.
   */
  | { which: 'background'; keep?: number }
  /** "the man in the red shirt": the one whose clothes are most of that colour. */
  | { which: 'wearing'; colour: string };
