import { describe, expect, it } from 'vitest';
import { withSection } from './report';

const doc = (body: string) =>
  `# Benchmarks\n\n<!-- bench:wm:start -->\n${body}\n<!-- bench:wm:end -->\n\n<!-- bench:other:start -->\nother\n<!-- bench:other:end -->\n`;

describe('a benchmark section rewritten by its script', () => {
  it('replaces the generated text and keeps the notes people wrote into the section', () => {
    const notes =
      '<!-- bench:wm:notes:start -->\nWhat the change did: +0.3 dB ($5 of it).\n<!-- bench:wm:notes:end -->';
    const next = withSection(doc(`old table\n\n${notes}\n\n_old machine_`), 'wm', 'new table', 'new machine');
    expect(next).not.toContain('old table');
    expect(next).toContain(`new table\n\n${notes}\n\n_new machine_`);
    expect(next).toContain('other');
  });

  it('writes no notes where there were none, and appends a new section at the end', () => {
    expect(withSection(doc('old'), 'wm', 'new', 'm')).toContain('<!-- bench:wm:start -->\nnew\n\n_m_\n');
    expect(withSection(doc('old'), 'fresh', 'x', 'm').trimEnd().endsWith('<!-- bench:fresh:end -->')).toBe(
      true,
    );
  });
});
