/**
 * `npm run bench:mcp`: what calling a route as an MCP tool costs against calling it over plain HTTP. One server
 * process (production build of a kit app with one API route, served by `startApp` with MCP on) answers the same
 * route two ways: `GET /api/tickets?limit=20` and an MCP `tools/call` of `get_api_tickets` with
 * `{ "limit": 20 }`, a JSON-RPC POST to `/mcp` answered as JSON (streamable HTTP, stateless, as kit serves it).
 * autocannon loads the two in alternating rounds from this process, in several server processes one after
 * another; requests per second and the server's CPU time per request are compared round by round. Goal: an MCP
 * call takes at most twice the time of the HTTP call (ratio of requests per second, MCP / HTTP, >= 0.5). Prints
 * the figures and writes them between the bench:mcp markers of docs/benchmarks.md.
 */
import { request as httpRequest } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from '../http/load.js';
import { startMeasuredChild } from '../measured-child.js';
import { writeBenchBlock } from '../report-block.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const GOAL = 0.5;
const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

const httpPath = '/api/tickets?limit=20';
const toolCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_api_tickets', arguments: { limit: 20 } },
});
// What a streamable-HTTP client sends with every POST: it accepts a JSON answer or an event stream.
const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

type Side = 'http' | 'mcp' | 'body';
const sides: readonly Side[] = ['http', 'mcp', 'body'];
// For context: the same GET with its arguments in a JSON body, as an MCP call carries them, to tell what reading a
// request body costs the app from what the protocol costs.
const bodyHeaders = { 'content-type': 'application/json' };
const bodyArguments = JSON.stringify({ limit: 20 });

interface ServerProcess {
  readonly base: string;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

async function startServer(): Promise<ServerProcess> {
  // The packages as an app runs them in production: their built JavaScript (`npm run bench:mcp` builds them).
  const child = await startMeasuredChild<{ port: number }>(fileURLToPath(new URL('./server.ts', import.meta.url)));
  return { base: `http://127.0.0.1:${child.announced.port}`, cpuMicros: child.cpuMicros, stop: child.stop };
}

/** A GET with a JSON body, which `fetch` refuses to send. */
function getWithBody(url: string, json: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'GET', headers: { ...bodyHeaders, 'content-length': Buffer.byteLength(json) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(json);
  });
}

/** Every call must give the same answer, or the comparison means nothing. */
async function checkAnswers(base: string): Promise<void> {
  const http = await fetch(`${base}${httpPath}`);
  if (http.status !== 200) throw new Error(`GET ${httpPath} answered ${http.status}`);
  const body: unknown = await http.json();
  const mcp = await fetch(`${base}/mcp`, { method: 'POST', headers: mcpHeaders, body: toolCall });
  const answer = (await mcp.json()) as { result?: { structuredContent?: unknown; isError?: boolean } };
  if (mcp.status !== 200 || answer.result?.isError === true || !isDeepStrictEqual(answer.result?.structuredContent, body))
    throw new Error(`the MCP call did not answer what the HTTP call does: ${mcp.status} ${JSON.stringify(answer).slice(0, 300)}`);
  const withBody = await getWithBody(`${base}/api/tickets`, bodyArguments);
  if (withBody.status !== 200 || !isDeepStrictEqual(JSON.parse(withBody.text), body))
    throw new Error(`GET /api/tickets with a JSON body did not answer what the query string does: ${withBody.status}`);
}

interface RoundFigures {
  readonly requestsPerSecond: number;
  readonly cpuMicrosPerRequest: number;
  readonly p50Ms: number;
  readonly errors: number;
}

async function loadRound(server: ServerProcess, side: Side, seconds: number): Promise<RoundFigures> {
  const before = await server.cpuMicros();
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      side === 'http'
        ? { method: 'GET', path: httpPath }
        : side === 'body'
          ? { method: 'GET', path: '/api/tickets', headers: bodyHeaders, body: bodyArguments }
          : { method: 'POST', path: '/mcp', headers: mcpHeaders, body: toolCall },
    ],
  });
  const after = await server.cpuMicros();
  return {
    requestsPerSecond: Math.round(result.requests.average),
    cpuMicrosPerRequest: (after - before) / Math.max(1, result.requests.total),
    p50Ms: result.latency.p50,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

type ProcessFigures = Record<Side, RoundFigures[]>;

async function measureProcess(): Promise<ProcessFigures> {
  const server = await startServer();
  try {
    await checkAnswers(server.base);
    for (const side of sides) await loadRound(server, side, 2);
    const figures: ProcessFigures = { http: [], mcp: [], body: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order turns every round, so no side always runs first, on a warmer or a quieter machine.
      const order = sides.map((_, index) => sides[(index + round) % sides.length]!);
      for (const side of order) {
        const result = await loadRound(server, side, SECONDS);
        figures[side].push(result);
        process.stdout.write(
          `round ${round + 1}/${ROUNDS} ${side}: ${result.requestsPerSecond} req/s, server CPU ${result.cpuMicrosPerRequest.toFixed(1)} us/request\n`,
        );
      }
    }
    return figures;
  } finally {
    await server.stop();
  }
}

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
console.log(`bench:mcp on ${machine}, load ${load}`);
const processes: ProcessFigures[] = [];
for (let index = 0; index < PROCESSES; index += 1) processes.push(await measureProcess());

const all = (side: Side) => processes.flatMap((figures) => figures[side]);
const summary = (side: Side) => ({
  requestsPerSecond: median(all(side).map((round) => round.requestsPerSecond)),
  cpuMicrosPerRequest: median(all(side).map((round) => round.cpuMicrosPerRequest)),
  p50Ms: median(all(side).map((round) => round.p50Ms)),
  errors: all(side).reduce((sum, round) => sum + round.errors, 0),
});
// Each ratio is taken per pair of rounds (the MCP round and the HTTP round beside it), then their median.
const pairs = processes.flatMap((figures) => figures.mcp.map((round, index) => ({ mcp: round, http: figures.http[index]! })));
const throughputRatio = median(pairs.map((pair) => pair.mcp.requestsPerSecond / pair.http.requestsPerSecond));
const cpuRatio = median(pairs.map((pair) => pair.http.cpuMicrosPerRequest / pair.mcp.cpuMicrosPerRequest));
const http = summary('http');
const mcp = summary('mcp');
const withBody = summary('body');
const bodyPairs = processes.flatMap((figures) => figures.body.map((round, index) => ({ body: round, http: figures.http[index]! })));
const bodyThroughputRatio = median(bodyPairs.map((pair) => pair.body.requestsPerSecond / pair.http.requestsPerSecond));
const bodyCpuRatio = median(bodyPairs.map((pair) => pair.http.cpuMicrosPerRequest / pair.body.cpuMicrosPerRequest));
const verdict = (ratio: number) => (ratio >= GOAL ? 'met' : 'NOT met');
console.log(
  `HTTP ${http.requestsPerSecond} req/s (${http.cpuMicrosPerRequest.toFixed(0)} us CPU/request); GET with a JSON body ${withBody.requestsPerSecond} req/s (${withBody.cpuMicrosPerRequest.toFixed(0)} us, ratio ${bodyThroughputRatio.toFixed(2)} / ${bodyCpuRatio.toFixed(2)}); MCP tools/call ${mcp.requestsPerSecond} req/s (${mcp.cpuMicrosPerRequest.toFixed(0)} us); ratio MCP/HTTP ${throughputRatio.toFixed(2)} by throughput, ${cpuRatio.toFixed(2)} by CPU; goal >= ${GOAL}: ${verdict(throughputRatio)} by throughput, ${verdict(cpuRatio)} by CPU; errors ${http.errors + mcp.errors}`,
);

const row = (name: string, figures: ReturnType<typeof summary>) =>
  `| ${name} | ${figures.requestsPerSecond} | ${figures.cpuMicrosPerRequest.toFixed(0)} | ${figures.p50Ms} | ${figures.errors} |`;
const block = [
  '## MCP tools/call against plain HTTP (kit-agent)',
  '',
  `Command: \`npm run bench:mcp\`. Machine: ${machine}; load average at start ${load}. Date: ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `Method: one server process (\`startApp\` on a production build, NODE_ENV=production, MCP on) serves one \`defineAPI\` route that returns 20 of 100 tickets; it is called as \`GET ${httpPath}\` and as the MCP tool \`get_api_tickets\` (\`tools/call\` with \`{"limit":20}\`, a JSON-RPC POST to \`/mcp\` with \`Accept: application/json, text/event-stream\`, answered as JSON: kit serves MCP over streamable HTTP statelessly), after a check that the tool's \`structuredContent\` equals the HTTP body. autocannon in this process, ${CONNECTIONS} connections; ${PROCESSES} server processes in turn, each with ${ROUNDS} rounds of ${SECONDS} s per side in alternating order after 2 s of warm-up. CPU per request is the server process's CPU time over a round divided by the requests it answered. Figures per side are medians over all rounds; each ratio is the median of the ratios of pairs of rounds (the MCP round and the HTTP round beside it).`,
  '',
  '| call | req/s | server CPU us per request | p50 ms | errors |',
  '|---|---:|---:|---:|---:|',
  row(`HTTP \`GET ${httpPath}\``, http),
  row('MCP `tools/call` `get_api_tickets`', mcp),
  row('HTTP `GET /api/tickets` with `{"limit":20}` as a JSON body (context)', withBody),
  '',
  `Ratio MCP / HTTP: **${throughputRatio.toFixed(2)}** by requests per second, **${cpuRatio.toFixed(2)}** by server CPU per request (HTTP / MCP). Goal: an MCP call within twice the time of the HTTP call (ratio >= ${GOAL}): ${verdict(throughputRatio)} by throughput, ${verdict(cpuRatio)} by CPU in this run. For context, the same GET carrying its arguments as a JSON body, as an MCP call must, against the query-string GET: ${bodyThroughputRatio.toFixed(2)} by requests per second, ${bodyCpuRatio.toFixed(2)} by CPU.`,
].join('\n');
await writeBenchBlock(benchmarksFile, 'mcp', block);
console.log('written to docs/benchmarks.md');
