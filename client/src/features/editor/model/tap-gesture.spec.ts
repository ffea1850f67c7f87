import { describe, expect, it } from 'vitest';
import { createTapGesture, LONG_PRESS_MS, TAP_SLOP_PX, type TapTimers } from './tap-gesture';

/** Timers the test runs by hand. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: TapTimers = {
    set: (run, ms) => {
      pending.set(++next, { run, ms });
      return next;
    },
    clear: (handle) => pending.delete(handle as number),
  };
  const elapse = (ms: number) => {
    for (const [id, timer] of pending) {
      if (timer.ms > ms) continue;
      pending.delete(id);
      timer.run();
    }
  };
  return { timers, elapse, pending };
}

const press = (pointerId = 1, shiftKey = false) => ({
  pointerId,
  screen: { x: 100, y: 100 },
  at: { x: 40, y: 30 },
  shiftKey,
});

describe('the Select tool’s tap gesture', () => {
  it('answers a short press as an adding tap, or a removing one with shift held', () => {
    const { timers } = manualTimers();
    const sut = createTapGesture(timers);
    sut.down(press(), () => {});
    expect(sut.state).toBe('pressed');
    sut.move(1, { x: 100 + TAP_SLOP_PX - 1, y: 100 });
    expect(sut.up(1)).toEqual({ at: { x: 40, y: 30 }, label: 1 });
    expect(sut.state).toBe('idle');
    sut.down(press(2, true), () => {});
    expect(sut.up(2)).toEqual({ at: { x: 40, y: 30 }, label: 0 });
  });

  it('takes a part away on a long press, at once, and ignores the release after it', () => {
    const { timers, elapse } = manualTimers();
    const sut = createTapGesture(timers);
    const held: unknown[] = [];
    sut.down(press(), (at) => held.push(at));
    elapse(LONG_PRESS_MS);
    expect(held).toEqual([{ x: 40, y: 30 }]);
    expect(sut.up(1)).toBeNull();
  });

  it('is no tap when the press wanders, when a second finger comes, or on another pointer', () => {
    const { timers, elapse, pending } = manualTimers();
    const sut = createTapGesture(timers);
    const held: unknown[] = [];
    sut.down(press(), (at) => held.push(at));
    sut.move(1, { x: 100, y: 100 + TAP_SLOP_PX + 1 });
    expect(sut.up(1)).toBeNull();
    sut.down(press(1), (at) => held.push(at));
    sut.down(press(2), (at) => held.push(at));
    expect(sut.up(1)).toBeNull();
    expect(sut.up(2)).toBeNull();
    elapse(LONG_PRESS_MS);
    expect(held).toEqual([]);
    expect(pending.size).toBe(0);
  });
});
