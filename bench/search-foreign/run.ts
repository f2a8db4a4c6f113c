/**
 * `npm run bench:search-foreign`: relevance of @kit/docs-search beside MiniSearch on public
 * documentation folders nobody here wrote (see README.md for fetching them). Prints the tables and
 * writes them into the search-foreign block of docs/benchmarks.md.
 *
 * Arguments: `--hono=DIR`, `--pnpm=DIR`, `--httpx=DIR` (or the FOREIGN_*_DOCS variables) name the
 * docs folders; `--show-held-out` also lists the held-out queries answered wrongly (leave it off
 * while tuning); `--no-late` leaves out the late and fresh held-out batches (see README.md); `--no-write` leaves docs/benchmarks.md alone; `--loader=bench` (or `service`) picks
 * the loader instead of using the docs service's whenever it accepts the folder.
 */
import { resolve } from 'node:path';
import type { BenchEngine, BenchSearcher } from '../search/engine.js';
import { firstRelevantRank, summarise } from '../search/metrics.js';
import { kitEngine } from '../search/peers/kit.js';
import { miniSearchEngine } from '../search/peers/minisearch.js';
import { describeMachine, markdownTable } from '../search/report.js';
import { writeBenchBlock } from '../report-block.js';
import { firstPageRight, judge, splitHeldOut, type ForeignQuery } from './judge.js';
import { DOC_SETS, folderOf, loadSet, type DocSet, type LoadedSet, type LoaderChoice } from './sets.js';

const ENGINES: readonly BenchEngine[] = [kitEngine, miniSearchEngine];
const LIMIT = 10;
const REPORT_PATH = resolve(import.meta.dirname, '../../docs/benchmarks.md');

/** Relevance figures of one engine on one part of a query set. */
interface Figures {
  readonly queries: number;
  readonly successAt1: number;
  readonly successAt3: number;
  readonly mrrAt10: number;
  readonly pageAt1: number;
}

interface QueryOutcome {
  readonly query: ForeignQuery;
  readonly rank: number;
  readonly pageRight: boolean;
  readonly top: string | undefined;
}

async function outcomes(searcher: BenchSearcher, set: LoadedSet, queries: readonly ForeignQuery[]): Promise<QueryOutcome[]> {
  const result: QueryOutcome[] = [];
  for (const query of queries) {
    const judgement = judge(query, set.sections);
    const answer = searcher.search(query.q, { limit: LIMIT });
    const ranked = answer instanceof Promise ? await answer : answer;
    result.push({
      query,
      rank: firstRelevantRank(ranked, judgement.sections),
      pageRight: firstPageRight(ranked, judgement),
      top: ranked[0],
    });
  }
  return result;
}

function figures(list: readonly QueryOutcome[]): Figures {
  const summary = summarise(list.map((outcome) => outcome.rank));
  const pages = list.filter((outcome) => outcome.pageRight).length;
  return { ...summary, pageAt1: list.length === 0 ? 0 : pages / list.length };
}

const fixed = (value: number) => value.toFixed(3);

interface SetResult {
  readonly set: DocSet;
  readonly loaded: LoadedSet;
  readonly unjudgeable: readonly ForeignQuery[];
  readonly engines: readonly EngineOutcomes[];
}

interface EngineOutcomes {
  readonly engine: BenchEngine;
  readonly tuning: QueryOutcome[];
  readonly heldOut: QueryOutcome[];
  /** The second held-out batch, written after tuning had begun; empty with --no-late. */
  readonly late: QueryOutcome[];
  /** The third held-out batch, never used to choose anything; empty with --no-late. */
  readonly fresh: QueryOutcome[];
}

async function runSet(set: DocSet, loaded: LoadedSet, withLate: boolean): Promise<SetResult> {
  const all = withLate ? [...set.queries, ...set.lateQueries, ...set.freshQueries] : set.queries;
  const judgeable = all.filter((query) => judge(query, loaded.sections).sections.size > 0);
  const unjudgeable = all.filter((query) => !judgeable.includes(query));
  const { tuning, heldOut } = splitHeldOut(set.queries);
  const late = withLate ? set.lateQueries : [];
  const fresh = withLate ? set.freshQueries : [];
  const keep = (queries: readonly ForeignQuery[]) => queries.filter((query) => judgeable.includes(query));
  const engines: EngineOutcomes[] = [];
  for (const engine of ENGINES) {
    const searcher = await engine.build(loaded.sections, []);
    engines.push({
      engine,
      tuning: await outcomes(searcher, loaded, keep(tuning)),
      heldOut: await outcomes(searcher, loaded, keep(heldOut)),
      late: await outcomes(searcher, loaded, keep(late)),
      fresh: await outcomes(searcher, loaded, keep(fresh)),
    });
  }
  return { set, loaded, unjudgeable, engines };
}

const PARTS = [
  { key: 'tuning', label: 'tuning' },
  { key: 'heldOut', label: 'held out' },
  { key: 'late', label: 'late held out' },
  { key: 'fresh', label: 'fresh held out' },
] as const;

function relevanceTable(result: SetResult): string {
  const rows: string[][] = [];
  const parts = [
    ...PARTS.map(({ key, label }) => ({ label, pick: (outcomes: EngineOutcomes) => outcomes[key] })),
    { label: 'all', pick: (outcomes: EngineOutcomes) => PARTS.flatMap(({ key }) => outcomes[key]) },
  ];
  for (const { label, pick } of parts) {
    for (const outcomes of result.engines) {
      const list = pick(outcomes);
      if (list.length === 0) continue;
      const value = figures(list);
      rows.push([
        `${label} (${value.queries})`,
        outcomes.engine.name,
        fixed(value.successAt1),
        fixed(value.successAt3),
        fixed(value.mrrAt10),
        fixed(value.pageAt1),
      ]);
    }
  }
  return markdownTable(['queries', 'engine', 'section S@1', 'section S@3', 'MRR@10', 'page S@1'], rows);
}

function missList(list: readonly QueryOutcome[]): string[] {
  return list
    .filter((outcome) => outcome.rank !== 1)
    .map(
      (outcome) =>
        `\`${outcome.query.q}\`: ${outcome.rank === 0 ? 'not in top 10' : `rank ${outcome.rank}`}${outcome.pageRight ? ' (right page first)' : ''}; first hit \`${outcome.top ?? 'none'}\``,
    );
}

function loaderChoice(argv: readonly string[]): LoaderChoice {
  const value = argv.find((argument) => argument.startsWith('--loader='))?.slice('--loader='.length) ?? 'auto';
  if (value === 'auto' || value === 'service' || value === 'bench') return value;
  throw new Error(`bench:search-foreign: --loader=${value} is not a loader; use --loader=auto, --loader=service or --loader=bench`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const showHeldOut = argv.includes('--show-held-out');
  const withLate = !argv.includes('--no-late');
  const results: SetResult[] = [];
  const skipped: string[] = [];
  for (const set of DOC_SETS) {
    const folder = folderOf(set, argv, process.env);
    if ('missing' in folder) {
      console.log(`skipped ${folder.missing}`);
      skipped.push(folder.missing);
      continue;
    }
    const loaded = await loadSet(folder.path, loaderChoice(argv));
    console.log(
      `${set.name} (${set.generator}, ${set.repository}): ${loaded.pages} pages, ${loaded.sections.length} sections; loaded with the ${loaded.loader}`,
    );
    const result = await runSet(set, loaded, withLate);
    results.push(result);
    for (const outcomes of result.engines) {
      const line = PARTS.filter(({ key }) => outcomes[key].length > 0)
        .map(({ key, label }) => {
          const value = figures(outcomes[key]);
          return `${label} S@1 ${fixed(value.successAt1)} MRR ${fixed(value.mrrAt10)} page ${fixed(value.pageAt1)}`;
        })
        .join(' | ');
      console.log(`  ${outcomes.engine.name}: ${line}`);
    }
    if (result.unjudgeable.length > 0) console.log(`  no relevant section for: ${result.unjudgeable.map((query) => query.q).join('; ')}`);
    const kit = result.engines[0]!;
    for (const line of missList(kit.tuning)) console.log(`  miss (tuning): ${line}`);
    if (showHeldOut) for (const line of missList(kit.heldOut)) console.log(`  miss (held out): ${line}`);
    if (showHeldOut) for (const line of missList(kit.late)) console.log(`  miss (late held out): ${line}`);
  }
  if (results.length === 0) {
    console.log('no doc set available: nothing measured, docs/benchmarks.md left as it was');
    return;
  }

  const body = [
    '## Search relevance on documentation nobody here wrote',
    '',
    `Command: \`npm run bench:search-foreign\`. Machine: ${describeMachine()}. Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    'Public documentation folders in three generators, fetched for measuring only (bench/search-foreign/README.md says how). ' +
      'The questions were written here after reading the pages, each naming the page and section that answers it (`bench/search-foreign/queries/`). ' +
      "Every third question was held out while the ranking was tuned; a second held-out batch (late held out) was written after tuning had begun and run only for these figures, and a third (fresh held out) was written on 2026-11-28 after that day's ranking changes were chosen; it was never used to choose anything, and its misses are not listed, so that it stays unseen. " +
      'Section S@1: the first hit is an answering section; page S@1: the first hit is on an answering page. Both engines index the same sections with no synonym table (@kit/docs-search then uses its five built-in groups, as the docs service does for any folder without one), top 10.',
    '',
    ...results.flatMap((result) => [
      `### ${result.set.name}: ${result.set.repository} (${result.set.generator})`,
      '',
      `Commit \`${result.set.commit.slice(0, 12)}\`; ${result.loaded.pages} pages, ${result.loaded.sections.length} sections; loaded with the ${result.loaded.loader}.` +
        `${result.unjudgeable.length > 0 ? ` Left out (no answering section found): ${result.unjudgeable.map((query) => `\`${query.q}\``).join(', ')}.` : ''}`,
      '',
      relevanceTable(result),
      '',
      `Questions @kit/docs-search does not answer first (tuning part${showHeldOut ? ' and both held-out parts' : ''}):`,
      '',
      ...(() => {
        const kit = result.engines[0]!;
        const lines = [
          ...missList(kit.tuning),
          ...(showHeldOut
            ? [...missList(kit.heldOut).map((line) => `(held out) ${line}`), ...missList(kit.late).map((line) => `(late held out) ${line}`)]
            : []),
        ];
        return lines.length === 0 ? ['None.'] : lines.map((line) => `- ${line}`);
      })(),
      '',
    ]),
    ...(skipped.length > 0 ? ['Skipped:', '', ...skipped.map((line) => `- ${line}`), ''] : []),
    `Configurations: ${ENGINES.map((engine) => `${engine.name}: ${engine.configuration}`).join('; ')}.`,
  ].join('\n');

  console.log(`\n${body}`);
  if (argv.includes('--no-write')) return;
  await writeBenchBlock(REPORT_PATH, 'search-foreign', body);
  console.log(`\nwritten to ${REPORT_PATH}`);
}

await main();
