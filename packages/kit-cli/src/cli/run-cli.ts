import { resolve } from 'node:path';
import { applyEnvFile } from '../app/env-file.js';
import { shareStorePath } from '../ops/open-store.js';
import { kitCommands } from '../commands/table.js';
import { cliVersion } from '../version.js';
import { CliError, errorText } from './cli-error.js';
import type { CommandContext, CommandSpec } from './command.js';
import { exitCodes, type ExitCode } from './exit-codes.js';
import { globalOptions } from './global-options.js';
import { commandHelp, commandList, mainHelp } from './help.js';
import { colourFor, type CliIo, type CliOutput } from './io.js';
import { parseCommandArgs } from './parse-argv.js';
import { createStyle, type Style } from './style.js';
import { orList, suggestions } from './suggest.js';

interface Streams {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  readonly out: Style;
  readonly err: Style;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Global options may come before the command (`kit --root app verify`): they are moved after it. */
function splitLeadingGlobals(argv: readonly string[]): { leading: string[]; rest: string[] } {
  const leading: string[] = [];
  let index = 0;
  while (index < argv.length) {
    const arg = argv[index] as string;
    if (arg === '--no-color' || arg.startsWith('--root=')) leading.push(arg);
    else if (arg === '--root' && index + 1 < argv.length) leading.push(arg, argv[++index] as string);
    else break;
    index++;
  }
  return { leading, rest: argv.slice(index) };
}

function line(stream: CliOutput, text = ''): void {
  stream.write(`${text}\n`);
}

function unknownCommand(name: string, streams: Streams): ExitCode {
  const names = kitCommands.map((command) => command.name);
  const close = suggestions(name, names).slice(0, 3);
  const hint = close.length > 0 ? ` Did you mean ${orList(close.map((candidate) => `"${candidate}"`))}?` : '';
  line(streams.stderr, `${streams.err.red('kit:')} unknown command "${name}".${hint}`);
  line(streams.stderr);
  for (const text of commandList(kitCommands, streams.err)) line(streams.stderr, text);
  line(streams.stderr, 'Run kit --help for the options, kit <command> --help for those of a command.');
  return exitCodes.usage;
}

/** A signal for commands that follow something until stopped: the caller's, or Ctrl-C and SIGTERM. */
function stopSignal(io: CliIo): { signal: AbortSignal; dispose: () => void } {
  if (io.signal) return { signal: io.signal, dispose: () => {} };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
    },
  };
}

async function runCommand(command: CommandSpec, args: readonly string[], io: CliIo, streams: Streams): Promise<ExitCode> {
  const fail = (error: CliError): ExitCode => {
    line(streams.stderr, `${streams.err.red(`kit ${command.name}:`)} ${error.message}`);
    return error.exitCode;
  };
  let parsed;
  try {
    parsed = parseCommandArgs(command.name, args, [...command.options, ...globalOptions], command.positionals);
  } catch (error) {
    if (error instanceof CliError) return fail(error);
    throw error;
  }
  const { values } = parsed;
  if (values.get('help') === true) {
    line(streams.stdout, commandHelp(command, streams.out));
    return exitCodes.ok;
  }
  const cwd = io.cwd ?? process.cwd();
  const rootOption = values.get('root');
  const root = resolve(cwd, typeof rootOption === 'string' ? rootOption : '.');
  let env = streams.env;
  if (command.readsEnvFile) {
    try {
      env = applyEnvFile(root, env);
    } catch (error) {
      if (error instanceof CliError) return fail(error);
      throw error;
    }
    // The app's code finds its ops store where the ops commands read it, whatever the current folder.
    shareStorePath(root, env);
  }
  const stop = stopSignal(io);
  const context: CommandContext = {
    command: command.name,
    positionals: parsed.positionals,
    root,
    string: (name) => {
      const value = values.get(name);
      return typeof value === 'string' ? value : undefined;
    },
    flag: (name) => values.get(name) === true,
    list: (name) => {
      const value = values.get(name);
      return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    },
    out: (text) => line(streams.stdout, text),
    err: (text) => line(streams.stderr, text),
    style: { out: streams.out, err: streams.err },
    env,
    signal: stop.signal,
  };
  try {
    return await command.run(context);
  } catch (error) {
    if (error instanceof CliError) return fail(error);
    // A bug of kit or of a library: say so plainly; the stack is there for a bug report.
    line(streams.stderr, `${streams.err.red(`kit ${command.name}:`)} unexpected error: ${errorText(error)}`);
    if (streams.env.KIT_DEBUG && error instanceof Error && error.stack) line(streams.stderr, error.stack);
    else line(streams.stderr, 'Set KIT_DEBUG=1 to print the stack trace, and report it if it looks like a bug of kit.');
    return exitCodes.failed;
  } finally {
    stop.dispose();
  }
}

/**
 * Runs the `kit` program on a command line (the arguments after `kit`) and resolves to its exit code,
 * without exiting the process: 0 success, 1 the command ran and found failures, 2 a usage error, 3 an
 * environment problem (see `exitCodes`). Output goes to `io` (default: the process's streams); colours
 * are used only on a terminal, never with `NO_COLOR` or `--no-color`, and always with `FORCE_COLOR`.
 *
 * @example
 * ```ts
 * import { runCli } from '@kit/kit-cli';
 *
 * let output = '';
 * const code = await runCli(['add', 'api', 'hello', '--root', './my-app'], {
 *   stdout: { write: (text: string) => (output += text) },
 * });
 * console.log(code, output); // 0 "created app/routes/api/hello.api.ts ..."
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<ExitCode> {
  const env = io.env ?? process.env;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const noColor = argv.includes('--no-color');
  const streams: Streams = {
    stdout,
    stderr,
    out: createStyle(colourFor(stdout, env, noColor)),
    err: createStyle(colourFor(stderr, env, noColor)),
    env,
  };
  const { leading, rest } = splitLeadingGlobals(argv);
  const [first, ...args] = rest;
  if (first === undefined) {
    line(stderr, mainHelp(kitCommands, cliVersion(), streams.err));
    return exitCodes.usage;
  }
  if (first === 'help' && args[0] !== undefined) {
    const command = kitCommands.find((candidate) => candidate.name === args[0]);
    if (command === undefined) return unknownCommand(args[0], streams);
    line(stdout, commandHelp(command, streams.out));
    return exitCodes.ok;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    line(stdout, mainHelp(kitCommands, cliVersion(), streams.out));
    return exitCodes.ok;
  }
  if (first === '--version' || first === '-v') {
    line(stdout, cliVersion());
    return exitCodes.ok;
  }
  if (first.startsWith('-')) {
    line(
      stderr,
      `${streams.err.red('kit:')} unknown option ${first} before the command; write kit <command> [options] (run kit --help for the commands)`,
    );
    return exitCodes.usage;
  }
  const command = kitCommands.find((candidate) => candidate.name === first);
  if (command === undefined) return unknownCommand(first, streams);
  return runCommand(command, [...args, ...leading], io, streams);
}
