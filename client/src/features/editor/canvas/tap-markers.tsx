import { LoaderCircle, Minus, Plus } from 'lucide-react';
import type { SelectPoint } from '@common/schemas/select';
import { cn } from '@client/lib/utils';

/**
 * The taps of the selections on the photo (a plus adds, a minus takes away) and the tap being answered, with a
 * spinner, placed at `scale` screen pixels per image pixel. Drawn over the mask layer; they never take a tap.
 */
export function TapMarkers({
  taps,
  pending,
  scale,
}: {
  taps: readonly SelectPoint[];
  pending: SelectPoint | null;
  scale: number;
}) {
  return (
    <>
      {taps.map((tap, index) => (
        <Marker key={index} tap={tap} scale={scale} />
      ))}
      {pending && (
        <>
          <Marker tap={pending} scale={scale} pending />
          <span
            aria-hidden
            className="pointer-events-none absolute size-9 -translate-x-1/2 -translate-y-1/2 animate-ping rounded-full border-2 border-white/90"
            style={{ left: pending.x * scale, top: pending.y * scale }}
          />
          <div
            role="status"
            data-testid="select-busy"
            className="pointer-events-none absolute left-1/2 top-2 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-background/90 px-3 py-1 text-xs font-medium shadow-md"
          >
            <LoaderCircle className="size-3.5 animate-spin text-primary" aria-hidden />
            Selecting...
          </div>
        </>
      )}
    </>
  );
}

function Marker({ tap, scale, pending }: { tap: SelectPoint; scale: number; pending?: boolean }) {
  const Icon = tap.label === 1 ? Plus : Minus;
  return (
    <span
      aria-hidden
      data-testid={pending ? 'tap-pending' : 'tap-marker'}
      className={cn(
        'pointer-events-none absolute flex size-5 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-white shadow-[0_0_0_1px_rgba(0,0,0,0.5)]',
        tap.label === 1 ? 'bg-violet-600' : 'bg-red-600',
      )}
      style={{ left: tap.x * scale, top: tap.y * scale }}
    >
      <Icon className="size-3" strokeWidth={3} />
    </span>
  );
}
