import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKitInProcess } from '../testing/temp-app.js';
import { kitCommands } from '../commands/table.js';
import { cliVersion } from '../version.js';

let empty: string;
beforeAll(async () => {
  empty = await mkdtemp(join(tmpdir(), 'kit-cli-empty-'));
});
afterAll(() => rm(empty, { recursive: true, force: true }));

const run = (args: readonly string[], options: { env?: Record<string, string>; isTTY?: boolean } = {}) =>
  runKitInProcess(args, { cwd: empty, ...options });
const ansi = /\u001b\[\d+m/;

describe('kit --help and --version', () => {
  it('lists every command by group, the options and the exit codes, and exits 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`kit ${cliVersion()}: the command-line program of the kit framework`);
    expect(lines).toContain('Develop:');
    expect(lines).toContain('  dev            Development server with hot reload');
    expect(lines).toContain('  verify         Runs the 8-step verification cascade');
    expect(lines).toContain('  db:migrate     Generates a migration from model changes');
    expect(lines).toContain('  deploy:init    Generates deployment files');
    expect(lines).toContain('  ops:tail       Follows new events of the ops store');
    expect(lines).toContain(
      'Exit codes: 0 success, 1 the command ran and found failures, 2 usage error, 3 environment problem (no app, database or store).',
    );
    for (const command of kitCommands) expect(result.stdout).toContain(`  ${command.name} `);
    expect((await run(['-h'])).stdout).toBe(result.stdout);
    expect((await run(['help'])).stdout).toBe(result.stdout);
  });

  it('prints the version alone', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${cliVersion()}\n`, stderr: '' });
    expect((await run(['-v'])).stdout).toBe(`${cliVersion()}\n`);
    expect(cliVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints the help to standard error and exits 2 without a command', async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: kit <command> [options]');
  });

  it.each(kitCommands.map((command) => command.name))('kit %s --help shows its usage, options and exit codes', async (name) => {
    const result = await run([name, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`Usage: kit ${name}`)).toBe(true);
    expect(result.stdout).toContain('\nOptions:\n');
    expect(result.stdout).toContain('  --root <dir>');
    expect(result.stdout).toContain('Exit codes: 0 success');
    expect((await run(['help', name])).stdout).toBe(result.stdout);
  });
});

describe('usage errors exit 2', () => {
  it('an unknown command names the closest ones and lists the commands', async () => {
    const result = await run(['db:migrat']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe('kit: unknown command "db:migrat". Did you mean "db:migrate"?');
    expect(lines).toContain('  db:status      Shows migration status');
    expect(lines.at(-2)).toBe('Run kit --help for the options, kit <command> --help for those of a command.');
    expect((await run(['db'])).stderr.split('\n')[0]).toBe(
      'kit: unknown command "db". Did you mean "db:push", "db:status" or "db:migrate"?',
    );
    expect((await run(['frobnicate'])).stderr.split('\n')[0]).toBe('kit: unknown command "frobnicate".');
  });

  it('an unknown option names the closest one', async () => {
    expect(await run(['verify', '--jsn'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'kit verify: unknown option --jsn; did you mean --json? (run kit verify --help for its options)\n',
    });
    expect((await run(['--bogus'])).stderr).toBe(
      'kit: unknown option --bogus before the command; write kit <command> [options] (run kit --help for the commands)\n',
    );
  });

  it('an option without its value, a flag with one, a missing or extra argument', async () => {
    expect((await run(['db:push', '--lock-timeout'])).stderr).toBe(
      'kit db:push: --lock-timeout needs a value: --lock-timeout <ms> (run kit db:push --help for its options)\n',
    );
    expect((await run(['db:migrate', '--name', '--check'])).stderr).toBe(
      'kit db:migrate: --name needs a value: --name <text> (run kit db:migrate --help for its options)\n',
    );
    expect((await run(['ops:events', '--json=1'])).stderr).toBe(
      'kit ops:events: --json takes no value, got --json=1; write --json alone\n',
    );
    expect((await run(['add', 'api'])).stderr).toBe('kit add: missing <name> (run kit add --help for its options)\n');
    expect((await run(['verify', 'now'])).stderr).toBe(
      'kit verify: unexpected argument "now"; it takes no arguments (run kit verify --help for its options)\n',
    );
    for (const args of [
      ['db:push', '--lock-timeout'],
      ['add', 'api'],
      ['verify', 'now'],
    ])
      expect((await run(args)).code).toBe(2);
  });
});

describe('environment problems exit 3', () => {
  it('a folder that is not an app', async () => {
    const result = await run(['verify']);
    expect(result).toEqual({
      code: 3,
      stdout: '',
      stderr: `kit verify: ${empty} is not a kit app (it has no package.json); run the command in your app's folder, pass --root <dir>, or create an app with npx create-kit-app\n`,
    });
    expect((await run(['db:status', '--root', join(empty, 'nowhere')])).stderr).toBe(
      `kit db:status: there is no folder ${join(empty, 'nowhere')}; run the command in your app's folder or pass --root <dir>\n`,
    );
    expect((await run(['--root', join(empty, 'nowhere'), 'db:status'])).code).toBe(3);
  });
});

describe('colours', () => {
  it('are off when the output is not a terminal', async () => {
    expect((await run(['--help'])).stdout).not.toMatch(ansi);
    expect((await run(['frob'])).stderr).not.toMatch(ansi);
  });

  it('are on for a terminal', async () => {
    expect((await run(['--help'], { isTTY: true })).stdout).toMatch(ansi);
    expect((await run(['frob'], { isTTY: true })).stderr).toMatch(ansi);
  });

  it('are off with NO_COLOR or --no-color, even on a terminal, and on with FORCE_COLOR', async () => {
    expect((await run(['--help'], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toMatch(ansi);
    expect((await run(['frob', '--no-color'], { isTTY: true })).stderr).not.toMatch(ansi);
    expect((await run(['--no-color', '--help'], { isTTY: true })).stdout).not.toMatch(ansi);
    expect((await run(['--help'], { env: { FORCE_COLOR: '1' } })).stdout).toMatch(ansi);
    expect((await run(['--help'], { isTTY: true, env: { FORCE_COLOR: '0' } })).stdout).not.toMatch(ansi);
    expect((await run(['--help'], { isTTY: true, env: { TERM: 'dumb' } })).stdout).not.toMatch(ansi);
  });
});
