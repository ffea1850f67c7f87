import { PLAN_LIMITS } from '@common/plans';
import { DAY_MS, type Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { DataStore } from '../repositories/repositories';
import { deleteImageFiles } from '../storage/image-files';
import type { Storage } from '../storage/storage';

/** Rows looked at per round, so a first clean-up of a large backlog never loads it all at once. */
const PAGE = 100;

export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * The daily clean-up: images uploaded longer ago than their owner's plan keeps them (30 days free, a year
 * paid) lose their files and their row; the usage records stay.
 */
export function createRetentionService(deps: {
  data: DataStore;
  storage: Storage;
  clock: Clock;
  log: Logger;
}) {
  const { data, storage, clock, log } = deps;

  return {
    async removeExpired(): Promise<number> {
      const now = clock.now().getTime();
      const cutoffs = {
        freeBefore: new Date(now - PLAN_LIMITS.free.retentionDays * DAY_MS),
        paidBefore: new Date(now - PLAN_LIMITS.monthly.retentionDays * DAY_MS),
      };
      let removed = 0;
      for (;;) {
        const expired = await data.images.listExpired(cutoffs, PAGE);
        for (const row of expired) {
          await deleteImageFiles(storage, row.userId, row.id);
          await data.images.delete(row.id, row.userId);
        }
        removed += expired.length;
        if (expired.length < PAGE) break;
      }
      if (removed) log.info({ removed }, 'removed images past their retention');
      return removed;
    },
  };
}
