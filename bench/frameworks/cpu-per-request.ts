/**
 * Server CPU time per request of each server of the comparison, from /proc: steadier than requests per
 * second on a shared machine, since it does not count the time the server waits for a core.
 * `npx tsx bench/frameworks/cpu-per-request.ts [kit|hono|fastify|bare ...]`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startScript } from '../http/processes.js';

const PATH = process.env.BENCH_PATH ?? '/api/hello?name=Ada';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['bare', 'fastify', 'hono', 'kit'];

/** User plus system CPU time of a process, in milliseconds (Linux clock ticks are 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const servers = [];
for (const name of names) servers.push(await startScript(name, fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url))));
try {
  for (const server of servers) await autocannon({ url: `${server.base}${PATH}`, connections: 50, amount: 10_000 });
  const figures = new Map<string, number[]>(servers.map((server) => [server.name, []]));
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  for (let round = 0; round < rounds; round++) {
    for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
      const before = cpuMs(server.child.pid!);
      const result = await autocannon({ url: `${server.base}${PATH}`, connections: 50, amount: REQUESTS });
      const after = cpuMs(server.child.pid!);
      if (result.non2xx + result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      figures.get(server.name)!.push(((after - before) * 1000) / REQUESTS);
    }
  }
  for (const server of servers) {
    const values = figures.get(server.name)!;
    const sorted = [...values].sort((a, b) => a - b);
    process.stdout.write(`${server.name.padEnd(8)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} µs CPU per request (rounds: ${values.map((value) => value.toFixed(1)).join(', ')})\n`);
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
