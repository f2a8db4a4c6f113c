/**
 * `npm run bench:search`: relevance, speed and scale of @kit/docs-search against MiniSearch, Orama,
 * FlexSearch, Lunr and a naive substring baseline, on the kit corpus, in one run. Prints the tables
 * and writes them into the search block of docs/benchmarks.md.
 */
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
const KINDS: readonly QueryKind[] = ['natural-language', 'identifier', 'identifier-as-words', 'typo', 'one-word', 'synonym', 'topic-filtered'];
const LIMIT = 10;
const LATENCY_ROUNDS = 20;
const SCALE_FACTORS = (process.env.BENCH_SEARCH_SCALES ?? '1,10,100').split(',').map(Number);
const REPORT_PATH = resolve(import.meta.dirname, '../../docs/benchmarks.md');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface EngineResult {
  readonly engine: BenchEngine;
  readonly ranks: number[];
  readonly buildMs: number;
  readonly p50: number;
  readonly p99: number;
}

interface ScaleResult {
  readonly engine: string;
  readonly factor: number;
  readonly sections: number;
  readonly buildMs: number;
  readonly heapMb: number;
  readonly p50: number;
  readonly p99: number;
}

async function runQuery(searcher: BenchSearcher, query: JudgedQuery): Promise<readonly string[]> {
  const result = searcher.search(query.q, { limit: LIMIT, ...(query.topic === undefined ? {} : { topic: query.topic }) });
  return result instanceof Promise ? await result : result;
}

async function timeBuild(engine: BenchEngine, sections: readonly SearchableSection[], synonyms: SynonymGroups): Promise<{ searcher: BenchSearcher; ms: number }> {
  const started = performance.now();
  const searcher = await engine.build(sections, synonyms);
  return { searcher, ms: performance.now() - started };
}

/** Latencies in microseconds of every query, `rounds` times, after one warm-up round. */
async function measureLatency(searcher: BenchSearcher, queries: readonly JudgedQuery[], rounds: number): Promise<number[]> {
  for (const query of queries) await runQuery(searcher, query);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const started = process.hrtime.bigint();
      const result = searcher.search(query.q, { limit: LIMIT, ...(query.topic === undefined ? {} : { topic: query.topic }) });
      if (result instanceof Promise) await result;
      samples.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  }
  return samples;
}

async function evaluate(engine: BenchEngine, sections: readonly SearchableSection[], synonyms: SynonymGroups, queries: readonly { query: JudgedQuery; relevant: Set<string> }[]): Promise<EngineResult> {
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
  const latencies = await measureLatency(searcher!, queries.map((entry) => entry.query), LATENCY_ROUNDS);
  return { engine, ranks, buildMs: percentile(builds, 0.5), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function scaleRun(engine: BenchEngine, sections: readonly SearchableSection[], synonyms: SynonymGroups, factor: number, queries: readonly JudgedQuery[]): Promise<ScaleResult> {
  const scaled = scaleCorpus(sections, factor);
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const { searcher, ms } = await timeBuild(engine, scaled, synonyms);
  collectGarbage();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const latencies = await measureLatency(searcher, queries, factor >= 100 ? 3 : 5);
  return { engine: engine.name, factor, sections: scaled.length, buildMs: ms, heapMb, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
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
  const corpus = await loadBenchCorpus();
  const { sections, synonyms } = corpus;
  const judged = QUERIES.map((query) => ({ query, relevant: relevantIds(query, sections) }));
  const usable = judged.filter((entry) => entry.relevant.size > 0);
  const unjudgeable = judged.filter((entry) => entry.relevant.size === 0).map((entry) => entry.query);
  const queries = usable.map((entry) => entry.query);
  console.log(`corpus: ${sections.length} sections, ${synonyms.length} synonym groups; ${queries.length} judged queries (${unjudgeable.length} without a relevant section)`);
  if (corpus.warnings.length > 0) console.log(`corpus loaded leniently: ${corpus.warnings.length} content problems (links), section texts unaffected`);

  const results: EngineResult[] = [];
  for (const engine of ENGINES) {
    const result = await evaluate(engine, sections, synonyms, usable);
    results.push(result);
    const overall = summarise(result.ranks);
    console.log(`${engine.name}: S@1 ${fixed(overall.successAt1)} S@3 ${fixed(overall.successAt3)} MRR@10 ${fixed(overall.mrrAt10)}; build ${fixed(result.buildMs, 1)} ms; p50 ${fixed(result.p50, 1)} µs p99 ${fixed(result.p99, 1)} µs`);
  }

  const scale: ScaleResult[] = [];
  for (const factor of SCALE_FACTORS) {
    for (const engine of ENGINES) {
      const result = await scaleRun(engine, sections, synonyms, factor, queries);
      scale.push(result);
      console.log(`scale ${factor}x ${engine.name}: ${result.sections} sections, build ${fixed(result.buildMs, 0)} ms, heap ${fixed(result.heapMb, 1)} MB, p50 ${fixed(result.p50, 1)} µs, p99 ${fixed(result.p99, 1)} µs`);
    }
  }

  const misses = results[0]!.ranks
    .map((rank, index) => ({ rank, query: queries[index]! }))
    .filter((entry) => entry.rank !== 1)
    .map((entry) => `\`${entry.query.q}\`${entry.query.topic === undefined ? '' : ` (topic ${entry.query.topic})`}: ${entry.rank === 0 ? 'not in top 10' : `rank ${entry.rank}`}`);

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
    markdownTable(['engine', 'Success@1', 'Success@3', 'MRR@10'], relevanceRows(results, (result) => summarise(result.ranks))),
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
    `Query latency in process over all judged queries, ${LATENCY_ROUNDS} rounds after a warm-up; index build time is the median of three builds.`,
    '',
    markdownTable(
      ['engine', 'index build (ms)', 'query p50 (µs)', 'query p99 (µs)'],
      results.map((result) => [result.engine.name, fixed(result.buildMs, 1), fixed(result.p50, 1), fixed(result.p99, 1)]),
    ),
    '',
    '### Scale',
    '',
    'Synthetic corpora of 1×, 10× and 100× the kit corpus (copies with part of the words renamed, so the vocabulary grows too). ' +
      'Heap is the growth of the used heap after building the index, measured after garbage collection.',
    '',
    markdownTable(
      ['engine', 'corpus', 'sections', 'build (ms)', 'heap (MB)', 'query p50 (µs)', 'query p99 (µs)'],
      scale.map((result) => [result.engine, `${result.factor}×`, String(result.sections), fixed(result.buildMs, 0), fixed(result.heapMb, 1), fixed(result.p50, 1), fixed(result.p99, 1)]),
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
