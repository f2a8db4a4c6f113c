import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidConfig } from '../testing/config-cases.js';
import { failure } from '../testing/failure.js';
import { taskContext } from '../testing/task-context.js';
import { createShellTask, type ShellTaskResult } from './shell-task.js';

const node = process.execPath;

/** Whether a process runs; a zombie (killed, not yet reaped by an init that never reaps) counts as ended. */
async function alive(pid: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  if (status !== undefined) return !/^State:\s+Z/m.test(status);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
const printArgv = 'console.log(JSON.stringify(process.argv.slice(1)))';
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'kit-shell-task-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('createShellTask', () => {
  it('passes arguments as argv items, never through a shell', async () => {
    const task = createShellTask({
      name: 'echo_args',
      description: 'Echo.',
      command: node,
      args: ['-e', printArgv, '{text}', 'n={count}', '{files}', '{{literal}}'],
    });
    expect(task.kind).toBe('shell');
    const hostile = 'a b; echo pwned $(whoami) `id` > /tmp/x';
    const result = (await task.execute({ text: hostile, count: 3, files: ['one two', 'three'] }, taskContext())) as ShellTaskResult;
    expect(JSON.parse(result.stdout)).toEqual([hostile, 'n=3', 'one two', 'three', '{literal}']);
    expect(result).toMatchObject({ exitCode: 0, signal: null, stderr: '', timedOut: false, truncated: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('derives parameters from the template placeholders', () => {
    const task = createShellTask({
      name: 'git_log',
      description: 'Log.',
      command: 'git',
      args: ['log', '-n', '{count}', '--author={author}', '{count}'],
    });
    const scalar = { type: ['string', 'number', 'boolean'] };
    const property = { anyOf: [scalar, { type: 'array', items: scalar }] };
    expect(task.parameters).toEqual({
      type: 'object',
      properties: { count: property, author: property },
      required: ['count', 'author'],
      additionalProperties: false,
    });
    expect(createShellTask({ name: 'f', description: 'F.', command: 'ls', args: () => [] }).parameters).toEqual({ type: 'object' });
    const own = { type: 'object', properties: { dir: { type: 'string' } } };
    expect(createShellTask({ name: 'g', description: 'G.', command: 'ls', args: ['{dir}'], parameters: own }).parameters).toBe(own);
  });

  it('builds argv with a function when given one', async () => {
    const task = createShellTask({
      name: 'fn',
      description: 'Fn.',
      command: node,
      args: (args) => ['-e', printArgv, '--', ...(args.verbose ? ['--verbose'] : [])],
    });
    expect(JSON.parse(((await task.execute({ verbose: true }, taskContext())) as ShellTaskResult).stdout)).toEqual(['--verbose']);
    expect(JSON.parse(((await task.execute({}, taskContext())) as ShellTaskResult).stdout)).toEqual([]);
    const broken = createShellTask({ name: 'broken', description: 'B.', command: node, args: () => 'no' as unknown as string[] });
    expect((await failure(broken.execute({}, taskContext()))).code).toBe('invalid_config');
  });

  it('fails a missing template argument with invalid_arguments', async () => {
    const task = createShellTask({ name: 'need', description: 'Need.', command: node, args: ['{path}'] });
    const error = await failure(task.execute({}, taskContext()));
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toBe(
      'createShellTask "need": the argument "path" is missing, but the command template uses {path}; pass it in the call.',
    );
    const list = createShellTask({ name: 'list', description: 'List.', command: node, args: ['--files={files}'] });
    expect((await failure(list.execute({ files: ['a'] }, taskContext()))).message).toContain(
      'a list can only fill an item that is exactly {files}',
    );
  });

  it('fails a non-zero exit with tool_failed showing the end of stderr, unless allowNonZeroExit', async () => {
    const script = 'process.stdout.write("partial"); process.stderr.write("fatal: bad revision\\n"); process.exit(3)';
    const task = createShellTask({ name: 'fails', description: 'Fails.', command: node, args: ['-e', script] });
    const error = await failure(task.execute({}, taskContext()));
    expect(error.code).toBe('tool_failed');
    expect(error.message).toMatch(/^createShellTask "fails": .+ exited with code 3; stderr: fatal: bad revision$/);
    const result = error.cause as ShellTaskResult;
    expect(result.stdout).toBe('partial');

    const tolerant = createShellTask({ name: 'tolerant', description: 'T.', command: node, args: ['-e', script], allowNonZeroExit: true });
    expect(await tolerant.execute({}, taskContext())).toMatchObject({
      exitCode: 3,
      stdout: 'partial',
      stderr: 'fatal: bad revision\n',
      timedOut: false,
    });
  });

  it('kills the process at timeoutMs: tool_timeout, or a timed-out result with allowNonZeroExit', async () => {
    const sleeper = ['-e', 'process.stdout.write("started"); setTimeout(() => {}, 20000)'];
    const task = createShellTask({ name: 'slow', description: 'Slow.', command: node, args: sleeper, timeoutMs: 300 });
    const started = Date.now();
    const error = await failure(task.execute({}, taskContext()));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.code).toBe('tool_timeout');
    expect(error.message).toContain('createShellTask "slow" did not finish within 300 ms (timeoutMs)');
    expect(error.message).toContain('stdout: started');

    const tolerant = createShellTask({
      name: 'slow2',
      description: 'Slow.',
      command: node,
      args: sleeper,
      timeoutMs: 300,
      allowNonZeroExit: true,
    });
    expect(await tolerant.execute({}, taskContext())).toMatchObject({
      exitCode: null,
      signal: 'SIGTERM',
      stdout: 'started',
      timedOut: true,
    });
  });

  it('kills the whole process group when the run is canceled', async () => {
    const pidFile = join(directory, 'grandchild.pid');
    const grandchild = `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setTimeout(() => {}, 20000)`;
    const wrapper = createShellTask({
      name: 'wrapper',
      description: 'Starts a background child.',
      command: '"$KIT_NODE" -e "$1" & wait',
      args: ['{script}'],
      shell: true,
      env: { KIT_NODE: node },
    });
    const controller = new AbortController();
    const running = failure(wrapper.execute({ script: grandchild }, taskContext({ signal: controller.signal })));
    let pid = '';
    for (let attempt = 0; attempt < 200 && pid === ''; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      pid = await readFile(pidFile, 'utf8').catch(() => '');
    }
    expect(pid).not.toBe('');
    const started = Date.now();
    controller.abort(new Error('user stopped the run'));
    const error = await running;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.code).toBe('aborted');
    expect(error.message).toBe(`createShellTask "wrapper" was canceled: its context.signal was aborted.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await alive(Number(pid))).toBe(false);
  });

  it('does not start when the run is already canceled', async () => {
    const marker = join(directory, 'never-written');
    const task = createShellTask({
      name: 'never',
      description: 'N.',
      command: node,
      args: ['-e', `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`],
    });
    expect((await failure(task.execute({}, taskContext({ signal: AbortSignal.abort() })))).code).toBe('aborted');
    await expect(readFile(marker, 'utf8')).rejects.toThrow();
  });

  it('runs a shell script with the arguments as positional parameters when shell is true', async () => {
    const task = createShellTask({
      name: 'sh',
      description: 'Sh.',
      command: 'printf "%s|" "$0" "$@" | tr a-z A-Z',
      args: ['{text}', 'second'],
      shell: true,
    });
    const result = (await task.execute({ text: 'x; echo pwned' }, taskContext())) as ShellTaskResult;
    expect(result.stdout).toBe('SH|X; ECHO PWNED|SECOND|');
  });

  it('keeps maxOutputBytes of each stream and reads the rest', async () => {
    const task = createShellTask({
      name: 'loud',
      description: 'Loud.',
      command: node,
      args: ['-e', 'process.stdout.write("x".repeat(300000)); process.stderr.write("e".repeat(50))'],
      maxOutputBytes: 100,
    });
    const result = (await task.execute({}, taskContext())) as ShellTaskResult;
    expect(result.stdout).toBe('x'.repeat(100));
    expect(result.stderr).toBe('e'.repeat(50));
    expect(result.truncated).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  it('runs in cwd with env over the inherited environment, or env alone', async () => {
    const script = 'console.log(JSON.stringify({ cwd: process.cwd(), a: process.env.KIT_A ?? null, home: process.env.KIT_HOME ?? null }))';
    process.env.KIT_HOME = 'inherited';
    try {
      const task = createShellTask({
        name: 'env',
        description: 'Env.',
        command: node,
        args: ['-e', script],
        cwd: directory,
        env: { KIT_A: 'set' },
      });
      expect(JSON.parse(((await task.execute({}, taskContext())) as ShellTaskResult).stdout)).toEqual({
        cwd: directory,
        a: 'set',
        home: 'inherited',
      });
      const removed = createShellTask({
        name: 'env2',
        description: 'Env.',
        command: node,
        args: ['-e', script],
        env: { KIT_HOME: undefined },
      });
      expect(JSON.parse(((await removed.execute({}, taskContext())) as ShellTaskResult).stdout).home).toBeNull();
      const isolated = createShellTask({
        name: 'env3',
        description: 'Env.',
        command: node,
        args: ['-e', script],
        env: { KIT_A: 'only' },
        inheritEnv: false,
      });
      expect(JSON.parse(((await isolated.execute({}, taskContext())) as ShellTaskResult).stdout)).toMatchObject({ a: 'only', home: null });
    } finally {
      delete process.env.KIT_HOME;
    }
  });

  it('fails with tool_failed when the program cannot start or cwd is missing', async () => {
    const missing = createShellTask({ name: 'missing', description: 'M.', command: 'kit-no-such-program-xyz' });
    const error = await failure(missing.execute({}, taskContext()));
    expect(error.code).toBe('tool_failed');
    expect(error.message).toContain(
      'createShellTask "missing": cannot start "kit-no-such-program-xyz": spawn kit-no-such-program-xyz ENOENT; check that the program is installed and on PATH.',
    );
    const badCwd = createShellTask({ name: 'badcwd', description: 'B.', command: node, cwd: join(directory, 'nope') });
    expect((await failure(badCwd.execute({}, taskContext()))).message).toContain('does not exist or is not a directory');
  });

  it('rejects bad options with invalid_config naming the value', () => {
    const base = { name: 'ok', description: 'Ok.', command: 'ls' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, timeoutMs: -1 }, 'createShellTask: task "ok": timeoutMs must be a positive number of milliseconds, got -1.'],
      [
        { ...base, name: 'has space' },
        `createShellTask: name must be 1 to 64 letters, digits, '_' or '-', got "has space"; use a name like "run_tests".`,
      ],
      [{ ...base, description: '' }, 'createShellTask: task "ok" needs a non-empty description for the model, got "".'],
      [{ ...base, command: '' }, 'createShellTask: task "ok": command must be a non-empty string'],
      [{ ...base, args: 'log -n 5' }, 'createShellTask: task "ok": args must be an array of strings'],
      [{ ...base, maxOutputBytes: 1.5 }, 'maxOutputBytes must be a whole number of bytes, got 1.5.'],
      [{ ...base, maxOutputBytes: 0 }, 'maxOutputBytes must be a positive number of bytes, got 0.'],
      [{ ...base, env: { A: 1 } }, 'env.A must be a string (or undefined to remove it), got 1.'],
      [{ ...base, shell: 'yes' }, 'shell must be a boolean, got "yes".'],
      [{ ...base, failureMode: 'loud' }, `failureMode must be 'soft' or 'hard', got "loud".`],
    ];
    expectInvalidConfig(createShellTask, cases);
  });
});
