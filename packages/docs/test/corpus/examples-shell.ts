/**
 * Runs the corpus's shell examples for real, in apps made by create-kit-app from this repository's packages.
 * Only what cannot work offline is stood in for, by two scripts put first on PATH: `npx <bin>` runs the
 * app's own `node_modules/.bin/<bin>` (and `npx create-kit-app` the repository's, with `--link`), and
 * `npm install`/`npm ci` do nothing when `node_modules` is the linked workspace. Commands that run until
 * stopped (`kit dev`, `kit start`, `kit ops:tail`) are stopped with SIGINT once they say they are ready.
 */
import { spawn, execFileSync } from 'node:child_process';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaffoldApp } from 'create-kit-app';
import { examplesDir, repoRoot } from './examples-files.js';

/** How one run of a shell example ended, and what it printed. */
export interface ShellRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** For a command stopped once ready: the address it printed, and the status of each probed path. */
  readonly url?: string;
  readonly probes: Readonly<Record<string, number>>;
  /** Whether the harness stopped it (after its ready line). */
  readonly stopped: boolean;
}

/** Where and how a shell example runs. */
export interface ShellCase {
  /** The example's id: `packages/docs/content/examples/<id>.sh`. */
  readonly id: string;
  /** The app it runs in, made by create-kit-app; null for an empty folder. */
  readonly template: 'blank' | 'tickets' | null;
  readonly args?: readonly string[];
  /** What the example's comments say the reader did first (edit a model, have an ops store). */
  readonly prepare?: (app: string) => Promise<void>;
  /** The line of a command that runs until stopped, once it serves; the first group, when any, is its address. */
  readonly ready?: RegExp;
  /** Paths requested from that address once it is ready; each must answer 200. */
  readonly probe?: readonly string[];
}

function shim(name: string, body: string): string {
  return `#!/bin/sh\n# ${name}: the offline stand-in of the shell examples' test (packages/docs/test/corpus/examples-shell.ts).\n${body}\n`;
}

/** Writes the `npx` and `npm` stand-ins into a folder of their own; returns it, for the front of PATH. */
export async function writeShims(): Promise<string> {
  const bin = await mkdtemp(join(tmpdir(), 'kit-shell-examples-bin-'));
  const realNpm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  await writeFile(
    join(bin, 'npx'),
    shim(
      'npx',
      `name="$1"; shift
if [ "$name" = create-kit-app ]; then exec node "${repoRoot}/packages/create-kit-app/bin/create-kit-app.js" "$@" --link "${repoRoot}"; fi
if [ -x "node_modules/.bin/$name" ]; then exec "node_modules/.bin/$name" "$@"; fi
echo "npx: no node_modules/.bin/$name in $(pwd) (the test runs offline)" >&2
exit 127`,
    ),
  );
  await writeFile(
    join(bin, 'npm'),
    shim(
      'npm',
      `case "$1" in
  install|i|ci) if [ -L node_modules ]; then echo "npm $1: node_modules is the linked kit workspace; nothing to install"; exit 0; fi ;;
esac
exec "${realNpm}" "$@"`,
    ),
  );
  await Promise.all(['npx', 'npm'].map((name) => chmod(join(bin, name), 0o755)));
  return bin;
}

/** A new folder for a case: an app of its template with the workspace linked and a first commit, or an empty folder. */
export async function caseFolder(template: ShellCase['template']): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'kit-shell-example-'));
  if (template === null) return parent;
  const app = await scaffoldApp({ directory: join(parent, 'help-desk'), template, install: false, link: repoRoot });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: app.root, stdio: 'ignore' });
  git('init', '--quiet');
  git('add', '--all');
  git('-c', 'user.name=Example', '-c', 'user.email=example@example.org', 'commit', '--quiet', '-m', 'Scaffolded by create-kit-app');
  return app.root;
}

/** Runs one example with `sh` in `cwd`; a command that runs until stopped is probed and stopped once ready. */
export function runShellExample(shellCase: ShellCase, cwd: string, shims: string, timeoutMs: number): Promise<ShellRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${shims}:${process.env.PATH ?? ''}`,
    PORT: '0',
    HOST: '127.0.0.1',
    NO_COLOR: '1',
  };
  delete env.DATABASE_URL;
  delete env.KIT_OPS_STORE;
  // Commits made by the examples need an author.
  Object.assign(env, {
    GIT_AUTHOR_NAME: 'Example',
    GIT_AUTHOR_EMAIL: 'example@example.org',
    GIT_COMMITTER_NAME: 'Example',
    GIT_COMMITTER_EMAIL: 'example@example.org',
  });
  const child = spawn('sh', [join(examplesDir, `${shellCase.id}.sh`), ...(shellCase.args ?? [])], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let stopped = false;
  let url: string | undefined;
  const probes: Record<string, number> = {};
  const stop = () => {
    stopped = true;
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // Already gone.
    }
  };
  let probing: Promise<void> | undefined;
  const look = () => {
    if (!shellCase.ready || probing) return;
    const match = shellCase.ready.exec(stdout + stderr);
    if (!match) return;
    url = match[1];
    probing = (async () => {
      for (const path of shellCase.probe ?? []) {
        probes[path] = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } }).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status;
          },
          () => 0,
        );
      }
    })().finally(stop);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    look();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    look();
  });
  const timer = setTimeout(() => {
    stderr += `\n[the test stopped the example after ${timeoutMs} ms]\n`;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('close', async (code, signal) => {
      clearTimeout(timer);
      await probing;
      resolve({ code, signal, stdout, stderr, probes, stopped, ...(url === undefined ? {} : { url }) });
    });
  });
}
