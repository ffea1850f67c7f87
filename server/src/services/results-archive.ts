import { once } from 'node:events';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { FORMAT_EXTENSION, type ImageFormat } from '../lib/image-intake';
import type { Logger } from '../lib/logger';
import type { ProcessedImageRepository } from '../repositories/processed-image.repository';
import type { Storage } from '../storage/storage';
import { downloadName } from './images.service';

export type ResultsArchive = ReturnType<typeof createResultsArchive>;

/**
 * Several results as one ZIP, streamed: a file is read from storage only when the one before has been
 * sent on, so memory holds a few results whatever the number. Pictures are stored, not compressed again.
 */
export function createResultsArchive(deps: {
  images: ProcessedImageRepository;
  storage: Storage;
  log: Logger;
}) {
  const { images, storage, log } = deps;

  return {
    /** Checks every id before a byte is sent, so a wrong one is a clear error rather than a broken ZIP. */
    async open(user: UserRow, ids: string[]): Promise<Readable> {
      const rows = await images.listOwned(ids, user.id);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const entries = ids.map((id) => {
        const row = byId.get(id);
        if (!row)
          throw new AppError('NOT_FOUND', 'An image of this download does not exist or is not yours.');
        if (!row.resultKey) throw new AppError('NOT_FOUND', `"${row.originalFilename}" has no result yet.`);
        return { key: row.resultKey, name: row.originalFilename, time: row.updatedAt };
      });

      const zip = new yazl.ZipFile();
      const output = zip.outputStream as Readable;
      // A file that cannot be read mid-way ends the download broken rather than the server.
      zip.on('error', (error: Error) => {
        log.error({ err: error }, 'a result could not be added to a ZIP');
        output.destroy(error);
      });
      const names = new UniqueNames();
      for (const entry of entries) {
        zip.addReadStreamLazy(
          names.take(entry.key, entry.name),
          { compress: false, mtime: entry.time },
          (callback) => {
            readWhenDrained(output, entry.key).then(
              (data) => callback(null, Readable.from([data])),
              (error: unknown) => callback(error as Error, null as unknown as Readable),
            );
          },
        );
      }
      zip.end();
      return output;
    },
  };

  /** The next file waits until the ZIP's own buffer has been taken up by the response. */
  async function readWhenDrained(output: Readable, key: string): Promise<Buffer> {
    const stream = output as Readable & { writableNeedDrain?: boolean };
    if (stream.writableNeedDrain) await once(stream, 'drain');
    return storage.get(key);
  }
}

/** Download names in a ZIP: `processed-<original name>`, numbered when two photos had the same name. */
class UniqueNames {
  private readonly taken = new Set<string>();

  take(key: string, originalFilename: string): string {
    const format = formatOfKey(key);
    const name = downloadName(originalFilename, format).replace(/[/\\]/g, '_');
    const dot = name.lastIndexOf('.');
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++)
      candidate = `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** The result's format from its key's extension, which the server chose from the result's bytes. */
function formatOfKey(key: string): ImageFormat {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return (Object.keys(FORMAT_EXTENSION) as ImageFormat[]).find((f) => FORMAT_EXTENSION[f] === ext) ?? 'png';
}
