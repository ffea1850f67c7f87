import type { HeadshotPeopleResponse } from '@common/schemas/people';
import type { UserRow } from '../db/schema';
import type { PeopleFinder } from '../engines/mode-runner';
import { AppError } from '../lib/errors';
import { decodePhoto } from '../lib/image/raw-image';
import type { ImagesService } from './images.service';

export type PeopleDetectionService = ReturnType<typeof createPeopleDetectionService>;

/**
 * Whom a professional headshot of one of the person's own photos could be of, so the editor can offer the
 * choice in a group. Free: nothing is written and no credit is taken.
 */
export function createPeopleDetectionService(deps: {
  images: ImagesService;
  findPeople: PeopleFinder | undefined;
}) {
  const { images, findPeople } = deps;
  return {
    async detect(user: UserRow, id: string): Promise<HeadshotPeopleResponse> {
      if (!findPeople)
        throw new AppError('MODE_NOT_AVAILABLE', 'Finding people is not available on this server.');
      const original = await images.read(user, id, 'original');
      const { image } = await decodePhoto(original.data);
      return { people: await findPeople(image) };
    },
  };
}
