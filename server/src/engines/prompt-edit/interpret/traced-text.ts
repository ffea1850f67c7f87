type Replacement = string | ((match: string, ...groups: string[]) => string);

/**
 * A request rewritten step by step ("b&w" -> "monochrome", "pic" -> "picture") that remembers which span of
 * the words as written each of its characters stands for, so that a wish can be shown in the person's words.
 */
export class TracedText {
  private constructor(
    readonly text: string,
    /** Where in the written text each character's span starts and ends. */
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
  ) {}

  static of(written: string): TracedText {
    const starts = Int32Array.from(written, (_c, i) => i);
    return new TracedText(
      written,
      starts,
      starts.map((i) => i + 1),
    );
  }

  /** `String.replace` with the same pattern and replacement: what replaces a match stands for all of it. */
  replace(pattern: RegExp, replacement: Replacement): TracedText {
    const starts: number[] = [];
    const ends: number[] = [];
    let copied = 0;
    const copyUpTo = (end: number) => {
      for (; copied < end; copied++) {
        starts.push(this.starts[copied]);
        ends.push(this.ends[copied]);
      }
    };
    let matched = false;
    const text = this.text.replace(pattern, (match: string, ...rest: unknown[]) => {
      matched = true;
      const at = rest.find((r) => typeof r === 'number') as number;
      const groups = rest.slice(0, rest.indexOf(at)) as (string | undefined)[];
      const made =
        typeof replacement === 'string'
          ? replacement.replace(/\$(\d{1,2}|&)/g, (_s, k: string) =>
              k === '&' ? match : (groups[+k - 1] ?? ''),
            )
          : replacement(match, ...groups.map((g) => g ?? ''));
      copyUpTo(at);
      const [start, end] = this.origin(at, at + match.length);
      for (let i = 0; i < made.length; i++) {
        starts.push(start);
        ends.push(end);
      }
      copied = at + match.length;
      return made;
    });
    if (!matched) return this;
    copyUpTo(this.text.length);
    return new TracedText(text, Int32Array.from(starts), Int32Array.from(ends));
  }

  /** The span of the written text behind characters `from` to `to` of this one (an empty one keeps its place). */
  origin(from: number, to: number): [number, number] {
    if (to <= from) {
      const at = from < this.text.length ? this.starts[from] : (this.ends.at(-1) ?? 0);
      return [at, at];
    }
    let start = Infinity;
    let end = -Infinity;
    for (let i = from; i < to; i++) {
      start = Math.min(start, this.starts[i]);
      end = Math.max(end, this.ends[i]);
    }
    return [start, end];
  }
}
