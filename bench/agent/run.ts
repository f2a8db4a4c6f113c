/**
 * `npm run bench:agent`: the overhead of kit's smart agent loop per iteration against the Vercel AI
 * SDK's `generateText` tool loop, on the same scripted conversation with zero-latency mock models
 * (one tool call per turn, 1 and 20 tools), and memory recall latency at 10,000 entries (measured by
 * `./memory.ts`). Prints the figures of one run.
 */
import { cpus, loadavg } from 'node:os';
import { aiSdkLoop } from './ai-sdk-loop.js';
import type { Conversation } from './conversation.js';
import { kitLoop } from './kit-loop.js';
import { measureMemoryRecall } from './memory.js';
import { median } from './stats.js';

const STEPS = Number(process.env.BENCH_AGENT_STEPS ?? 20);
const WARMUP_ROUNDS = Number(process.env.BENCH_AGENT_WARMUP ?? 5);
const ROUNDS = Number(process.env.BENCH_AGENT_ROUNDS ?? 15);
/** Conversations per round; a round's time over its iterations gives one sample. */
const RUNS_PER_ROUND = Number(process.env.BENCH_AGENT_RUNS ?? 20);

interface Loop {
  run(): Promise<number>;
}

/** Microseconds per iteration of one round: `RUNS_PER_ROUND` whole conversations, each `steps + 1` model turns. */
async function round(loop: Loop, conversation: Conversation): Promise<number> {
  const started = performance.now();
  for (let run = 0; run < RUNS_PER_ROUND; run++) await loop.run();
  const elapsed = performance.now() - started;
  return (elapsed * 1000) / (RUNS_PER_ROUND * (conversation.steps + 1));
}

/** Warm-up rounds, then the median of measured rounds, the two loops alternating so drift hits both alike. */
async function compare(conversation: Conversation): Promise<{ kit: number; aiSdk: number }> {
  const kit = kitLoop(conversation);
  const aiSdk = aiSdkLoop(conversation);
  for (let index = 0; index < WARMUP_ROUNDS; index++) {
    await round(kit, conversation);
    await round(aiSdk, conversation);
  }
  const kitSamples: number[] = [];
  const aiSdkSamples: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    kitSamples.push(await round(kit, conversation));
    aiSdkSamples.push(await round(aiSdk, conversation));
  }
  return { kit: median(kitSamples), aiSdk: median(aiSdkSamples) };
}

async function main(): Promise<void> {
  console.log(
    `bench:agent on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}), Node ${process.version}`,
  );
  console.log(
    `Loop overhead: ${STEPS} tool turns + 1 answer per conversation, ${RUNS_PER_ROUND} conversations a round, ${WARMUP_ROUNDS} warm-up rounds, median of ${ROUNDS}\n`,
  );
  console.log('| Tools | kit µs/iteration | AI SDK µs/iteration | kit / AI SDK |');
  console.log('|---:|---:|---:|---:|');
  for (const tools of [1, 20]) {
    const { kit, aiSdk } = await compare({ steps: STEPS, tools });
    console.log(`| ${tools} | ${kit.toFixed(1)} | ${aiSdk.toFixed(1)} | ${(kit / aiSdk).toFixed(2)} |`);
  }
  // The memory author's measurement (bench/agent/memory.ts): BENCH_MEMORY_ENTRIES entries (default 10000).
  console.log(`\nMemory recall at ${process.env.BENCH_MEMORY_ENTRIES ?? 10_000} entries, k = 5 (microseconds)\n`);
  console.log('| Backend and ranking | median | p99 |\n|---|---:|---:|');
  for (const figure of await measureMemoryRecall()) console.log(`| ${figure.name} | ${figure.medianMicros} | ${figure.p99Micros} |`);
}

await main();
