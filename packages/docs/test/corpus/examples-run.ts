import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { importsOf } from './examples-code.js';
import { readExamples, repoRoot, type ExampleFile } from './examples-files.js';
import { exportedNames, implementedPackages, isTypeCheckable } from './examples-typecheck.js';

/**
 * How an example is run:
 * - `exits`: as a program, which must exit with status 0;
 * - `http`: a server that prints its port; the runner asks it for `probe` and expects a 200, then stops it;
 * - `mcp-stdio`: an MCP server on stdio; the runner sends `initialize` and expects an answer, then stops it;
 * - `vitest`: a test file, run by the suite itself (see `exampleTestFiles`).
 */
export type RunMode =
  | { readonly kind: 'exits' }
  | { readonly kind: 'http'; readonly probe: string }
  | { readonly kind: 'mcp-stdio' }
  | { readonly kind: 'vitest' };

/** Examples that start a server instead of running to completion. */
const serverModes: ReadonlyMap<string, RunMode> = new Map<string, RunMode>([
  ['deployment-production-server', { kind: 'http', probe: '/openapi.json' }],
  ['mcp-http-endpoint', { kind: 'http', probe: '/api/status' }],
  ['mcp-stdio-server', { kind: 'mcp-stdio' }],
]);

/** A runnable example and how to run it. */
export interface RunnableExample {
  readonly example: ExampleFile;
  readonly mode: RunMode;
}

function exportsBySpecifier(): Map<string, Set<string>> {
  return new Map([...implementedPackages].map(([specifier, entry]) => [specifier, exportedNames(entry)]));
}

/**
 * Every example that compiles against the implemented packages runs: none of them needs a network
 * beyond loopback (the one that calls a model server is given a local one by the test).
 */
export function runnableExamples(examples: readonly ExampleFile[] = readExamples()): RunnableExample[] {
  const exported = exportsBySpecifier();
  return examples
    .filter((example) => isTypeCheckable(example, exported))
    .map((example) => ({
      example,
      mode: importsOf(example).some((entry) => entry.specifier === 'vitest')
        ? { kind: 'vitest' as const }
        : (serverModes.get(example.id) ?? { kind: 'exits' as const }),
    }));
}

/** Example files that are vitest test files, for the suite's `include` list. */
export function exampleTestFiles(): string[] {
  return runnableExamples()
    .filter((runnable) => runnable.mode.kind === 'vitest')
    .map((runnable) => runnable.example.path);
}

/** What a run printed and how it ended. */
export interface RunOutcome {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** For servers: the status of the probe request, or of the MCP initialize answer (200 when answered). */
  readonly probeStatus?: number;
}

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx', { paths: [repoRoot] })).href;

/**
 * Runs one example in a child process with the workspace packages' TypeScript sources (the
 * `kit-source` export condition), in `cwd` so that files it writes stay out of the repository.
 */
export function runExample(
  runnable: RunnableExample,
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<RunOutcome> {
  const child = spawn(process.execPath, ['--conditions=kit-source', '--import', tsxLoader, runnable.example.path], {
    cwd: options.cwd,
    // tsx reads the repository's tsconfig.json whatever the working folder, so the packages' .tsx sources
    // compile with React's automatic JSX runtime as they do in the repository.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      TSX_TSCONFIG_PATH: resolve(repoRoot, 'tsconfig.json'),
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let probeStatus: number | undefined;
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');

  const { mode } = runnable;
  let probing = false;
  const stop = () => child.kill('SIGTERM');

  const probe = (): void => {
    if (probing) return;
    if (mode.kind === 'http') {
      const port = /:(\d{2,5})\b/.exec(stdout)?.[1];
      if (port === undefined) return;
      probing = true;
      fetch(`http://127.0.0.1:${port}${mode.probe}`)
        .then((response) => {
          probeStatus = response.status;
          return response.arrayBuffer();
        })
        .catch((error: unknown) => {
          stderr += `\nprobe failed: ${String(error)}`;
        })
        .finally(stop);
    } else if (mode.kind === 'mcp-stdio' && /ready/i.test(stderr)) {
      probing = true;
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'examples', version: '0.0.0' } },
      };
      child.stdin.write(`${JSON.stringify(initialize)}\n`);
    }
  };

  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    if (mode.kind === 'mcp-stdio' && probing && stdout.includes('"id":1')) {
      probeStatus = 200;
      stop();
    }
    probe();
  });
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
    probe();
  });

  const timer = setTimeout(() => {
    stderr += `\nstopped after ${options.timeoutMs ?? 20_000} ms`;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 20_000);

  return new Promise((resolve) => {
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr, ...(probeStatus === undefined ? {} : { probeStatus }) });
    });
  });
}
