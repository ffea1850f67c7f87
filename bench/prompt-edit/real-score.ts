/**
 * How well a reader of instructions does on real requests (real-requests/): for the rows whose main wish can
 * be done here, how often the plan has a step of one of the kinds that would do it, and how often it refuses
 * outright; for the rows that need generated content, how often it declines. Per split and overall.
 * Run: node --import tsx bench/prompt-edit/real-score.ts [--misses | --misses=tuning] [--by-source]
 * It scores Chat to Edit's interpreter and the keyword matcher (keyword-matcher.ts), held-out split first.
 * --misses=tuning lists the tuning rows' misses only, so tuning never shows the held-out rows' misses;
 * --by-source adds one line per source, held-out sources first.
 */
import { pathToFileURL } from 'node:url';
import { keywordPlan } from './keyword-matcher';
import { REAL_REQUESTS, type RealRequest } from './real-requests';

/** What a reader returns: the steps it would run and the wishes it names as not doable here. */
export type Planner = (text: string) => { steps: { kind: string }[]; skipped: unknown[] };

export interface Miss {
  id: string;
  split: RealRequest['split'];
  text: string;
  main: string[];
  /** The step kinds planned. */
  got: string[];
  /** not-planned: no step of a main kind; refused: no step at all; generative-planned: did not decline. */
  why: 'not-planned' | 'refused' | 'generative-planned' | 'threw';
}

export interface SplitScore {
  rows: number;
  /** Rows whose main wish can be done here. */
  doable: number;
  /** Doable rows whose plan has a step of one of the main kinds. */
  planned: number;
  plannedShare: number;
  /** Mean number of steps planned for a doable row: a reader that plans everything scores high on `planned`. */
  stepsPerDoable: number;
  /** Doable rows given no step at all. */
  refused: number;
  refusedShare: number;
  /** Rows whose main wish needs generated content. */
  generative: number;
  /** Generative rows declined: no step planned, or a wish named as skipped. */
  generativeRight: number;
  generativeShare: number;
  misses: Miss[];
}

export type RealScore = Record<RealRequest['split'] | 'overall', SplitScore>;

function empty(): SplitScore {
  return {
    rows: 0,
    doable: 0,
    planned: 0,
    plannedShare: 0,
    stepsPerDoable: 0,
    refused: 0,
    refusedShare: 0,
    generative: 0,
    generativeRight: 0,
    generativeShare: 0,
    misses: [],
  };
}

/**
 * Scores `plan` on `rows`. Rows with an empty `main` that are not generative (nothing doable, nothing to
 * decline by name) count in `rows` only. A planner that throws on a row is scored as planning nothing.
 */
export function scoreReal(rows: RealRequest[], plan: Planner): RealScore {
  const score: RealScore = { 'held-out': empty(), tuning: empty(), overall: empty() };
  for (const row of rows) {
    let steps: { kind: string }[] = [];
    let skipped: unknown[] = [];
    let threw = false;
    try {
      ({ steps, skipped } = plan(row.text));
    } catch {
      threw = true;
    }
    const got = steps.map((s) => s.kind);
    const doable = row.main.length > 0;
    const planned = doable && got.some((kind) => row.main.includes(kind));
    const declined = steps.length === 0 || skipped.length > 0;
    let why: Miss['why'] | undefined;
    if (doable && !planned) why = threw ? 'threw' : steps.length === 0 ? 'refused' : 'not-planned';
    else if (row.generative && !declined) why = 'generative-planned';
    for (const s of [score[row.split], score.overall]) {
      s.rows++;
      if (doable) {
        s.doable++;
        if (planned) s.planned++;
        s.stepsPerDoable += steps.length;
        if (steps.length === 0) s.refused++;
      }
      if (row.generative) {
        s.generative++;
        if (declined) s.generativeRight++;
      }
      if (why) s.misses.push({ id: row.id, split: row.split, text: row.text, main: row.main, got, why });
    }
  }
  for (const s of Object.values(score)) {
    s.plannedShare = s.doable ? s.planned / s.doable : 0;
    s.stepsPerDoable = s.doable ? s.stepsPerDoable / s.doable : 0;
    s.refusedShare = s.doable ? s.refused / s.doable : 0;
    s.generativeShare = s.generative ? s.generativeRight / s.generative : 0;
  }
  return score;
}

/** The keyword matcher as a planner: its kinds as steps, and an empty plan as a refusal that names the text. */
export const keywordPlanner: Planner = (text) => {
  const kinds = keywordPlan(text);
  return { steps: kinds.map((kind) => ({ kind })), skipped: kinds.length ? [] : [{ text }] };
};

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

type MissesShown = 'none' | 'tuning' | 'all';

function figures(s: SplitScore): string {
  return (
    `planned ${s.planned}/${s.doable} = ${percent(s.plannedShare)}` +
    ` (${s.stepsPerDoable.toFixed(1)} steps each)` +
    `  wrongly refused ${s.refused}/${s.doable} = ${percent(s.refusedShare)}` +
    `  generative declined ${s.generativeRight}/${s.generative} = ${percent(s.generativeShare)}`
  );
}

/** Each source on its own, held-out sources first (the held-out part is held out by whole source). */
function bySource(rows: RealRequest[], plan: Planner): string[] {
  const sources = [...new Set(rows.map((r) => r.source))];
  const splitOf = (source: string) => rows.find((r) => r.source === source)!.split;
  sources.sort((a, b) =>
    splitOf(a) === splitOf(b) ? a.localeCompare(b) : splitOf(a) === 'held-out' ? -1 : 1,
  );
  return sources.map((source) => {
    const s = scoreReal(
      rows.filter((r) => r.source === source),
      plan,
    ).overall;
    return `    ${splitOf(source).padEnd(8)}  ${source.padEnd(20)} rows ${String(s.rows).padStart(3)}  ${figures(s)}`;
  });
}

function report(name: string, score: RealScore, misses: MissesShown, sourceLines: string[]): string {
  const lines = [`${name}`];
  for (const split of ['held-out', 'tuning', 'overall'] as const) {
    const s = score[split];
    lines.push(`  ${split.padEnd(8)}  rows ${String(s.rows).padStart(3)}  ${figures(s)}`);
  }
  lines.push(...sourceLines);
  const shown = {
    none: [],
    tuning: score.tuning.misses,
    all: [...score['held-out'].misses, ...score.tuning.misses],
  };
  for (const m of shown[misses])
    lines.push(
      `    ${m.split} ${m.why} ${m.id} [${m.got.join(', ')}] want [${m.main.join(', ')}]: ${m.text}`,
    );
  return lines.join('\n');
}

async function main() {
  const misses: MissesShown = process.argv.includes('--misses')
    ? 'all'
    : process.argv.includes('--misses=tuning')
      ? 'tuning'
      : 'none';
  const withSources = process.argv.includes('--by-source');
  const sourceLines = (plan: Planner) => (withSources ? bySource(REAL_REQUESTS, plan) : []);
  const bySplit = (split: string) => REAL_REQUESTS.filter((r) => r.split === split).length;
  console.log(
    `${REAL_REQUESTS.length} real requests: held-out ${bySplit('held-out')}, tuning ${bySplit('tuning')}\n`,
  );
  try {
    const { interpretInstruction } = await import('../../server/src/engines/prompt-edit/interpret');
    const ours = scoreReal(REAL_REQUESTS, interpretInstruction);
    console.log(report('Chat to Edit interpreter', ours, misses, sourceLines(interpretInstruction)));
  } catch (err) {
    console.log(`Chat to Edit interpreter: not scored (${err instanceof Error ? err.message : String(err)})`);
  }
  console.log();
  console.log(
    report('Keyword matcher', scoreReal(REAL_REQUESTS, keywordPlanner), misses, sourceLines(keywordPlanner)),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
