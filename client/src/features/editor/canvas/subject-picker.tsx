import type { MouseEvent } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '@client/lib/utils';
import type { ImageView } from '../model/editor-state';
import { faceAt, faceCentre, tapPoint, type PersonBox, type SubjectPoint } from '../model/subject-point';

/**
 * The photo of a group for a headshot: a tap anywhere on a person (face or body) chooses them, and so does a
 * click or Enter on the ring around a face. The rings show whom the server found; the chosen point carries a
 * marker, and the face it is on a solid ring. Drawn at `scale` screen pixels per image pixel.
 */
export function SubjectPicker({
  image,
  scale,
  people,
  point,
  disabled,
  onPick,
}: {
  image: ImageView;
  scale: number;
  people: readonly PersonBox[];
  point: SubjectPoint | null;
  disabled: boolean;
  onPick(point: SubjectPoint): void;
}) {
  const chosen = point ? faceAt(point, people, image.width, image.height) : -1;
  const width = image.width * scale;
  const height = image.height * scale;
  function tap(event: MouseEvent<HTMLDivElement>) {
    if (disabled) return;
    onPick(tapPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect()));
  }
  return (
    <div
      data-testid="subject-picker"
      className={cn('relative', disabled ? 'cursor-default' : 'cursor-crosshair')}
      style={{ width, height }}
      onClick={tap}
    >
      <img
        src={image.url}
        alt="Your photo: tap the person for the headshot"
        width={image.width}
        height={image.height}
        style={{ width, height }}
        className="max-w-none select-none rounded-sm shadow-sm"
        draggable={false}
      />
      {people.map((box, index) => (
        <button
          key={index}
          type="button"
          aria-label={`Person ${index + 1}`}
          aria-pressed={chosen === index}
          disabled={disabled}
          data-testid="subject-face"
          className={cn(
            'absolute rounded-[45%] border-2 shadow-[0_0_0_1px_rgba(0,0,0,0.45)] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
            chosen === index
              ? 'border-violet-500 bg-violet-500/10'
              : 'border-dashed border-white/90 hover:border-violet-300 hover:bg-white/10',
          )}
          style={{
            left: box.x * scale,
            top: box.y * scale,
            width: box.width * scale,
            height: box.height * scale,
          }}
          onClick={(event) => {
            event.stopPropagation();
            if (!disabled) onPick(faceCentre(box, image.width, image.height));
          }}
        />
      ))}
      {point && (
        <span
          aria-hidden
          data-testid="subject-marker"
          className="pointer-events-none absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-violet-600 text-white shadow-[0_0_0_1px_rgba(0,0,0,0.5)]"
          style={{ left: point.x * width, top: point.y * height }}
        >
          <UserRound className="size-3.5" strokeWidth={2.5} />
        </span>
      )}
    </div>
  );
}
