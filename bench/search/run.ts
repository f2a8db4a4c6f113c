/**
 * `npm run bench:search`: relevance, speed and scale of @kit/docs-search against MiniSearch, Orama,
 * FlexSearch, Lunr and a naive substring baseline, on the kit corpus, in one run. Prints the tables
 * and writes them into the search block of docs/benchmarks.md.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SearchableSection, SynonymGroups } from '@kit/docs-search';
import { loadBenchCorpus } from './corpus.js';
import type { BenchEngine, BenchSearcher } from './engine.js';
import { firstRelevantRank, percentile, ranksByKind, relevantIds, summarise, type Relevance } from './metrics.js';
import { flexSearchEngine } from './peers/flexsearch.js';
import { kitEngine } from './peers/kit.js';
import { lunrEngine } from './peers/lunr.js';
import { miniSearchEngine } from './peers/minisearch.js';
import { naiveEngine } from './peers/naive.js';
import { oramaEngine } from './peers/orama.js';
import { QUERIES, type JudgedQuery, type QueryKind } from './queries.js';
import { describeMachine, markdownTable, writeBlock } from './report.js';
import { scaleCorpus } from './synthetic.js';

const ENGINES: readonly BenchEngine[] = [kitEngine, miniSearchEngine, oramaEngine, flexSearchEngine, lunrEngine, naiveEngine];
const KINDS: readonly QueryKind[] = [
  'natural-language',
  'identifier',
  'identifier-as-words',
  'typo',
  'one-word',
  'synonym',
  'topic-filtered',
];
const LIMIT = 10;
/** Latency: repetitions of the whole query set; the median repetition's p50 and p99 are reported. */
const LATENCY_REPETITIONS = 5;
const LATENCY_ROUNDS = 4;
/** A peer whose p99 exceeded this at one scale is not run at the next (it would take many minutes). */
const SCALE_SKIP_P99_MS = 100;
const SCALE_FACTORS = (process.env.BENCH_SEARCH_SCALES ?? '1,10,100').split(',').map(Number);
const REPORT_PATH = resolve(import.meta.dirname, '../../docs/benchmarks.md');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface EngineResult extends Latency {
  readonly engine: BenchEngine;
  readonly ranks: number[];
  readonly buildMs: number;
}

interface ScaleResult extends Latency {
  readonly engine: string;
  readonly factor: number;
  readonly sections: number;
  readonly buildMs: number;
  readonly heapMb: number;
}

async function runQuery(searcher: BenchSearcher, query: JudgedQuery): Promise<readonly string[]> {
  const result = searcher.search(query.q, { limit: LIMIT, ...(query.topic === undefined ? {} : { topic: query.topic }) });
  return result instanceof Promise ? await result : result;
}

async function timeBuild(
  engine: BenchEngine,
  sections: readonly SearchableSection[],
  synonyms: SynonymGroups,
): Promise<{ searcher: BenchSearcher; ms: number }> {
  const started = performance.now();
  const searcher = await engine.build(sections, synonyms);
  return { searcher, ms: performance.now() - started };
}

interface LatencySamples {
  /** Wall-clock microseconds per query. */
  readonly wall: number[];
  /** Process CPU microseconds per query: excludes time the process waited for a core. */
  readonly cpu: number[];
}

/** Latencies of every query, `rounds` times, after one warm-up round and a garbage collection. */
async function measureLatency(searcher: BenchSearcher, queries: readonly JudgedQuery[], rounds: number): Promise<LatencySamples> {
  for (const query of queries) await runQuery(searcher, query);
  collectGarbage();
  // Let the collector's background sweeping finish, so its CPU time is not charged to the queries.
  await new Promise((settle) => setTimeout(settle, 100));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const cpuStarted = process.cpuUsage();
      const started = process.hrtime.bigint();
      const result = searcher.search(query.q, { limit: LIMIT, ...(query.topic === undefined ? {} : { topic: query.topic }) });
      if (result instanceof Promise) await result;
      wall.push(Number(process.hrtime.bigint() - started) / 1000);
      const used = process.cpuUsage(cpuStarted);
      cpu.push(used.user + used.system);
    }
  }
  return { wall, cpu };
}

interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly cpuP50: number;
  readonly cpuP99: number;
}

/**
 * p50 and p99 in microseconds, wall clock and CPU time: the median over several repetitions of
 * each, so a burst of other load on the machine during one repetition does not decide the figure.
 */
async function latencyPercentiles(
  searcher: BenchSearcher,
  queries: readonly JudgedQuery[],
  repetitions: number,
  rounds: number,
): Promise<Latency> {
  const figures: Latency[] = [];
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const { wall, cpu } = await measureLatency(searcher, queries, rounds);
    figures.push({ p50: percentile(wall, 0.5), p99: percentile(wall, 0.99), cpuP50: percentile(cpu, 0.5), cpuP99: percentile(cpu, 0.99) });
  }
  const median = (key: keyof Latency) =>
    percentile(
      figures.map((figure) => figure[key]),
      0.5,
    );
  return { p50: median('p50'), p99: median('p99'), cpuP50: median('cpuP50'), cpuP99: median('cpuP99') };
}

async function evaluate(
  engine: BenchEngine,
  sections: readonly SearchableSection[],
  synonyms: SynonymGroups,
  queries: readonly { query: JudgedQuery; relevant: Set<string> }[],
): Promise<EngineResult> {
  await timeBuild(engine, sections, synonyms);
  const builds: number[] = [];
  let searcher: BenchSearcher | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const built = await timeBuild(engine, sections, synonyms);
    builds.push(built.ms);
    searcher = built.searcher;
  }
  const ranks: number[] = [];
  for (const { query, relevant } of queries) ranks.push(firstRelevantRank(await runQuery(searcher!, query), relevant));
  const latency = await latencyPercentiles(
    searcher!,
    queries.map((entry) => entry.query),
    LATENCY_REPETITIONS,
    LATENCY_ROUNDS,
  );
  return { engine, ranks, buildMs: percentile(builds, 0.5), ...latency };
}

async function scaleRun(
  engine: BenchEngine,
  sections: readonly SearchableSection[],
  synonyms: SynonymGroups,
  factor: number,
  queries: readonly JudgedQuery[],
): Promise<ScaleResult> {
  const scaled = scaleCorpus(sections, factor);
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const { searcher, ms } = await timeBuild(engine, scaled, synonyms);
  collectGarbage();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const latency = factor >= 100 ? await latencyPercentiles(searcher, queries, 3, 1) : await latencyPercentiles(searcher, queries, 3, 2);
  return { engine: engine.name, factor, sections: scaled.length, buildMs: ms, heapMb, ...latency };
}

const fixed = (value: number, digits = 3) => value.toFixed(digits);
const bold = (text: string, best: boolean) => (best ? `**${text}**` : text);

function relevanceRows(results: readonly EngineResult[], pick: (result: EngineResult) => Relevance): string[][] {
  const summaries = results.map(pick);
  const best = (key: keyof Relevance) => Math.max(...summaries.map((summary) => summary[key]));
  return results.map((result, index) => {
    const summary = summaries[index]!;
    return [
      result.engine.name,
      bold(fixed(summary.successAt1), summary.successAt1 === best('successAt1')),
      bold(fixed(summary.successAt3), summary.successAt3 === best('successAt3')),
      bold(fixed(summary.mrrAt10), summary.mrrAt10 === best('mrrAt10')),
    ];
  });
}

function byKindTable(results: readonly EngineResult[], queries: readonly JudgedQuery[], metric: keyof Relevance): string {
  const grouped = results.map((result) => ranksByKind(queries, result.ranks));
  const rows = KINDS.map((kind) => {
    const values = grouped.map((byKind) => summarise(byKind.get(kind) ?? [])[metric]);
    const best = Math.max(...values);
    const count = grouped[0]?.get(kind)?.length ?? 0;
    return [`${kind} (${count})`, ...values.map((value) => bold(fixed(value), value === best))];
  });
  return markdownTable(['kind (queries)', ...results.map((result) => result.engine.name)], rows);
}

async function main(): Promise<void> {
  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const corpus = await loadBenchCorpus();
  const { sections, synonyms } = corpus;
  const judged = QUERIES.map((query) => ({ query, relevant: relevantIds(query, sections) }));
  const usable = judged.filter((entry) => entry.relevant.size > 0);
  const unjudgeable = judged.filter((entry) => entry.relevant.size === 0).map((entry) => entry.query);
  const queries = usable.map((entry) => entry.query);
  console.log(
    `corpus: ${sections.length} sections, ${synonyms.length} synonym groups; ${queries.length} judged queries (${unjudgeable.length} without a relevant section)`,
  );
  if (corpus.warnings.length > 0)
    console.log(`corpus loaded leniently: ${corpus.warnings.length} content problems (links), section texts unaffected`);

  const results: EngineResult[] = [];
  for (const engine of ENGINES) {
    const result = await evaluate(engine, sections, synonyms, usable);
    results.push(result);
    const overall = summarise(result.ranks);
    console.log(
      `${engine.name}: S@1 ${fixed(overall.successAt1)} S@3 ${fixed(overall.successAt3)} MRR@10 ${fixed(overall.mrrAt10)}; build ${fixed(result.buildMs, 1)} ms; p50 ${fixed(result.p50, 1)} µs p99 ${fixed(result.p99, 1)} µs; CPU p50 ${fixed(result.cpuP50, 0)} µs p99 ${fixed(result.cpuP99, 0)} µs`,
    );
  }

  const scale: ScaleResult[] = [];
  const skipped: string[] = [];
  for (const factor of SCALE_FACTORS) {
    for (const engine of ENGINES) {
      const previous = scale.filter((result) => result.engine === engine.name).at(-1);
      if (previous !== undefined && previous.p99 > SCALE_SKIP_P99_MS * 1000) {
        skipped.push(`${engine.name} at ${factor}× (p99 ${fixed(previous.p99 / 1000, 0)} ms at ${previous.factor}×)`);
        continue;
      }
      const result = await scaleRun(engine, sections, synonyms, factor, queries);
      scale.push(result);
      console.log(
        `scale ${factor}x ${engine.name}: ${result.sections} sections, build ${fixed(result.buildMs, 0)} ms, heap ${fixed(result.heapMb, 1)} MB, p50 ${fixed(result.p50, 1)} µs, p99 ${fixed(result.p99, 1)} µs, CPU p99 ${fixed(result.cpuP99, 0)} µs`,
      );
    }
  }

  const misses = results[0]!.ranks
    .map((rank, index) => ({ rank, query: queries[index]! }))
    .filter((entry) => entry.rank !== 1)
    .map(
      (entry) =>
        `\`${entry.query.q}\`${entry.query.topic === undefined ? '' : ` (topic ${entry.query.topic})`}: ${entry.rank === 0 ? 'not in top 10' : `rank ${entry.rank}`}`,
    );

  const body = [
    '## Search relevance and speed',
    '',
    `Command: \`npm run bench:search\`. Machine: ${describeMachine()}. Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `Corpus: the kit corpus, ${sections.length} sections, ${synonyms.length} synonym groups${corpus.warnings.length > 0 ? ` (loaded with ${corpus.warnings.length} link problems neutralised)` : ''}. ` +
      `Queries: ${queries.length} judged queries in \`bench/search/queries.ts\`; a section is relevant when its heading and text contain every string the query names` +
      `${unjudgeable.length > 0 ? ` (${unjudgeable.length} more have no relevant section in the corpus yet and are left out: ${unjudgeable.map((query) => `\`${query.q}\``).join(', ')})` : ''}. ` +
      'Every engine indexes the same sections and answers the same queries, top 10. Best value per column in bold.',
    '',
    '### Relevance, overall',
    '',
    markdownTable(
      ['engine', 'Success@1', 'Success@3', 'MRR@10'],
      relevanceRows(results, (result) => summarise(result.ranks)),
    ),
    '',
    '### Success@1 by query kind',
    '',
    byKindTable(results, queries, 'successAt1'),
    '',
    '### Success@3 by query kind',
    '',
    byKindTable(results, queries, 'successAt3'),
    '',
    '### MRR@10 by query kind',
    '',
    byKindTable(results, queries, 'mrrAt10'),
    '',
    '### Speed on the kit corpus',
    '',
    `Query latency in process (wall clock) over all judged queries, ${LATENCY_ROUNDS} rounds after a warm-up and a garbage collection, repeated ${LATENCY_REPETITIONS} times; ` +
      "the table gives the median repetition's p50 and p99, as wall-clock time and as process CPU time (which leaves out time spent waiting for a core while other programs ran, but counts every thread of the process, garbage collection included, so it can exceed the wall-clock time). Index build time is the median of three builds. " +
      `Load average when the run started: ${loadAverage} (the machine is shared, so absolute figures vary between runs; engines are compared within one run).`,
    '',
    markdownTable(
      ['engine', 'index build (ms)', 'query p50 (µs)', 'query p99 (µs)', 'CPU p50 (µs)', 'CPU p99 (µs)'],
      results.map((result) => [
        result.engine.name,
        fixed(result.buildMs, 1),
        fixed(result.p50, 1),
        fixed(result.p99, 1),
        fixed(result.cpuP50, 0),
        fixed(result.cpuP99, 0),
      ]),
    ),
    '',
    '### Scale',
    '',
    'Synthetic corpora of 1×, 10× and 100× the kit corpus (copies with part of the words renamed, so the vocabulary grows too). ' +
      'Heap is the growth of the used heap after building the index, measured after garbage collection ' +
      '(differences of about 1 MB are within measurement noise, hence a small negative figure can appear). ' +
      `Latency: median of 3 repetitions (2 rounds each at 1× and 10×, 1 round at 100×). A peer whose p99 exceeded ${SCALE_SKIP_P99_MS} ms at one scale is not run at the next` +
      `${skipped.length > 0 ? ` (skipped: ${skipped.join('; ')})` : ''}.`,
    '',
    markdownTable(
      ['engine', 'corpus', 'sections', 'build (ms)', 'heap (MB)', 'query p50 (µs)', 'query p99 (µs)', 'CPU p50 (µs)', 'CPU p99 (µs)'],
      scale.map((result) => [
        result.engine,
        `${result.factor}×`,
        String(result.sections),
        fixed(result.buildMs, 0),
        fixed(result.heapMb, 1),
        fixed(result.p50, 1),
        fixed(result.p99, 1),
        fixed(result.cpuP50, 0),
        fixed(result.cpuP99, 0),
      ]),
    ),
    '',
    '### Configurations',
    '',
    ...ENGINES.map((engine) => `- ${engine.name}: ${engine.configuration}.`),
    '',
    `### Queries @kit/docs-search does not answer first (${misses.length})`,
    '',
    misses.length === 0 ? 'None.' : misses.map((miss) => `- ${miss}`).join('\n'),
  ].join('\n');

  console.log(`\n${body}`);
  await writeBlock(REPORT_PATH, body);
  console.log(`\nwritten to ${REPORT_PATH}`);
}

await main();
