/**
 * A benchmark server in a child process that reports its own CPU time: it prints one JSON line when it
 * listens (its ports), and answers each `cpu` line on its standard input with `{"cpuMicros":…}`. Reading the
 * time in the server itself counts only the server's work, not the load generator's beside it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A started child: what it announced, its CPU time so far, and a way to stop it. */
export interface MeasuredChild<Announced> {
  readonly announced: Announced;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));

/** Starts `script` under tsx with NODE_ENV=production and waits for its first line. */
export async function startMeasuredChild<Announced>(script: string): Promise<MeasuredChild<Announced>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repositoryRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bench server did not answer within 120 s')), 120_000);
      waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  const announced = JSON.parse(await nextLine()) as Announced;
  return {
    announced,
    cpuMicros: async () => {
      child.stdin!.write('cpu\n');
      return (JSON.parse(await nextLine()) as { cpuMicros: number }).cpuMicros;
    },
    stop: async () => {
      child.stdin!.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
