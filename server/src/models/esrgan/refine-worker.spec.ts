import { describe, expect, it } from 'vitest';
import { helperRefiner, inlineRefiner } from './refine-worker';

function tile(w: number, h: number, scale: number, seed: number) {
  const input = new Float32Array(3 * w * h).map((_, i) => (i * 37 + seed) % 256);
  const model = new Float32Array(3 * w * h * scale * scale).map((_, i) => Math.sin(i + seed) * 3);
  return { input, model };
}

describe('refining tiles in helper threads', () => {
  it('gives bit for bit what refining in this thread gives, for tiles in flight together', async () => {
    const options = { scale: 2, modelWeight: 1, backProjections: 2, lanczosResidual: true };
    const tiles = [0, 1, 2, 3].map((seed) => tile(20 + seed, 17, 2, seed));
    const expected = await Promise.all(
      tiles.map(async ({ input, model }, k) =>
        inlineRefiner(model.slice(), input.slice(), 20 + k, 17, 3, options),
      ),
    );
    const got = await Promise.all(
      tiles.map(({ input, model }, k) => helperRefiner(model, input, 20 + k, 17, 3, options)),
    );
    for (let k = 0; k < tiles.length; k++) expect(got[k]).toEqual(expected[k]);
  });

  it('copies a view into a larger buffer instead of moving the buffer under its owner', async () => {
    const options = { scale: 2, modelWeight: 0.5, backProjections: 1 };
    const { input, model } = tile(8, 8, 2, 5);
    const shared = new Float32Array(model.length + 16);
    shared.set(model, 16);
    const view = shared.subarray(16);
    const expected = await inlineRefiner(model.slice(), input.slice(), 8, 8, 3, options);
    expect(await helperRefiner(view, input, 8, 8, 3, options)).toEqual(expected);
    expect(shared.length).toBe(model.length + 16);
  });
});
