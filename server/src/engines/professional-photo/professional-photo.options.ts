import type { RawImage } from '../../lib/image/raw-image';
import type { ProfessionalPhotoOptions } from '@common/schemas/mode-options';

/** The output sizes, backdrops and the schema of what a person picks are common to the API, CLI and editor. */
export {
  HEADSHOT_SIZES,
  professionalPhotoOptionsSchema,
  type ProfessionalPhotoOptions,
} from '@common/schemas/mode-options';

export interface ProfessionalPhotoInput extends ProfessionalPhotoOptions {
  image: RawImage;
}

/** Faces narrower than this (photo pixels) hold too little for a headshot. */
export const MIN_HEADSHOT_FACE_PX = 80;

/** Said when two or more people could each be the headshot (headshotCandidates) and no point chose one. */
export const SEVERAL_FACES_NOTE =
  'Several people found; framed the largest, most central face (a point on another person chooses them)';
