import { useRef, useState, type DragEvent } from 'react';
import { Loader2, Upload } from 'lucide-react';
import { MAX_BATCH_PHOTOS } from '@common/limits';
import { cn } from '@client/lib/utils';
import { ACCEPT_ATTRIBUTE } from '../model/validation';

/**
 * Drop photos or click to browse; hands the files over (one for the editor, several for a batch) and leaves
 * checking them to the caller. `progress` (0..1) is the share sent while an upload runs, null otherwise.
 */
export function UploadZone({ progress, onFiles }: { progress: number | null; onFiles(files: File[]): void }) {
  const uploading = progress !== null;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length && !uploading) onFiles(files);
  }

  return (
    <div
      data-testid="upload-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'relative flex min-h-72 flex-col items-center justify-center rounded-2xl border-2 border-dashed bg-card/60 p-8 text-center transition-colors',
        over ? 'border-primary bg-primary/5' : 'border-border hover:border-primary/60',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        {uploading ? <Loader2 className="size-7 animate-spin" /> : <Upload className="size-7" />}
      </span>
      {uploading ? (
        <div className="mt-5 w-full max-w-xs" role="status">
          <p className="text-lg font-semibold">Uploading... {Math.round(progress * 100)}%</p>
          <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        </div>
      ) : (
        <>
          <p className="mt-5 text-lg font-semibold">Drop your file here</p>
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="mt-1 text-sm font-medium text-primary underline-offset-4 after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            or click to browse
          </button>
          <p className="mt-4 text-xs text-muted-foreground">JPG, PNG, WebP, JPEG</p>
          <p className="mt-1 text-xs text-muted-foreground">
            Several photos at once make a batch of up to {MAX_BATCH_PHOTOS}.
          </p>
        </>
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a photo"
        data-testid="file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
