/**
 * `npm run bench:app`: the kit app runtime against baselines measured in the same run.
 *  1. Server-rendered page throughput: the bench app (a layout and a page with a loader, 100 table rows) built
 *     by `buildApp` and served by `startApp`, against the same page made by hand with `react-dom/server` in a bare
 *     `node:http` server: the same tree and the same document (head, module preloads, route announcer, the
 *     bootstrap state with the rows inlined as JSON, the client entry), which is what a hand-written server must
 *     send too for the browser to hydrate the page. The two documents differ only in the nonces of kit's inline
 *     scripts and the comment markers of its Suspense boundaries. Both live in one server process (production
 *     React, the kit packages' built JavaScript, so `npm run bench:app` builds them first); autocannon loads them
 *     in alternating rounds from this process, in several server processes one after another. Requests per
 *     second and the server's CPU time per request (which other load on the machine disturbs far less) are
 *     compared round by round. Goal: kit >= 0.9x that baseline. For context: the same document rendered by
 *     React's `renderToString` and sent as one text, the fastest way by hand for a page whose data is all there
 *     (and what kit does for such a page); direct React
 *     rendering the tree alone, without anything a browser needs to hydrate it; and the same page exported with
 *     `cache: { revalidate: 60 }`, which kit renders once and then serves from its page cache (what visitors who
 *     are not signed in get), against direct React sending the same document.
 *  2. `matchRoute` latency on 1,000 generated routes, against a linear scan of one RegExp per route (what a
 *     router without a trie does). Goal: p99 under 10 us.
 *  3. `scanRoutes` time on about 1,000 files, against a bare recursive `readdir` of the same tree.
 *  4. Dev server cold start (create, build, first page answered) and hot reload (a page file edited until the
 *     dev server's reload event and the new text served), against an esbuild rebuild of the same route files
 *     for the browser. Goal: hot reload under 300 ms.
 * Prints the figures and writes them between the bench:app markers of docs/benchmarks.md.
 */
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { matchRoute, scanRoutes, type RouteManifest } from '@kit/kit-router';
import { createDevServer } from '@kit/kit-dev';
import { generateRouteTree, writeRouteTree } from '../../packages/kit-router/src/testing/generate-routes.js';
import { median, runLoad } from '../http/load.js';
import { startMeasuredChild } from '../measured-child.js';
import { writeBenchBlock } from '../report-block.js';
import { markdownTable } from '../search/report.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const benchmarksFile = join(repositoryRoot, 'docs/benchmarks.md');
const fixtureApp = join(repositoryRoot, 'packages/kit-dev/test/fixture-app');

const format = (value: number, digits = 2) => value.toFixed(digits);
const percentileOf = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// ---- 1. rendering throughput ----------------------------------------------------------------------------

interface ServerProcess {
  readonly kitPort: number;
  readonly barePort: number;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

async function startServers(): Promise<ServerProcess> {
  // The packages as an app runs them in production: their built JavaScript, not their sources through a
  // TypeScript loader (which wraps functions made per request in naming helpers, a cost production has not).
  const child = await startMeasuredChild<{ kitPort: number; barePort: number }>(fileURLToPath(new URL('./server.tsx', import.meta.url)));
  return { ...child.announced, cpuMicros: child.cpuMicros, stop: child.stop };
}

interface RoundFigures {
  readonly requestsPerSecond: number;
  readonly cpuMicrosPerRequest: number;
  readonly errors: number;
}

type Side = 'kit' | 'bare' | 'hydrating' | 'hydratingWhole' | 'cached';
const sides: readonly Side[] = ['kit', 'bare', 'hydrating', 'hydratingWhole', 'cached'];
const pathOf: Record<Side, string> = {
  kit: '/',
  bare: '/',
  hydrating: '/hydrating',
  hydratingWhole: '/hydrating-whole',
  cached: '/cached',
};

async function loadRound(server: ServerProcess, side: Side, seconds: number): Promise<RoundFigures> {
  const base = `http://127.0.0.1:${side === 'kit' || side === 'cached' ? server.kitPort : server.barePort}`;
  const before = await server.cpuMicros();
  const result = await runLoad({ base, paths: [pathOf[side]], connections: CONNECTIONS, seconds });
  const after = await server.cpuMicros();
  return {
    requestsPerSecond: result.requestsPerSecond,
    cpuMicrosPerRequest: (after - before) / Math.max(1, result.total),
    errors: result.errors,
  };
}

/** Figures of one server process: its rounds of each side, in the order they ran. */
type ProcessFigures = Record<Side, RoundFigures[]> & {
  readonly kitBytes: number;
  readonly bareBytes: number;
  readonly hydratingBytes: number;
};

async function measureProcess(): Promise<ProcessFigures> {
  const server = await startServers();
  try {
    const check = await fetch(`http://127.0.0.1:${server.kitPort}/`);
    const html = await check.text();
    if (check.status !== 200 || !html.includes('T-1099'))
      throw new Error(`the kit bench page did not render: ${check.status} ${html.slice(0, 300)}`);
    for (const side of sides) await loadRound(server, side, 2);
    const figures: ProcessFigures = {
      kit: [],
      bare: [],
      hydrating: [],
      hydratingWhole: [],
      cached: [],
      kitBytes: html.length,
      bareBytes: (await (await fetch(`http://127.0.0.1:${server.barePort}/`)).text()).length,
      hydratingBytes: (await (await fetch(`http://127.0.0.1:${server.barePort}/hydrating`)).text()).length,
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order turns every round, so no side always runs first, on a warmer or a quieter machine.
      const order = sides.map((_, index) => sides[(index + round) % sides.length]!);
      for (const side of order) figures[side].push(await loadRound(server, side, SECONDS));
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/**
 * All sides over several server processes. One process's figures lean one way or the other by up to a
 * tenth (what the JIT made of each side in that process, and what else the machine ran meanwhile), so each
 * process runs every side round by round and a ratio is taken per round (kit's round against the
 * baseline's round beside it), then their median.
 */
async function renderingThroughput() {
  const processes: ProcessFigures[] = [];
  for (let index = 0; index < PROCESSES; index += 1) processes.push(await measureProcess());
  const all = (side: Side) => processes.flatMap((figures) => figures[side]);
  const summary = (rounds: readonly RoundFigures[]) => ({
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    cpuMicrosPerRequest: median(rounds.map((round) => round.cpuMicrosPerRequest)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  });
  const cpuRatios = (figures: ProcessFigures, baseline: Side, measured: Side = 'kit') =>
    figures[measured].map((round, index) => figures[baseline][index]!.cpuMicrosPerRequest / round.cpuMicrosPerRequest);
  const ratiosAgainst = (baseline: Side, measured: Side = 'kit') => ({
    throughput: median(
      processes.flatMap((figures) =>
        figures[measured].map((round, index) => round.requestsPerSecond / figures[baseline][index]!.requestsPerSecond),
      ),
    ),
    cpu: median(processes.flatMap((figures) => cpuRatios(figures, baseline, measured))),
  });
  return {
    kit: summary(all('kit')),
    bare: summary(all('bare')),
    hydrating: summary(all('hydrating')),
    hydratingWhole: summary(all('hydratingWhole')),
    cached: summary(all('cached')),
    cachedAgainstHydrating: ratiosAgainst('hydrating', 'cached'),
    againstBare: ratiosAgainst('bare'),
    againstHydrating: ratiosAgainst('hydrating'),
    againstHydratingWhole: ratiosAgainst('hydratingWhole'),
    processRatios: processes.map((figures) => median(cpuRatios(figures, 'hydrating'))),
    kitBytes: processes[0]!.kitBytes,
    bareBytes: processes[0]!.bareBytes,
    hydratingBytes: processes[0]!.hydratingBytes,
  };
}

// ---- 2 and 3. the router --------------------------------------------------------------------------------

/** A URL for each route: its pattern with parameter values filled in. */
function urlsOf(manifest: RouteManifest): string[] {
  return manifest.routes.map(
    (route) =>
      '/' +
      route.segments
        .map((segment, index) =>
          segment.type === 'static' ? segment.value : segment.type === 'dynamic' ? `v${index}x` : `a${index}/b${index}`,
        )
        .join('/'),
  );
}

/** What a router without a trie does: one RegExp per route, tried in precedence order. */
function linearMatcher(manifest: RouteManifest): (path: string) => unknown {
  const compiled = manifest.routes.map((route) => {
    const source = route.segments
      .map((segment) =>
        segment.type === 'static'
          ? `/${segment.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
          : segment.type === 'dynamic'
            ? '/([^/]+)'
            : '/(.+)',
      )
      .join('');
    return { route, pattern: new RegExp(`^${source || '/'}/?$`) };
  });
  return (path) => {
    for (const { route, pattern } of compiled) {
      const found = pattern.exec(path);
      if (found) return { route, values: found.slice(1) };
    }
    return null;
  };
}

function latencies(urls: readonly string[], match: (url: string) => unknown, rounds: number): number[] {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const url of urls) {
      const started = process.hrtime.bigint();
      match(url);
      samples.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  }
  return samples.sort((a, b) => a - b);
}

async function routerFigures() {
  const matchTree = await mkdtemp(join(tmpdir(), 'kit-bench-routes-'));
  const scanTree = await mkdtemp(join(tmpdir(), 'kit-bench-scan-'));
  try {
    await writeRouteTree(matchTree, generateRouteTree(1000));
    const manifest = await scanRoutes(matchTree);
    const urls = urlsOf(manifest);
    const linear = linearMatcher(manifest);
    matchRoute(urls[0]!, manifest);
    for (let warm = 0; warm < 20; warm += 1) for (const url of urls) (matchRoute(url, manifest), linear(url));
    const kit = latencies(urls, (url) => matchRoute(url, manifest), 30);
    const naive = latencies(urls, linear, 30);

    // About 1,000 files: the generator writes some 40% more files than routes.
    await writeRouteTree(scanTree, generateRouteTree(720));
    const fileCount = (await readdir(scanTree, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    const scanTimes: number[] = [];
    const readdirTimes: number[] = [];
    for (let round = 0; round < 15; round += 1) {
      let started = performance.now();
      await scanRoutes(scanTree);
      scanTimes.push(performance.now() - started);
      started = performance.now();
      await readdir(scanTree, { recursive: true, withFileTypes: true });
      readdirTimes.push(performance.now() - started);
    }
    return {
      routes: manifest.routes.length,
      match: { p50: percentileOf(kit, 50), p99: percentileOf(kit, 99) },
      linear: { p50: percentileOf(naive, 50), p99: percentileOf(naive, 99) },
      fileCount,
      scanMs: median(scanTimes.slice(3)),
      readdirMs: median(readdirTimes.slice(3)),
    };
  } finally {
    await rm(matchTree, { recursive: true, force: true });
    await rm(scanTree, { recursive: true, force: true });
  }
}

// ---- 4. the dev server ----------------------------------------------------------------------------------

async function copyFixture(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'kit-bench-dev-'));
  await cp(fixtureApp, root, { recursive: true, filter: (source) => !source.includes('/.kit') });
  await symlink(join(repositoryRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

async function devServerFigures() {
  const coldStarts: number[] = [];
  const reloads: number[] = [];
  const rebuilds: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const root = await copyFixture();
    const started = performance.now();
    const server = createDevServer({ root, port: 0, log: false, conditions: ['kit-source'] });
    try {
      const { url } = await server.listen();
      const first = await fetch(`${url}/about`);
      await first.text();
      if (first.status !== 200) throw new Error(`the dev server answered /about with ${first.status}`);
      coldStarts.push(performance.now() - started);

      const pageFile = join(root, 'app/routes/(marketing)/about.page.tsx');
      const original = await readFile(pageFile, 'utf8');
      for (let edit = 0; edit < 5; edit += 1) {
        const marker = `edited-${round}-${edit}`;
        const reloaded = new Promise<void>((resolve) => {
          const off = server.onReload(() => {
            off();
            resolve();
          });
        });
        const editedAt = performance.now();
        await writeFile(pageFile, original.replace('</h1>', ` ${marker}</h1>`));
        await reloaded;
        const body = await (await fetch(`${url}/about`)).text();
        if (!body.includes(marker)) throw new Error('the edited page was not served after the reload event');
        reloads.push(performance.now() - editedAt);
      }
    } finally {
      await server.close();
    }

    // The baseline: esbuild alone rebuilding the same route files (for Node, packages external, as the
    // server side of a rebuild does; the dev server also builds them for the browser).
    const routeFiles = (await readdir(join(root, 'app/routes'), { recursive: true, withFileTypes: true }))
      .filter(
        (entry) =>
          entry.isFile() && /(\.page\.tsx|\.api\.ts|^_(layout|loading|error)\.tsx|^_middleware\.ts|^not-found\.tsx)$/.test(entry.name),
      )
      .map((entry) => join(entry.parentPath, entry.name));
    const context = await esbuild.context({
      entryPoints: routeFiles,
      bundle: true,
      platform: 'node',
      packages: 'external',
      format: 'esm',
      outdir: join(root, '.bench-out'),
      write: true,
      logLevel: 'silent',
      jsx: 'automatic',
    });
    await context.rebuild();
    for (let edit = 0; edit < 5; edit += 1) {
      const started = performance.now();
      await context.rebuild();
      rebuilds.push(performance.now() - started);
    }
    await context.dispose();
    await rm(root, { recursive: true, force: true });
  }
  return {
    coldStartMs: median(coldStarts),
    reloadMs: median(reloads),
    reloadP90: percentileOf(
      [...reloads].sort((a, b) => a - b),
      90,
    ),
    esbuildRebuildMs: median(rebuilds),
  };
}

// ---- report ---------------------------------------------------------------------------------------------

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
console.log(`bench:app on ${cpus().length} cores, Node ${process.version}, load ${load}`);
const router = await routerFigures();
console.log(
  `matchRoute on ${router.routes} routes: p50 ${format(router.match.p50)} us, p99 ${format(router.match.p99)} us (linear RegExp scan p50 ${format(router.linear.p50)} us, p99 ${format(router.linear.p99)} us)`,
);
console.log(
  `scanRoutes on ${router.fileCount} files: ${format(router.scanMs, 1)} ms (bare recursive readdir ${format(router.readdirMs, 1)} ms)`,
);
const dev = await devServerFigures();
console.log(
  `dev server: cold start ${format(dev.coldStartMs, 0)} ms; hot reload median ${format(dev.reloadMs, 0)} ms, p90 ${format(dev.reloadP90, 0)} ms (esbuild rebuild alone ${format(dev.esbuildRebuildMs, 0)} ms)`,
);
const rendering = await renderingThroughput();
const GOAL = 0.9;
const { throughput: throughputRatio, cpu: cpuRatio } = rendering.againstHydrating;
console.log(
  `rendering: kit ${rendering.kit.requestsPerSecond} req/s (${format(rendering.kit.cpuMicrosPerRequest, 0)} us CPU/request), direct React sending the same document ${rendering.hydrating.requestsPerSecond} req/s (${format(rendering.hydrating.cpuMicrosPerRequest, 0)} us); ratio ${format(throughputRatio)} by throughput, ${format(cpuRatio)} by CPU (per process: ${rendering.processRatios.map((ratio) => format(ratio)).join(', ')}); direct React rendering the tree alone ${rendering.bare.requestsPerSecond} req/s (${format(rendering.bare.cpuMicrosPerRequest, 0)} us), ratio ${format(rendering.againstBare.throughput)} / ${format(rendering.againstBare.cpu)}; direct React's string renderer sending the same document ${rendering.hydratingWhole.requestsPerSecond} req/s (${format(rendering.hydratingWhole.cpuMicrosPerRequest, 0)} us), ratio ${format(rendering.againstHydratingWhole.throughput)} / ${format(rendering.againstHydratingWhole.cpu)}; errors ${rendering.kit.errors + rendering.bare.errors + rendering.hydrating.errors + rendering.hydratingWhole.errors + rendering.cached.errors}; cached page ${rendering.cached.requestsPerSecond} req/s (${format(rendering.cached.cpuMicrosPerRequest, 0)} us), ratio ${format(rendering.cachedAgainstHydrating.throughput)} / ${format(rendering.cachedAgainstHydrating.cpu)} against direct React`,
);

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
// The rendering ratio moves between runs by more than between the processes of one run (on this shared
// machine, up to 0.08 for the same code), so its verdict speaks for the run it was measured in.
const runVerdict = (ok: boolean) => `${verdict(ok)} in this run`;
const body = [
  '## App runtime (kit-router, kit-react, kit-dev)',
  '',
  `Command: \`npm run bench:app\`. Machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average at start ${load}. Date: ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `Method: see the header of \`bench/app/run.ts\`. Rendering: one server process (production React) serves the bench page (a layout and a page whose loader returns 100 rows, rendered as a table: ${rendering.kitBytes} bytes from kit with its bootstrap state and script tags) from \`startApp\`, and the same document made by hand by a bare \`node:http\` server calling \`renderToPipeableStream\` on the same components, with the same head, module preloads, route announcer, bootstrap state (the rows inlined as JSON) and client entry (${rendering.hydratingBytes} bytes: kit's page less the nonces of its inline scripts and the comment markers of its Suspense boundaries; the goal's baseline); for context, the same document rendered by \`renderToString\` and sent as one text with its length, which is what kit does for a page whose loaders have all settled (it streams any other); and the tree alone (${rendering.bareBytes} bytes); autocannon in this process, ${CONNECTIONS} connections; ${PROCESSES} server processes in turn, each with ${ROUNDS} rounds of ${SECONDS} s per side in alternating order after 2 s of warm-up. CPU per request is the server process's CPU time over a round divided by the requests it answered. The figures per side are medians over all rounds; each ratio is the median of the ratios of the pairs of rounds (kit's round and the baseline's round beside it), whose medians per process were ${rendering.processRatios.map((ratio) => `${format(ratio)}x`).join(', ')} by CPU. Successive runs on the same code have given rendering ratios up to 0.08 apart on this shared machine, more than the processes of one run differ, so a run's verdict is one sample.`,
  '',
  markdownTable(
    ['Measure', 'kit', 'Baseline', 'Ratio', 'Goal'],
    [
      [
        'Page throughput (req/s)',
        String(rendering.kit.requestsPerSecond),
        `${rendering.hydrating.requestsPerSecond} (react-dom/server, bare node:http, same document and hydration data)`,
        `${format(throughputRatio)}x`,
        `>= ${GOAL}x: ${runVerdict(throughputRatio >= GOAL)}`,
      ],
      [
        'Server CPU per page (us)',
        format(rendering.kit.cpuMicrosPerRequest, 0),
        format(rendering.hydrating.cpuMicrosPerRequest, 0),
        `${format(cpuRatio)}x`,
        `>= ${GOAL}x: ${runVerdict(cpuRatio >= GOAL)}`,
      ],
      [
        'Page throughput, req/s (CPU per page, us), against direct React sending the same document rendered by `renderToString` as one text',
        `${rendering.kit.requestsPerSecond} (${format(rendering.kit.cpuMicrosPerRequest, 0)})`,
        `${rendering.hydratingWhole.requestsPerSecond} (${format(rendering.hydratingWhole.cpuMicrosPerRequest, 0)})`,
        `${format(rendering.againstHydratingWhole.throughput)}x (${format(rendering.againstHydratingWhole.cpu)}x by CPU)`,
        'context: the fastest by hand for a page whose data is all there',
      ],
      [
        'Page throughput, req/s (CPU per page, us), against direct React rendering the tree alone, without hydration data',
        `${rendering.kit.requestsPerSecond} (${format(rendering.kit.cpuMicrosPerRequest, 0)})`,
        `${rendering.bare.requestsPerSecond} (${format(rendering.bare.cpuMicrosPerRequest, 0)})`,
        `${format(rendering.againstBare.throughput)}x (${format(rendering.againstBare.cpu)}x by CPU)`,
        'context, not the goal',
      ],
      [
        'Cached page (`cache: { revalidate: 60 }`), req/s (CPU per page, us), against direct React sending the same document',
        `${rendering.cached.requestsPerSecond} (${format(rendering.cached.cpuMicrosPerRequest, 0)})`,
        `${rendering.hydrating.requestsPerSecond} (${format(rendering.hydrating.cpuMicrosPerRequest, 0)})`,
        `${format(rendering.cachedAgainstHydrating.throughput)}x (${format(rendering.cachedAgainstHydrating.cpu)}x by CPU)`,
        'context: what visitors who are not signed in get',
      ],
      [
        `matchRoute p50 / p99, ${router.routes} routes (us)`,
        `${format(router.match.p50)} / ${format(router.match.p99)}`,
        `${format(router.linear.p50)} / ${format(router.linear.p99)} (RegExp per route, linear)`,
        `${format(router.linear.p99 / router.match.p99, 1)}x faster at p99`,
        `p99 < 10 us: ${verdict(router.match.p99 < 10)}`,
      ],
      [
        `scanRoutes, ${router.fileCount} files (ms)`,
        format(router.scanMs, 1),
        `${format(router.readdirMs, 1)} (recursive readdir alone)`,
        `${format(router.scanMs / router.readdirMs, 1)}x the readdir`,
        '',
      ],
      ['Dev server cold start to first page (ms)', format(dev.coldStartMs, 0), '', '', ''],
      [
        'Hot reload: edit to reload event and new page served (ms, median / p90)',
        `${format(dev.reloadMs, 0)} / ${format(dev.reloadP90, 0)}`,
        `${format(dev.esbuildRebuildMs, 0)} (esbuild rebuild of the route files alone)`,
        `${format(dev.reloadMs / dev.esbuildRebuildMs, 1)}x the rebuild`,
        `< 300 ms: ${verdict(dev.reloadMs < 300)}`,
      ],
    ],
  ),
].join('\n');
await writeBenchBlock(benchmarksFile, 'app', body);
console.log('written to docs/benchmarks.md');
