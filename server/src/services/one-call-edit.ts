import type { Mode } from '@common/modes';
import type { EditJob } from '@common/schemas/api';
import type { ProcessResponse } from '@common/schemas/process';
import type { ProcessedImageRow, UserRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { DataStore } from '../repositories/repositories';
import { imageKeys, imageUrls } from '../storage/image-keys';
import type { Storage } from '../storage/storage';
import type { ImagesService, ServedImage } from './images.service';
import type { ProcessBody, ProcessingService } from '../edit/processing';
import { toCurrentUser } from './user-view';

/** What a script sends to POST /api/v1/edit. */
export interface OneCallEditForm {
  image: { bytes: Buffer; filename: string };
  mode: Mode;
  /** PNG bytes, as the editor's mask but as a file. */
  mask: Buffer | null;
  prompt: string | null;
  options: Record<string, unknown>;
}

export type OneCallEdit = ReturnType<typeof createOneCallEdit>;

/**
 * POST /api/v1/edit for scripts: the editor's upload and processing in one call, through the same upload
 * checks and the same submission, queue and settlement. An edit refused at submission leaves nothing behind.
 */
export function createOneCallEdit(deps: {
  images: ImagesService;
  processing: ProcessingService;
  data: DataStore;
  storage: Storage;
  clock: Clock;
  log: Logger;
}) {
  const { images, processing, data, storage, clock, log } = deps;

  /** Uploads and submits; the upload is removed again when the edit is refused before it runs. */
  async function submit(user: UserRow, form: OneCallEditForm) {
    const upload = await images.upload(user, form.image, form.mode);
    const body: ProcessBody = {
      maskData: form.mask ? `data:image/png;base64,${form.mask.toString('base64')}` : null,
      mode: 'erase',
      isIterativeEdit: false,
      currentImageUrl: null,
      prompt: form.prompt,
      options: form.options,
    };
    try {
      const { done } = await processing.start(user, upload.id, body);
      return { id: upload.id, done };
    } catch (error) {
      await discard(user, upload.id);
      throw error;
    }
  }

  async function discard(user: UserRow, id: string) {
    try {
      for (const key of await storage.list(`${imageKeys.folder(user.id, id)}/`)) await storage.delete(key);
      await data.images.delete(id, user.id);
    } catch (error) {
      log.error({ err: error, imageId: id }, 'could not remove a refused one-call upload');
    }
  }

  return {
    /** Waits for the result: the answer is the image itself. A failed run leaves nothing behind either. */
    async run(
      user: UserRow,
      form: OneCallEditForm,
    ): Promise<{ id: string; response: ProcessResponse; result: ServedImage }> {
      const { id, done } = await submit(user, form);
      let response: ProcessResponse;
      try {
        response = await done;
      } catch (error) {
        await discard(user, id);
        throw error;
      }
      return { id, response, result: await images.read(user, id, 'result') };
    },

    /** Answers once the edit holds its credit; the run goes on and its job tells how it went. */
    async start(user: UserRow, form: OneCallEditForm): Promise<{ job: EditJob; creditsRemaining: number }> {
      const { id, done } = await submit(user, form);
      // The job's status records a failure, and the settlement has refunded it; nothing is waiting here.
      done.catch(() => undefined);
      const [row, owner] = await Promise.all([images.getOwned(user, id), data.users.getById(user.id)]);
      return {
        job: toEditJob(row),
        creditsRemaining: toCurrentUser(owner ?? user, clock.now()).credits.remaining,
      };
    },

    async job(user: UserRow, id: string): Promise<EditJob> {
      return toEditJob(await images.getOwned(user, id));
    },
  };
}

export const jobUrl = (id: string) => `/api/v1/jobs/${id}`;

function toEditJob(row: ProcessedImageRow): EditJob {
  const done = row.status === 'completed' && row.resultKey;
  return {
    id: row.id,
    mode: row.editingMode,
    status: row.status,
    statusUrl: jobUrl(row.id),
    eventsUrl: `/api/process/${row.id}/events`,
    result: done
      ? {
          url: imageUrls.result(row.id, row.resultKey!),
          downloadUrl: imageUrls.download(row.id, row.resultKey!),
          width: row.resultWidth ?? row.width ?? 0,
          height: row.resultHeight ?? row.height ?? 0,
        }
      : null,
    error: row.status === 'failed' ? row.errorMessage : null,
  };
}
