/**
 * The image embeddings of the last few photos, so that every tap after the first runs only the decoder. Keyed
 * by the photo's id and pixel size (`id:WxH`), which name the pixels the embedding was made from. Each entry
 * is 4 MiB (256x64x64 float32).
 */
export class EmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();

  constructor(readonly capacity = 4) {}

  get(key: string): Float32Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Float32Array): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The cache key of a photo's embedding. */
export const embeddingKey = (id: string, width: number, height: number) => `${id}:${width}x${height}`;
