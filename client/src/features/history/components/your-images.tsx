import { ImagePlus, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { PLAN_LIMITS } from '@common/plans';
import type { CurrentUser } from '@common/schemas/auth';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/errors';
import { useDeleteImage, useYourImages } from '../api/your-images';
import { ImageCard } from './image-card';

/** The signed-in person's results, newest first, a page at a time. */
export function YourImages({ user }: { user: CurrentUser }) {
  const images = useYourImages();
  const remove = useDeleteImage();
  const items = images.data?.pages.flatMap((page) => page.images) ?? [];
  const days = PLAN_LIMITS[user.subscriptionTier].retentionDays;

  function confirmDelete(id: string, name: string) {
    if (!window.confirm(`Delete "${name}"? The photo and its result are removed for good.`)) return;
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Image deleted', variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Not deleted', description: getErrorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-muted-foreground">
        Your results are kept for {days === 365 ? 'one year' : `${days} days`} after upload on the{' '}
        {PLAN_LIMITS[user.subscriptionTier].name} plan, then removed by a daily clean-up.{' '}
        <Link href="/privacy" className="text-primary underline-offset-4 hover:underline">
          Privacy
        </Link>
      </p>
      {images.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 className="size-5 animate-spin" /> Loading your images
        </p>
      ) : images.isError ? (
        <p className="text-destructive">
          {getErrorMessage(images.error, 'Your images could not be loaded.')}
        </p>
      ) : items.length === 0 ? (
        <div className="rounded-2xl border bg-muted/40 p-8 text-center" data-testid="history-empty">
          <p className="font-medium">No results yet.</p>
          <Button asChild variant="gradient" className="mt-4">
            <Link href="/editor">
              <ImagePlus /> Edit a photo
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your images">
          {items.map((item) => (
            <ImageCard
              key={item.id}
              item={item}
              deleting={remove.isPending && remove.variables === item.id}
              onDelete={() => confirmDelete(item.id, item.originalFilename)}
            />
          ))}
        </ul>
      )}
      {images.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={images.isFetchingNextPage}
          onClick={() => void images.fetchNextPage()}
        >
          {images.isFetchingNextPage && <Loader2 className="animate-spin" />} Show more
        </Button>
      )}
    </div>
  );
}
