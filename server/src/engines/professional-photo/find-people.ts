/**
 * Who is in a headshot's photo and whom it is of: the faces, the people in the room among them (not faces in
 * pictures on the wall), and the subject, chosen by the person's point or else by size and place. The editor
 * asks the same question before the headshot (headshotPeople) to offer the choice when there is one.
 */
import { AppError } from '../../lib/errors';
import { smallRgbCopy, type RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import { detectFaces, type Face, type FaceBox } from '../../models/face';
import { mainFace } from '../../models/headshot/framing';
import {
  faceAtPoint,
  headshotCandidates,
  peopleInRoom,
  type PeopleMatte,
  type PhotoPoint,
} from '../../models/headshot/subject';
import { MIN_HEADSHOT_FACE_PX, type ProfessionalPhotoOptions } from './professional-photo.options';

export interface PeopleSeen {
  /** Every face detected. */
  found: Face[];
  /** The faces of people in the room (not those in pictures on the wall). */
  faces: Face[];
  /** The foreground people's matte, when there was more than one face or a point to place. */
  people?: PeopleMatte;
}

export interface Subject extends PeopleSeen {
  face: Face;
  /** 'point': the person's own choice; 'size': the largest, most central face. */
  chosenBy: 'point' | 'size';
  /** The people the headshot could have been of, the automatic choice first (headshotCandidates). */
  candidates: Face[];
}

export const NO_FACE_MESSAGE =
  'No face was found in this photo. A headshot needs a photo of a person facing the camera.';
export const NO_ONE_AT_POINT_MESSAGE =
  'No one is at the point chosen for the headshot. Tap the face or body of the person, or clear the point to frame the largest, most central face.';

/** The faces of the photo and, when needed to tell people from pictures or to place a point, the people matte. */
export async function seePeople(
  image: RawImage,
  pool: WorkerPool,
  signal?: AbortSignal,
  matteForOne = false,
): Promise<PeopleSeen> {
  const found = await detectFaces(image, pool, signal);
  if (found.length === 0 || (found.length === 1 && !matteForOne)) return { found, faces: found };
  const people = await foregroundPeople(image, pool, signal);
  // Faces in posters, on screens or in photos on the wall neither choose nor frame the headshot.
  return { found, faces: peopleInRoom(image, found, people), people };
}

/** The point of the options in the photo's pixels, if one was given. */
export function subjectPoint(options: ProfessionalPhotoOptions, image: RawImage): PhotoPoint | undefined {
  if (options.subjectX === undefined || options.subjectY === undefined) return undefined;
  return { x: options.subjectX * image.width, y: options.subjectY * image.height };
}

/**
 * The headshot's subject: the face at the options' point, else the largest, most central face. Refuses (422)
 * a photo without a face, and a point on no one: the person asked for someone, and a headshot of someone else
 * would cost them a credit for nothing.
 */
export async function chooseSubject(
  image: RawImage,
  options: ProfessionalPhotoOptions,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<Subject> {
  const point = subjectPoint(options, image);
  const seen = await seePeople(image, pool, signal, point !== undefined);
  const main = mainFace(seen.faces, image.width, image.height);
  if (!main) throw new AppError('NOTHING_TO_DO', NO_FACE_MESSAGE);
  const candidates = headshotCandidates(seen.faces, main, MIN_HEADSHOT_FACE_PX);
  if (!point) return { ...seen, face: main, chosenBy: 'size', candidates };
  const face = faceAtPoint(point, seen.faces, seen.found, image, seen.people);
  if (!face) throw new AppError('NOTHING_TO_DO', NO_ONE_AT_POINT_MESSAGE);
  return { ...seen, face, chosenBy: 'point', candidates };
}

/**
 * The faces a headshot of this photo could be of (photo pixels), the one framed without a point first: two or
 * more, and the person is offered the choice.
 */
export async function headshotPeople(
  image: RawImage,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<FaceBox[]> {
  const seen = await seePeople(image, pool, signal);
  const main = mainFace(seen.faces, image.width, image.height);
  return headshotCandidates(seen.faces, main, MIN_HEADSHOT_FACE_PX).map(({ box }) => ({ ...box }));
}

/** Side of the copy the foreground people are matted on, to tell them from faces in pictures: RVM's own side. */
const PEOPLE_SIDE = 512;

/** The photo's foreground people (RVM on a copy at most PEOPLE_SIDE long, unrefined). */
async function foregroundPeople(
  image: RawImage,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<PeopleMatte> {
  const { copy } = await smallRgbCopy(image, PEOPLE_SIDE);
  const { alpha } = await pool.run(
    'person-matte',
    { image: copy, coarse: true },
    { transferList: [copy.data.buffer], signal },
  );
  return { data: alpha, width: copy.width, height: copy.height };
}
