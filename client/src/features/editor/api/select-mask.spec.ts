import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectMask } from './select-mask';

describe('selectMask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the taps, and the box when there is one, to the photo’s select call', async () => {
    const fetch = vi.fn(
      async () => new Response('PNG', { status: 200, headers: { 'content-type': 'image/png' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const points = [
      { x: 10, y: 20, label: 1 as const },
      { x: 30, y: 40, label: 0 as const },
    ];
    expect(await (await selectMask('a b', points)).text()).toBe('PNG');
    const box = { x: 1, y: 2, width: 3, height: 4 };
    await selectMask('img', points.slice(0, 1), box);
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0][0]).toBe('/api/images/a%20b/select');
    expect(JSON.parse(String(calls[0][1].body))).toEqual({ points });
    expect(JSON.parse(String(calls[1][1].body))).toEqual({ points: points.slice(0, 1), box });
  });
});
