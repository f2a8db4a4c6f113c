/**
 * Recall latency of kit-ai's memory backends at 10,000 entries: BuiltinMemoryBackend and
 * SqliteMemoryBackend (a file in a temporary folder), each lexical (BM25) and with embeddings (cosine over
 * 384-dimension vectors, the size of common small embedding models). `npx tsx bench/agent/memory.ts`
 * prints the figures; `bench/agent/run.ts` can import `measureMemoryRecall`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BuiltinMemoryBackend } from '../../packages/kit-ai/src/memory/builtin-backend.js';
import { SqliteMemoryBackend } from '../../packages/kit-ai/src/memory/sqlite-backend.js';
import type { MemoryBackend, MemoryScope } from '../../packages/kit-ai/src/memory/types.js';
import { seededRandom } from '../db/stats.js';

const ENTRIES = Number(process.env.BENCH_MEMORY_ENTRIES ?? 10_000);
const QUERIES = 200;
const WARM_UP = 20;
const K = 5;
const DIMENSIONS = 384;

// About 300 words, Zipf-weighted below, so that some terms are common and most are rare, as in notes people write.
const VOCABULARY = (
  'invoice refund order parcel delay customer warehouse shipment address payment card bank transfer credit subscription plan ' +
  'upgrade downgrade cancel renew discount coupon voucher support ticket priority urgent manager approval policy contract ' +
  'supplier stock inventory return exchange damaged missing tracking courier europe berlin paris madrid lisbon monday tuesday ' +
  'friday morning evening prefers email phone letter pdf deploy release staging production database migration backup restore ' +
  'latency outage incident alert dashboard metric report weekly monthly quarterly budget forecast revenue cost margin invoice ' +
  'team lead engineer designer analyst intern onboarding laptop badge office remote hybrid holiday vacation sick leave training ' +
  'course certificate language french german spanish italian english translation glossary style guide tone formal casual ' +
  'project atlas orion nova apollo gemini mercury venus mars jupiter saturn roadmap milestone deadline sprint backlog story ' +
  'bug feature request feedback survey rating review complaint praise escalation callback chat bot agent tool task workflow ' +
  'shell script cron job queue worker retry timeout limit quota plan tier enterprise startup nonprofit school hospital bank ' +
  'retail grocery pharmacy airline hotel restaurant taxi train ferry bicycle scooter car truck van drone robot printer scanner ' +
  'monitor keyboard mouse headset camera microphone speaker router switch firewall certificate password token session cookie'
).split(' ');

function zipfPicker(random: () => number): () => string {
  const weights = VOCABULARY.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) cumulative.push((running += weight / total));
  return () => {
    const target = random();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return VOCABULARY[low] as string;
  };
}

function vector(random: () => number): number[] {
  return Array.from({ length: DIMENSIONS }, () => random() * 2 - 1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 0 ? ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2 : (sorted[middle] as number);
}

function percentile99(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] as number;
}

/** One row of figures: the median (and 99th percentile) of one recall over `ENTRIES` entries, in microseconds. */
export interface MemoryRecallFigure {
  name: string;
  medianMicros: number;
  p99Micros: number;
}

async function fill(backend: MemoryBackend, scope: MemoryScope): Promise<void> {
  const random = seededRandom(42);
  const pick = zipfPicker(random);
  // A second scope of the same size, so the backends must keep scopes apart while ranking.
  const other: MemoryScope = { type: 'user', id: 'someone-else' };
  for (let index = 0; index < ENTRIES; index++) {
    const length = 6 + Math.floor(random() * 14);
    const content = Array.from({ length }, pick).join(' ');
    await backend.store({
      content,
      scope: index % 2 === 0 ? scope : other,
      importance: Math.round(random() * 10) / 10,
      embedding: vector(random),
    });
    await backend.store({ content, scope: index % 2 === 0 ? other : scope, embedding: vector(random) });
  }
}

async function time(name: string, run: (index: number) => Promise<number>): Promise<MemoryRecallFigure> {
  for (let index = 0; index < WARM_UP; index++) await run(index);
  const micros: number[] = [];
  for (let index = 0; index < QUERIES; index++) {
    const started = performance.now();
    const found = await run(index);
    micros.push((performance.now() - started) * 1000);
    if (found === 0) throw new Error(`${name}: query ${index} found nothing; the benchmark would measure an empty answer`);
  }
  return { name, medianMicros: Math.round(median(micros)), p99Micros: Math.round(percentile99(micros)) };
}

async function measureBackend(label: string, backend: MemoryBackend): Promise<MemoryRecallFigure[]> {
  const scope: MemoryScope = { type: 'user', id: 'bench' };
  await fill(backend, scope);
  const random = seededRandom(7);
  const pick = zipfPicker(random);
  const texts = Array.from({ length: QUERIES }, () => Array.from({ length: 2 + Math.floor(random() * 4) }, pick).join(' '));
  const vectors = Array.from({ length: QUERIES }, () => vector(random));
  return [
    await time(`${label} lexical`, async (index) => (await backend.query(scope, texts[index % QUERIES] as string, K)).length),
    await time(
      `${label} embedding`,
      async (index) => (await backend.query(scope, '', K, { embedding: vectors[index % QUERIES] as number[] })).length,
    ),
  ];
}

/**
 * Median recall latency (k = 5) at `ENTRIES` entries per scope (10,000 unless `BENCH_MEMORY_ENTRIES` says
 * otherwise; the file holds a second scope of the same size), for each backend, lexical and by embedding.
 */
export async function measureMemoryRecall(): Promise<MemoryRecallFigure[]> {
  const figures = await measureBackend('BuiltinMemoryBackend', new BuiltinMemoryBackend());
  const folder = mkdtempSync(join(tmpdir(), 'kit-bench-memory-'));
  const sqlite = new SqliteMemoryBackend({ path: join(folder, 'memory.sqlite') });
  try {
    figures.push(...(await measureBackend('SqliteMemoryBackend', sqlite)));
  } finally {
    sqlite.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return figures;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await measureMemoryRecall();
  console.log(`Memory recall at ${ENTRIES} entries per scope, k = ${K}, ${QUERIES} queries (microseconds)`);
  console.log('| Backend and ranking | median | p99 |\n|---|---:|---:|');
  for (const figure of figures) console.log(`| ${figure.name} | ${figure.medianMicros} | ${figure.p99Micros} |`);
}
