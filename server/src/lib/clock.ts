export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;
