import { parseOptionsWith, watermarkRemovalOptionsSchema } from '@common/schemas/mode-options';
import { AppError } from '../../lib/errors';
import type { ModeRunner } from '../mode-runner';
import { removeSameMarkFromFiles, type SameMarkRemover } from './same-mark-files';

export const SAME_MARK_NEEDS_BATCH =
  '"Same watermark on all photos" works on a batch of 3 photos or more: choose them together in the batch panel (POST /api/batches).';

/**
 * Watermark removal that also offers the batch option `sameMark`: the runner reads it with the mode's schema,
 * refuses it on a single photo, and lends the batch its estimation (`removeSameMark`); each photo's own run
 * never sees it.
 */
export function offeringSameMark(runner: ModeRunner, remove: SameMarkRemover): ModeRunner {
  return {
    ...runner,
    parseOptions(raw) {
      const parsed = parseOptionsWith<Record<string, unknown>>(watermarkRemovalOptionsSchema, raw);
      if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.message);
      return parsed.data;
    },
    check(request) {
      if (request.options.sameMark) throw new AppError('BAD_REQUEST', SAME_MARK_NEEDS_BATCH);
      runner.check?.(request);
    },
    run(request, ctx) {
      const { sameMark: _batchOnly, ...options } = request.options;
      return runner.run({ ...request, options }, ctx);
    },
    removeSameMark: (files, mask, onProgress) => removeSameMarkFromFiles(files, mask, remove, onProgress),
  };
}
