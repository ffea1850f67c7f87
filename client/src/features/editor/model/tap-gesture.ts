import type { Point } from './strokes';
import type { TapLabel } from './tap-select';

/** A press held this long without moving takes a part away, as shift-tap does with a mouse. */
export const LONG_PRESS_MS = 500;
/** How far (screen pixels) a press may wander and still be a tap. */
export const TAP_SLOP_PX = 10;

export interface TapPointer {
  pointerId: number;
  /** Screen position, for telling a tap from a drag. */
  screen: Point;
  /** Image position, reported with the tap. */
  at: Point;
  shiftKey: boolean;
}

export interface TapTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const BROWSER_TIMERS: TapTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The Select tool's gesture, `idle → pressed → idle`: a release close to the press is a tap (`up` answers it,
 * label 0 with shift held); a press held `LONG_PRESS_MS` is a removing tap at once (`onLongPress`), so a finger
 * learns it worked without lifting; a press that wanders, or a second finger, is nothing.
 */
export function createTapGesture(timers = BROWSER_TIMERS) {
  let pressed: (TapPointer & { timer: unknown }) | null = null;

  function reset() {
    if (pressed) timers.clear(pressed.timer);
    pressed = null;
  }

  return {
    get state(): 'idle' | 'pressed' {
      return pressed ? 'pressed' : 'idle';
    },
    down(pointer: TapPointer, onLongPress: (at: Point) => void) {
      if (pressed) return reset();
      const timer = timers.set(() => {
        if (!pressed) return;
        const { at } = pressed;
        reset();
        onLongPress(at);
      }, LONG_PRESS_MS);
      pressed = { ...pointer, timer };
    },
    move(pointerId: number, screen: Point) {
      if (!pressed || pressed.pointerId !== pointerId) return;
      const moved = Math.hypot(screen.x - pressed.screen.x, screen.y - pressed.screen.y);
      if (moved > TAP_SLOP_PX) reset();
    },
    up(pointerId: number): { at: Point; label: TapLabel } | null {
      if (!pressed || pressed.pointerId !== pointerId) return null;
      const { at, shiftKey } = pressed;
      reset();
      return { at, label: shiftKey ? 0 : 1 };
    },
    cancel: reset,
  };
}

export type TapGesture = ReturnType<typeof createTapGesture>;
