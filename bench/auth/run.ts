/**
 * `npm run bench:auth`: what authentication costs in requests per second. One server process serves the same
 * route without authentication and behind `createAuthMiddleware`; autocannon loads it, in alternating rounds,
 * (1) on the app without the middleware, (2) on the protected app without credentials (anonymous), (3) with one
 * session cookie (an HS256 JWT; verified once, then found in the middleware's verified-session cache), (4) with an
 * API key (SHA-256 and a constant-time compare against a record found in a Map), (5) with more distinct sessions
 * than the cache holds, each request verifying a signature. Prints medians and the ratios to the unprotected app,
 * and writes them between the bench:auth markers of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { contextFor } from '@kit/kit-core/http';
import {
  createAuthMiddleware,
  createSessionRevocation,
  generateApiKey,
  MemoryRevocationStore,
  signSession,
  verifySession,
} from '@kit/kit-auth';
import { median, runLoad, type LoadResult } from '../http/load.js';
import { benchSessionSecret } from './shared.js';
import { writeBenchBlock } from '../report-block.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const GOAL = 0.9;
// More distinct sessions than the middleware's verified-session cache holds (10,000), sent in turn, so every
// request verifies its signature: the cost of a session's first request.
const DISTINCT_SESSIONS = Number(process.env.BENCH_DISTINCT_SESSIONS ?? 12_000);

/** Like runLoad, with a different cookie on each request, taken in turn from `cookies`. */
async function runRotatingCookies(base: string, cookies: readonly string[], seconds: number): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/hello`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[next++ % cookies.length]! } }),
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

interface Started {
  plainPort: number;
  authPort: number;
  cookie: string;
  apiKey: string;
}

async function startServer(): Promise<{ started: Started; stop: () => Promise<void> }> {
  // The packages as an app runs them in production: their built JavaScript (`npm run bench:auth` builds them).
  // Through a TypeScript loader instead (BENCH_FROM_SOURCE=1), every function made per request is wrapped in a
  // naming helper, a cost production has not: kit-core's request path makes such functions after awaiting the
  // authentication step, so the loader charges authenticated requests alone some 10 to 20 us more.
  const conditions = process.env.BENCH_FROM_SOURCE === '1' ? ['--conditions=kit-source'] : [];
  const child = spawn(process.execPath, [...conditions, '--import', 'tsx', serverFile], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const deadline = Date.now() + 30_000;
  while (!text.includes('\n')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the bench server did not start: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { started: JSON.parse(text.slice(0, text.indexOf('\n'))) as Started, stop };
}

/**
 * The authentication step alone, in this process, without HTTP: microseconds per call for each kind of request,
 * the fastest and the median of 7 runs of `calls` calls (after a warm-up). The request and its context are built
 * once, as the HTTP adapter builds them for every request whether or not the app authenticates.
 */
async function authenticateMicroseconds(calls = 50_000): Promise<{ name: string; min: number; median: number }[]> {
  const { key, hash, prefix } = generateApiKey();
  const revocation = createSessionRevocation({ store: new MemoryRevocationStore() });
  const auth = createAuthMiddleware(
    { sessionSecret: benchSessionSecret, revocation },
    { findApiKey: (candidate) => (candidate === prefix ? { subject: 'agent:bench', hash } : null) },
  );
  const token = await signSession({ sub: 'user_bench' }, benchSessionSecret);
  const step = (headers: Record<string, string>) => {
    const request = new Request('http://127.0.0.1/api/hello', { headers });
    const ctx = contextFor(request);
    return () => auth.authenticate!({ request, ctx });
  };
  const cases: { name: string; run: () => Promise<unknown> }[] = [
    { name: 'no credentials (anonymous)', run: step({}) },
    { name: 'session cookie, verified before (cached)', run: step({ cookie: `kit_session=${token}` }) },
    { name: 'API key', run: step({ 'x-api-key': key }) },
    { name: 'verifySession (jose HS256, what a session not yet cached adds)', run: () => verifySession(token, benchSessionSecret) },
  ];
  const results: { name: string; min: number; median: number }[] = [];
  for (const { name, run } of cases) {
    for (let index = 0; index < 5_000; index += 1) await run();
    const runs: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const began = performance.now();
      for (let index = 0; index < calls; index += 1) await run();
      runs.push(((performance.now() - began) * 1000) / calls);
    }
    results.push({ name, min: Math.min(...runs), median: median(runs) });
  }
  return results;
}

const loadAverage = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const { started, stop } = await startServer();
try {
  const plainBase = `http://127.0.0.1:${started.plainPort}`;
  const authBase = `http://127.0.0.1:${started.authPort}`;
  const cookies: string[] = [];
  for (let index = 0; index < DISTINCT_SESSIONS; index += 1)
    cookies.push(`kit_session=${await signSession({ sub: `user_${index}` }, benchSessionSecret)}`);
  const scenarios: readonly { name: string; base: string; headers: Record<string, string>; rotate?: boolean }[] = [
    { name: 'no auth middleware', base: plainBase, headers: {} },
    { name: 'auth middleware, anonymous', base: authBase, headers: {} },
    { name: 'session cookie', base: authBase, headers: { cookie: started.cookie } },
    { name: 'API key', base: authBase, headers: { 'x-api-key': started.apiKey } },
    {
      name: `session cookie, ${DISTINCT_SESSIONS.toLocaleString('en-US')} distinct (uncached)`,
      base: authBase,
      headers: { cookie: cookies[0]! },
      rotate: true,
    },
    // The same requests to the unprotected app: carrying a credential costs the server something (a longer head to
    // parse and copy) whoever checks it, so these isolate what authenticating it adds.
    { name: 'no auth middleware, same session cookie sent', base: plainBase, headers: { cookie: started.cookie } },
    { name: 'no auth middleware, same API key sent', base: plainBase, headers: { 'x-api-key': started.apiKey } },
  ];
  const load = (scenario: (typeof scenarios)[number], seconds: number) =>
    scenario.rotate
      ? runRotatingCookies(scenario.base, cookies, seconds)
      : runLoad({ base: scenario.base, paths: ['/api/hello'], connections: CONNECTIONS, seconds, headers: scenario.headers });

  // Every scenario must answer 200 as who it claims to be, or the figures mean nothing.
  for (const scenario of scenarios) {
    const response = await fetch(`${scenario.base}/api/hello`, { headers: scenario.headers });
    const body = (await response.json()) as { type?: string };
    if (response.status !== 200) throw new Error(`${scenario.name}: status ${response.status}`);
    process.stdout.write(`check ${scenario.name}: 200 as ${body.type}\n`);
    await load(scenario, 2);
  }

  const cpuMicros = async () => ((await (await fetch(`${plainBase}/api/cpu`)).json()) as { micros: number }).micros;
  const rates = new Map<string, number[]>(scenarios.map((scenario) => [scenario.name, []]));
  const cpuPerRequest = new Map<string, number[]>(scenarios.map((scenario) => [scenario.name, []]));
  const latencies = new Map<string, { p50: number[]; p99: number[]; errors: number }>(
    scenarios.map((scenario) => [scenario.name, { p50: [], p99: [], errors: 0 }]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate the order each round, so a slow spell of the shared machine does not always hit the same scenario.
    const order = round % 2 === 0 ? scenarios : [...scenarios].reverse();
    for (const scenario of order) {
      const cpuBefore = await cpuMicros();
      const result = await load(scenario, SECONDS);
      const cpuAfter = await cpuMicros();
      cpuPerRequest.get(scenario.name)!.push((cpuAfter - cpuBefore) / Math.max(1, result.total));
      rates.get(scenario.name)!.push(result.requestsPerSecond);
      const figures = latencies.get(scenario.name)!;
      figures.p50.push(result.p50Ms);
      figures.p99.push(result.p99Ms);
      figures.errors += result.errors;
      process.stdout.write(
        `round ${round + 1}/${ROUNDS} ${scenario.name}: ${result.requestsPerSecond} req/s, server CPU ${cpuPerRequest.get(scenario.name)!.at(-1)!.toFixed(1)} µs/request\n`,
      );
    }
  }

  const baseline = median(rates.get(scenarios[0]!.name)!);
  const anonymous = median(rates.get(scenarios[1]!.name)!);
  const baselineCpu = median(cpuPerRequest.get(scenarios[0]!.name)!);
  const rows = scenarios.map((scenario) => {
    const rate = median(rates.get(scenario.name)!);
    const cpu = median(cpuPerRequest.get(scenario.name)!);
    const figures = latencies.get(scenario.name)!;
    return {
      name: scenario.name,
      rate,
      ratio: rate / baseline,
      ratioToAnonymous: rate / anonymous,
      cpu,
      cpuRatio: baselineCpu / cpu,
      p50: median(figures.p50),
      p99: median(figures.p99),
      errors: figures.errors,
    };
  });
  // The goal is about steady state: a signed-in person's requests after the first, and every API-key request, each
  // against the same request (same credential on the wire) to the unprotected app.
  const paired = [
    { row: rows[2]!, same: rows[5]! },
    { row: rows[3]!, same: rows[6]! },
  ].map(({ row, same }) => ({ name: row.name, rate: row.rate / same.rate, cpu: same.cpu / row.cpu }));
  const worstRate = Math.min(...paired.map((pair) => pair.rate));
  const worstCpu = Math.min(...paired.map((pair) => pair.cpu));
  const uncached = rows[4]!;
  const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
  process.stdout.write(`\n${machine}; load average at start ${loadAverage}\n`);
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(44)} ${String(Math.round(row.rate)).padStart(6)} req/s  ratio ${row.ratio.toFixed(3)} (to anonymous ${row.ratioToAnonymous.toFixed(3)})  server CPU ${row.cpu.toFixed(1)} µs/request, ratio ${row.cpuRatio.toFixed(3)}  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}\n`,
    );
  }
  const verdict = (ratio: number) => (ratio >= GOAL ? 'met' : 'not met');
  for (const pair of paired)
    process.stdout.write(
      `${pair.name} against the same request unprotected: req/s ratio ${pair.rate.toFixed(3)}, CPU ratio ${pair.cpu.toFixed(3)}\n`,
    );
  process.stdout.write(
    `goal (authenticated ≥ ${GOAL} × the same request unprotected): by server CPU per request ${verdict(worstCpu)} (worst ${worstCpu.toFixed(3)}); by req/s ${verdict(worstRate)} (worst ${worstRate.toFixed(3)})\n`,
  );

  const micro = await authenticateMicroseconds();
  for (const row of micro)
    process.stdout.write(`in-process ${row.name.padEnd(64)} ${row.min.toFixed(1)} µs per call (median ${row.median.toFixed(1)})\n`);
  const anonymousMicros = micro[0]!.min;
  const share = (micros: number) => `${((micros / baselineCpu) * 100).toFixed(1)} %`;
  const estimate = `Against the ${baselineCpu.toFixed(0)} µs of server CPU an unprotected request takes here, the fastest in-process runs put authentication at ${share(micro[1]!.min - anonymousMicros)} of a request with a cached session, ${share(micro[2]!.min - anonymousMicros)} with an API key and ${share(micro[1]!.min - anonymousMicros + micro[3]!.min)} with a session not yet cached.`;
  process.stdout.write(`${estimate}\n`);

  const table = [
    '| request | req/s | ratio to no middleware | ratio to anonymous | server CPU µs per request | CPU ratio (no middleware / this) | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${Math.round(row.rate)} | **${row.ratio.toFixed(2)}** | ${row.ratioToAnonymous.toFixed(2)} | ${row.cpu.toFixed(1)} | **${row.cpuRatio.toFixed(2)}** | ${row.p50} | ${row.p99} | ${row.errors} |`,
    ),
  ];
  const block = [
    '## Authentication (kit-auth)',
    '',
    `Command: \`npm run bench:auth\`. Machine: ${machine}; load average at start ${loadAverage} (a shared machine: requests per second move a lot from round to round, server CPU time per request much less). Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `Method: one server process (${process.env.BENCH_FROM_SOURCE === '1' ? 'from source, through tsx' : "the packages' built JavaScript, as production runs them"}) serves \`GET /api/hello\` from two kit apps, one without middleware and one behind \`createAuthMiddleware({ sessionSecret, revocation }, { findApiKey })\` with 1,001 key records in a Map and sessions checked for revocation (\`createSessionRevocation\` over a \`MemoryRevocationStore\`, what was read kept for 5 s); autocannon in another process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per request kind, the order reversed every other round, after 2 s of warm-up each; medians over rounds. The server's own CPU time (\`process.cpuUsage()\`, read before and after each round) divided by the requests answered gives its cost per request, which other load on the machine disturbs far less than requests per second; the CPU ratio is the throughput ratio a CPU-bound server would show. The session is an HS256 JWT in the \`kit_session\` cookie; the API key is sent in \`X-API-Key\` (SHA-256 of the key compared in constant time to the stored hash). The middleware remembers sessions it has verified (up to 10,000, until their \`exp\`), so the session row is the steady state of signed-in people; the last row sends ${DISTINCT_SESSIONS.toLocaleString('en-US')} different sessions in turn, more than that cache holds, so each request verifies an HS256 signature with jose (the cost of a session's first request).`,
    '',
    ...table,
    '',
    'The goal compares each authenticated request with the same request (same cookie or key on the wire) to the app without the middleware, so it measures what authenticating adds, not what carrying a credential costs:',
    '',
    '| request | req/s ratio to the same request unprotected | CPU ratio |',
    '|---|---:|---:|',
    ...paired.map((pair) => `| ${pair.name} | **${pair.rate.toFixed(2)}** | **${pair.cpu.toFixed(2)}** |`),
    '',
    'The authentication step alone (`authenticate` of the middleware), in one process without HTTP, on a request and context built once: fastest and median of 7 runs of 50,000 calls. The fastest run is the cost itself; the median shows how much the shared machine slowed the others.',
    '',
    '| call | µs per call, fastest run | µs, median run |',
    '|---|---:|---:|',
    ...micro.map((row) => `| ${row.name} | ${row.min.toFixed(1)} | ${row.median.toFixed(1)} |`),
    '',
    estimate,
    '',
    `Goal: authentication costs under ${Math.round((1 - GOAL) * 100)} % of throughput (ratio ≥ ${GOAL} against the same request unprotected) for the session and API-key rows. This run: by server CPU per request ${verdict(worstCpu)} (worst CPU ratio ${worstCpu.toFixed(2)}); by requests per second ${verdict(worstRate)} (worst ratio ${worstRate.toFixed(2)}). Sessions not in the cache (last row): CPU ratio ${uncached.cpuRatio.toFixed(2)}, req/s ratio ${uncached.ratio.toFixed(2)}. The anonymous row is the control: it does almost no authentication work (${micro[0]!.min.toFixed(1)} µs in process) yet shows a CPU ratio of ${rows[1]!.cpuRatio.toFixed(2)} and a req/s ratio of ${rows[1]!.ratio.toFixed(2)}, which is how far this machine's noise alone moves the HTTP ratios in this run; the in-process estimate above is the figure to go by when the two disagree.`,
  ].join('\n');
  await writeBenchBlock(benchmarksFile, 'auth', block);
  process.stdout.write(`wrote the bench:auth section of docs/benchmarks.md\n`);
} finally {
  await stop();
}
