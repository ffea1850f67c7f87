/**
 * Lighthouse scores of the public pages: `npm run build`, then `npm run bench -- lighthouse [--runs N]`.
 *
 * Builds nothing itself: it needs dist/client from `npm run build`. Starts the app as production does
 * (e2e/support/app-server.ts: NODE_ENV=production, built client, its own auth emulator, a throw-away data
 * folder) and runs the `lighthouse` package against Debian's Chromium (headless, --no-sandbox) with its default
 * mobile preset (Moto G Power screen, simulated slow 4G and 4x CPU slowdown) on the landing page and one
 * article. Chromium resolves no host but the loopback address, so an outside request fails at once instead of
 * stalling the run (the app serves its own fonts). Each page is measured N times (default 3) and the median of
 * each category is reported; the performance scores of every run are listed, since they move with the load of
 * the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Result } from 'lighthouse';
import { freePort, startApp } from '../e2e/support/app-server';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = ['/', '/blog/ai-background-remover-guide'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const LABEL: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};
/** Minimum score (0-100) of each category. */
const GOAL: Record<Category, number> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
};
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
] as const;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Math.max(1, Number(values.runs));

if (!existsSync(path.join(ROOT, 'dist/client/index.html'))) {
  console.error('No built client in dist/client: run `npm run build` first.');
  process.exit(1);
}

/** Headless Chromium with a DevTools port for Lighthouse; every host but loopback fails to resolve. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-quic',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with code ${child.exitCode}.`);
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port.');
    const up = await fetch(`http://127.0.0.1:${port}/json/version`, {
      signal: AbortSignal.timeout(1000),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface PageResult {
  page: string;
  /** Median score per category, 0-100. */
  scores: Record<Category, number>;
  performanceRuns: number[];
  metrics: string[];
  /** Audits that lost points, per category below 100, from the run closest to the median performance. */
  failing: string[];
  outsideRequests: string[];
}

const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

function failingAudits(lhr: Result): string[] {
  const out: string[] = [];
  for (const category of CATEGORIES) {
    if (score(lhr, category) === 100) continue;
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 && category !== 'performance') continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      if (category === 'performance' && ref.group !== 'metrics') {
        // Opportunities only, and only those the simulation credits with some time saved.
        const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0;
        if (audit.details?.type !== 'opportunity' || savings <= 0) continue;
      }
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      out.push(`${LABEL[category]}: ${audit.title}${value}`);
    }
  }
  return [...new Set(out)];
}

async function measure(base: string, port: number, page: string): Promise<PageResult> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${base}${page}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: 45_000,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}.`);
    if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
    runs.push(result.lhr);
    console.log(
      `${page} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${score(result.lhr, c)}`).join(', ')}`,
    );
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(runs.map((lhr) => score(lhr, c)))]),
  ) as Record<Category, number>;
  const performanceRuns = runs.map((lhr) => score(lhr, 'performance'));
  const typical = runs.reduce((best, lhr) =>
    Math.abs(score(lhr, 'performance') - scores.performance) <
    Math.abs(score(best, 'performance') - scores.performance)
      ? lhr
      : best,
  );
  const metrics = METRICS.map(([id, label]) => `${label} ${typical.audits[id]?.displayValue ?? '-'}`);
  const requests =
    (typical.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  const outsideRequests = [
    ...new Set(
      requests
        .map((r) => r.url)
        .filter((url) => /^https?:/.test(url) && new URL(url).origin !== new URL(base).origin),
    ),
  ];
  return { page, scores, performanceRuns, metrics, failing: failingAudits(typical), outsideRequests };
}

function report(results: PageResult[], version: string): string {
  const cell = (value: number, category: Category) =>
    `${value} ${value >= GOAL[category] ? '(met)' : '(**not met**)'}`;
  const rows = results.map((r) => [`\`${r.page}\``, ...CATEGORIES.map((c) => cell(r.scores[c], c))]);
  const goals = CATEGORIES.map((c) => (GOAL[c] === 100 ? '= 100' : `>= ${GOAL[c]}`));
  const allMet = results.every((r) => CATEGORIES.every((c) => r.scores[c] >= GOAL[c]));
  const details = results.map((r) => {
    const lines = [
      `- \`${r.page}\`: performance per run ${r.performanceRuns.join(', ')}; ${r.metrics.join(', ')}.`,
    ];
    if (r.failing.length) lines.push(`  Points lost: ${r.failing.join('; ')}.`);
    if (r.outsideRequests.length)
      lines.push(`  Requests to other hosts (blocked): ${r.outsideRequests.join(', ')}.`);
    return lines.join('\n');
  });
  return `## Lighthouse (landing page and an article, mobile)

\`npm run build && npm run bench -- lighthouse\`. Lighthouse ${version}, default mobile preset (simulated slow 4G,
4x CPU slowdown, Moto G Power screen), Debian's Chromium headless, against the app started as in production
(\`NODE_ENV=production\`, built and precompressed client) on loopback; every other host is unreachable. Median of
${RUNS} run${RUNS === 1 ? '' : 's'} per page and category.

${markdownTable(['page', ...CATEGORIES.map((c) => LABEL[c])], [...rows, ['goal', ...goals]])}

${allMet ? '**Every goal is met on both pages.**' : '**Not every goal is met** (marked above).'}

${details.join('\n')}`;
}

const app = await startApp();
let chromium: Awaited<ReturnType<typeof launchChromium>> | null = null;
try {
  chromium = await launchChromium();
  const results: PageResult[] = [];
  for (const page of PAGES) results.push(await measure(app.url, chromium.port, page));
  const { version } = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  writeBenchmarkSection('lighthouse', report(results, version));
  for (const r of results)
    console.log(`${r.page}: ${CATEGORIES.map((c) => `${LABEL[c]} ${r.scores[c]}`).join(', ')}`);
} finally {
  await chromium?.stop();
  await app.stop();
}
