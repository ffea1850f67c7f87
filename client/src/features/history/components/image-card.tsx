import { useState } from 'react';
import { Download, PencilLine, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { MODE_INFO } from '@common/modes';
import type { HistoryItem } from '@common/schemas/images';
import { Button } from '@client/components/ui/button';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One past result: after (press Before to compare), mode, date, when it is removed, and what can be done. */
export function ImageCard({
  item,
  deleting,
  onDelete,
}: {
  item: HistoryItem;
  deleting: boolean;
  onDelete(): void;
}) {
  const [showBefore, setShowBefore] = useState(false);
  const shown = showBefore ? item.thumbnails.original : item.thumbnails.result;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm"
      data-testid="history-item"
    >
      <div className="relative aspect-[4/3] bg-muted">
        <img
          src={shown}
          alt={
            showBefore
              ? `${item.originalFilename} before the edit`
              : `${item.originalFilename} after the edit`
          }
          className="size-full object-contain"
          loading="lazy"
        />
        <button
          type="button"
          aria-pressed={showBefore}
          onClick={() => setShowBefore((b) => !b)}
          className="absolute bottom-2 left-2 rounded-full bg-background/85 px-3 py-1 text-xs font-medium shadow-sm hover:bg-background"
        >
          {showBefore ? 'Before' : 'After'} · show {showBefore ? 'after' : 'before'}
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="truncate font-medium" title={item.originalFilename}>
          {item.originalFilename}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="history-mode">
          {MODE_INFO[item.mode].label} · {DATE.format(new Date(item.createdAt))}
        </p>
        <p className="text-xs text-muted-foreground">
          Kept until {DATE.format(new Date(item.expiresAt)).replace(/,[^,]*$/, '')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild size="sm" variant="gradient">
            <a href={item.downloadPath} download>
              <Download /> Download
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href={`/editor?mode=${item.mode}&from=${item.id}`}>
              <PencilLine /> Edit again
            </Link>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={deleting}
            onClick={onDelete}
            aria-label={`Delete ${item.originalFilename}`}
          >
            <Trash2 /> Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
