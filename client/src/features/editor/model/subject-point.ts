import type { HeadshotPeopleResponse } from '@common/schemas/people';

/** A face's box in the photo's pixels, as the server found it. */
export type PersonBox = HeadshotPeopleResponse['people'][number];

/**
 * The person a headshot is of, as chosen with a tap: a point on the photo as shares of its width and height
 * (0..1 from the left and top), sent as the options subjectX and subjectY.
 */
export interface SubjectPoint {
  x: number;
  y: number;
}

/** Two or more people a headshot could be of: the choice is the person's. */
export const choosesSubject = (people: readonly PersonBox[] | undefined): people is readonly PersonBox[] =>
  (people?.length ?? 0) >= 2;

const share = (value: number) => Math.min(1, Math.max(0, value));

/** A tap at (x, y) on the screen, on the photo shown in `rect` (its box on the screen). */
export function tapPoint(
  x: number,
  y: number,
  rect: { left: number; top: number; width: number; height: number },
): SubjectPoint {
  return { x: share((x - rect.left) / rect.width), y: share((y - rect.top) / rect.height) };
}

/** The middle of a face's box on a photo of `width` x `height`. */
export function faceCentre(box: PersonBox, width: number, height: number): SubjectPoint {
  return { x: share((box.x + box.width / 2) / width), y: share((box.y + box.height / 2) / height) };
}

/** Which of the people's faces the point is on (-1: none; their body or elsewhere, the server decides). */
export function faceAt(
  point: SubjectPoint,
  people: readonly PersonBox[],
  width: number,
  height: number,
): number {
  const x = point.x * width;
  const y = point.y * height;
  return people.findIndex(
    (box) => x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height,
  );
}
