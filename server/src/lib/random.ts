/**
 * The project's seeded random generators: the same sequence from the same seed on every machine, so
 * fills, test pictures and benchmark sets are reproducible.
 */

/** mulberry32: floats in [0, 1). For test pictures, benchmark sets and anything else that wants noise. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Small, fast, seeded PRNG (xorshift32) so results are reproducible. Integers, for the inpainting's
 * patch search; every fill depends on its exact sequence, so it is kept as it is rather than replaced
 * by `seededRandom`.
 */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
  /** Integer in [-range, range]. */
  spread(range: number): number {
    return (this.next() % (2 * range + 1)) - range;
  }
}
