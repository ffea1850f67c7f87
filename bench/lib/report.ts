import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const REPORT = new URL('../../docs/BENCHMARKS.md', import.meta.url);
const HEADER = `# Benchmarks

Measured on the project's own machine by the scripts in \`bench/\` (\`npm run bench -- NAME\`). Each section is
rewritten by its script; peers and baselines are measured in the same run, so ratios hold even when the
machine is busy. Absolute times depend on the load shown beside them.
`;

/**
 * Replaces (or appends) one named section of docs/BENCHMARKS.md, leaving the others as they are. Text that
 * people wrote into the section between `<!-- bench:NAME:notes:start -->` and `<!-- bench:NAME:notes:end -->`
 * (what a change did, what the contact sheet shows) is carried over, after the generated text.
 */
export function writeBenchmarkSection(name: string, markdown: string): void {
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : HEADER;
  writeFileSync(REPORT, withSection(current, name, markdown, machineLine()));
}

/** `document` with the section `name` replaced by `markdown` (or appended), its notes kept. */
export function withSection(document: string, name: string, markdown: string, footer: string): string {
  const section = marked(name);
  const old = document.match(section)?.[0] ?? '';
  const notes = old.match(marked(`${name}:notes`))?.[0];
  const body = notes ? `${markdown.trim()}\n\n${notes}` : markdown.trim();
  const block = `<!-- bench:${name}:start -->\n${body}\n\n_${footer}_\n<!-- bench:${name}:end -->`;
  // A function as the replacement, so that a '$' in the text is not read as a pattern.
  return old ? document.replace(section, () => block) : `${document.trimEnd()}\n\n${block}\n`;
}

/** The text from `<!-- bench:TAG:start -->` to `<!-- bench:TAG:end -->`, markers included. */
function marked(tag: string): RegExp {
  return new RegExp(
    `${escape(`<!-- bench:${tag}:start -->`)}[\\s\\S]*?${escape(`<!-- bench:${tag}:end -->`)}`,
  );
}

export function machineLine(): string {
  const [l1] = os.loadavg();
  return `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${l1.toFixed(2)} at the end of the run`;
}

/** The nearest-rank percentile `p` (0-100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
