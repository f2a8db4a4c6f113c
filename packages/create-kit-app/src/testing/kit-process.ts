import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runCreateKitApp } from '../cli/run.js';

/** What a finished `kit` run printed and how it ended. */
export interface KitRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The app's own `kit` program, as `npx kit` finds it: node_modules/@kit/kit-cli/bin/kit.js. */
export function kitBinOf(root: string): string {
  return join(root, 'node_modules', '@kit', 'kit-cli', 'bin', 'kit.js');
}

function plainEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key !== 'NO_COLOR' && key !== 'FORCE_COLOR') env[key] = value;
  return env;
}

/** Runs `kit <args>` in the app's folder in a child process, as a developer would. */
export function runKit(root: string, args: readonly string[], timeoutMs = 60_000): Promise<KitRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [kitBinOf(root), ...args], { cwd: root, env: plainEnv(), timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

/** A `kit` server (dev or start) left running. */
export interface RunningKit {
  /** Resolves with the first match of `pattern` in standard output. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends SIGINT and resolves with the exit code once it has ended. */
  stop(): Promise<KitRun>;
}

/** Starts `kit <args>` in the app's folder and lets the test talk to it. */
export function startKit(root: string, args: readonly string[]): RunningKit {
  const child = spawn(process.execPath, [kitBinOf(root), ...args], { cwd: root, env: plainEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`kit ${args.join(' ')} exited with ${child.exitCode}: ${stdout}${stderr}`);
        if (Date.now() > deadline) throw new Error(`kit ${args.join(' ')} did not print ${pattern} in ${timeoutMs} ms: ${stdout}${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const code = await exited;
      return { code: code ?? 1, stdout, stderr };
    },
  };
}

/** Polls `probe` until it gives a value (a server that reloads in the background). */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The official MCP client connected to `kit mcp` of the app over stdio, as an assistant starts it; close it when done. */
export async function connectKitMcp(root: string, clientName: string): Promise<Client> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [kitBinOf(root), 'mcp'], cwd: root, stderr: 'pipe' }));
  return client;
}

/**
 * Writes the tickets app into `folder`/help-desk with this repository's packages linked, as
 * `create-kit-app help-desk --template tickets --link <repository>` does, and applies its migrations
 * (`kit db:push`). Resolves with the app's folder.
 */
export async function scaffoldLinkedTickets(folder: string, repository: string): Promise<string> {
  const code = await runCreateKitApp(['help-desk', '--template', 'tickets', '--link', repository], {
    cwd: folder,
    env: {},
    stdout: { write: () => true },
    stderr: { write: () => true },
    interactive: false,
  });
  if (code !== 0) throw new Error(`create-kit-app --template tickets exited with ${code}`);
  const root = join(folder, 'help-desk');
  const pushed = await runKit(root, ['db:push']);
  if (pushed.code !== 0) throw new Error(`kit db:push failed: ${pushed.stdout}${pushed.stderr}`);
  return root;
}
