import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failure } from '../../testing/failure.js';
import { useTempFolders } from '../../testing/temp-folders.js';
import type { AgentTool } from '../../tools/types.js';
import { createFileSandbox, type FileSandboxOptions } from './file-sandbox.js';
import type { CommandResult } from './run-command-tool.js';

const tempFolder = useTempFolders('kit-run-command-');

function commandTool(options: Partial<FileSandboxOptions> = {}): {
  root: string;
  run: (args: Record<string, unknown>) => Promise<CommandResult>;
} {
  const sandbox = createFileSandbox({ root: tempFolder(), ...options });
  const tool = sandbox.tools.find((candidate) => candidate.name === 'run_command') as AgentTool;
  return { root: sandbox.root, run: async (args) => (await tool.execute(args)) as CommandResult };
}

/** Whether a process runs; a zombie (killed, not yet reaped) counts as ended. */
function alive(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
});

describe('run_command', () => {
  it('runs a shell command line in the root and returns its output and exit code', async () => {
    const { root, run } = commandTool();
    const result = await run({ command: 'echo hello > greeting.txt && cat greeting.txt | tr a-z A-Z; pwd; echo oops >&2; exit 3' });
    expect(result).toMatchObject({ exitCode: 3, signal: null, timedOut: false, stdout: `HELLO\n${root}\n`, stderr: 'oops\n' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(readFileSync(join(root, 'greeting.txt'), 'utf8')).toBe('hello\n');
  });

  it('runs in a sub-folder given as cwd', async () => {
    const { root, run } = commandTool();
    mkdirSync(join(root, 'pkg'));
    expect((await run({ command: 'pwd', cwd: 'pkg' })).stdout).toBe(`${join(root, 'pkg')}\n`);
    expect((await failure(run({ command: 'pwd', cwd: 'missing' }))).message).toContain('there is no file or folder at "missing"');
  });

  it('gives the command a clean environment: PATH, HOME as the root, LANG and the configured variables only', async () => {
    process.env.KIT_SANDBOX_TEST_SECRET = 'do-not-leak';
    try {
      const { root, run } = commandTool({ env: { CI: 'true', LANG: 'en_US.UTF-8' } });
      const { stdout } = await run({ command: 'env' });
      const variables = Object.fromEntries(
        stdout
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      // The shell adds PWD (and may add SHLVL and _) by itself.
      const { PWD, SHLVL, _, ...passed } = variables;
      expect(PWD).toBe(root);
      expect(passed).toEqual({ PATH: process.env.PATH, HOME: root, LANG: 'en_US.UTF-8', CI: 'true' });
      expect(stdout).not.toContain('do-not-leak');
    } finally {
      delete process.env.KIT_SANDBOX_TEST_SECRET;
    }
  });

  it('cuts stdout and stderr after maxOutputBytes each, with a note', async () => {
    const { run } = commandTool({ maxOutputBytes: 10 });
    const result = await run({ command: 'printf "%0200d" 0; printf "short" >&2' });
    expect(result.stdout).toBe(`0000000000\n[output cut: 200 bytes were written, only the first 10 are shown]`);
    expect(result.stderr).toBe('short');
    expect(result.exitCode).toBe(0);
  });

  it('kills the command with its process group at the timeout and says so', async () => {
    const { root, run } = commandTool({ commandTimeoutMs: 300 });
    const began = Date.now();
    const result = await run({ command: 'sleep 30 & echo $! > child.pid; echo started; wait' });
    const child = Number(readFileSync(join(root, 'child.pid'), 'utf8'));
    started.push(child);
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM', stdout: 'started\n' });
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(alive(child)).toBe(false);
  });

  it('ends what the command left running in the background when it exits', async () => {
    const { root, run } = commandTool();
    const result = await run({ command: 'sleep 30 > /dev/null 2>&1 & echo $! > bg.pid; echo done' });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: 'done\n' });
    const child = Number(readFileSync(join(root, 'bg.pid'), 'utf8'));
    started.push(child);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(child)).toBe(false);
  });

  it('is killed when the loop aborts the call', async () => {
    const { run } = commandTool();
    const sandbox = createFileSandbox({ root: tempFolder() });
    const tool = sandbox.tools.find((candidate) => candidate.name === 'run_command')!;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const execute = tool.execute as (args: Record<string, unknown>, context: { signal: AbortSignal }) => Promise<unknown>;
    const error = await failure(execute({ command: 'sleep 30' }, { signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect((await run({ command: 'true' })).exitCode).toBe(0);
  });

  it('has a loop timeout past its own, so the model gets the timed-out result', () => {
    const sandbox = createFileSandbox({ root: tempFolder(), commandTimeoutMs: 10_000 });
    expect(sandbox.tools.find((tool) => tool.name === 'run_command')!.timeout).toBeGreaterThan(12_000);
  });
});
