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
