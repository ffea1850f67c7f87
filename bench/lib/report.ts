import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const REPORT = new URL('../../docs/BENCHMARKS.md', import.meta.url);
const HEADER = `# Benchmarks

Measured on the project's own machine by the scripts in \`bench/\` (\`npm run bench -- NAME\`). Each section is
rewritten by its script; peers and baselines are measured in the same run, so ratios hold even when the
machine is busy. Absolute times depend on the load shown beside them.
`;

/** Replaces (or appends) one named section of docs/BENCHMARKS.md, leaving the others as they are. */
export function writeBenchmarkSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : HEADER;
  const block = `${start}\n${markdown.trim()}\n\n_${machineLine()}_\n${end}`;
  const pattern = new RegExp(`${escape(start)}[\\s\\S]*?${escape(end)}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(REPORT, next);
}

export function machineLine(): string {
  const [l1] = os.loadavg();
  return `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${l1.toFixed(2)} at the end of the run`;
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
