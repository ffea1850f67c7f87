import { describe, expect, it } from 'vitest';
import { EmbeddingCache, embeddingKey } from './embedding-cache';

describe('EmbeddingCache', () => {
  const embedding = (v: number) => new Float32Array([v]);

  it('keeps the last few photos, dropping the one used longest ago', () => {
    const sut = new EmbeddingCache(2);
    sut.set('a', embedding(1));
    sut.set('b', embedding(2));
    expect(sut.get('a')?.[0]).toBe(1); // a is now the most recent
    sut.set('c', embedding(3));
    expect(sut.get('b')).toBeUndefined();
    expect(sut.get('a')?.[0]).toBe(1);
    expect(sut.get('c')?.[0]).toBe(3);
    expect(sut.size).toBe(2);
  });

  it('names a photo by its id and pixel size, so other pixels never reuse an embedding', () => {
    expect(embeddingKey('img-1', 600, 400)).toBe('img-1:600x400');
    expect(embeddingKey('img-1', 600, 400)).not.toBe(embeddingKey('img-1', 400, 600));
  });
});
