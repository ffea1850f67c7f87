import { CheckCircle2, Download, Loader2, XCircle } from 'lucide-react';
import type { BatchPhoto, PhotoStatus } from './batch-photos';

const STATUS_TEXT: Record<PhotoStatus, string> = {
  uploading: 'Uploading',
  ready: 'Ready',
  refused: 'Not included',
  'other-shape': 'Not included',
  queued: 'Waiting',
  processing: 'Processing',
  completed: 'Done',
  failed: 'Failed',
};

/** Every photo of a batch with its progress, its result to download, or the reason it failed. */
export function BatchPhotoList({ photos }: { photos: BatchPhoto[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Photos of the batch">
      {photos.map((photo) => {
        const picture = photo.result?.url ?? photo.originalUrl;
        const working = ['uploading', 'queued', 'processing'].includes(photo.status);
        return (
          <li
            key={photo.key}
            data-testid="batch-photo"
            data-status={photo.status}
            className="flex gap-3 rounded-xl border bg-card p-3 shadow-sm"
          >
            <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-muted">
              {picture && <img src={picture} alt="" className="size-full object-cover" loading="lazy" />}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="truncate text-sm font-medium" title={photo.name}>
                {photo.name}
              </p>
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                {working && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
                {photo.status === 'completed' && (
                  <CheckCircle2 className="size-3.5 text-success" aria-hidden />
                )}
                {(photo.status === 'failed' || photo.status === 'refused') && (
                  <XCircle className="size-3.5 text-destructive" aria-hidden />
                )}
                {STATUS_TEXT[photo.status]}
                {working && ` ${Math.round(photo.percent)}%`}
              </p>
              {photo.message && photo.status !== 'processing' && photo.status !== 'queued' && (
                <p className="text-xs text-muted-foreground" data-testid="batch-photo-reason">
                  {photo.message}
                </p>
              )}
              {photo.result && (
                <a
                  href={photo.result.downloadUrl}
                  download
                  className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
                  data-testid="batch-download"
                >
                  <Download className="size-3.5" aria-hidden /> Download
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
