import { stat } from 'node:fs/promises';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { AgentTask, AgentTaskExecutionContext, ToolArgs } from '../tools/types.js';
import { expandTemplate, templateSchema } from './arg-template.js';
import { runProcess } from './run-process.js';
import { checkBaseOptions, checkPositiveNumber, configError, declaredTask, describeValue, type TaskBaseOptions } from './task-options.js';
import { taskDeadline } from './task-deadline.js';

/** Options of `createShellTask`. */
export interface ShellTaskOptions extends TaskBaseOptions {
  /**
   * The program to run (looked up on `PATH`), started directly, without a shell. With `shell: true`, a
   * script for `/bin/sh -c` instead.
   */
  command: string;
  /**
   * The argv items after the command: a template whose `{name}` placeholders take the call's arguments
   * (each template item gives exactly one argv item; an item that is exactly `{name}` and receives a list gives
   * one item per element; `{{` and `}}` are literal braces), or a function of the call's arguments returning
   * the argv items. Default `[]`. Arguments are never interpolated into a shell string.
   */
  args?: string[] | ((args: ToolArgs) => string[]);
  /** Working directory. Default: the current directory of the process. */
  cwd?: string;
  /** Environment variables set over the inherited ones; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Start from the parent's environment (default true) or from `env` alone (false). */
  inheritEnv?: boolean;
  /** Bytes kept of stdout and of stderr each; the rest is read and dropped and `truncated` is set. Default 1048576 (1 MiB). */
  maxOutputBytes?: number;
  /** Return the result for a non-zero exit, a kill by signal or a timeout instead of failing. Default false. */
  allowNonZeroExit?: boolean;
  /**
   * DANGEROUS. Run `command` as a script of `/bin/sh -c`: pipes, redirections and globbing work, and so
   * does every injection a shell allows, so never build `command` from model or user input. The call's
   * arguments (expanded from `args`) are still passed as separate positional parameters, `"$1"`, `"$2"`, ...
   * (`$0` is the task name), never pasted into the script. Default false.
   */
  shell?: boolean;
}

/** What a shell task returns. */
export interface ShellTaskResult {
  /** The exit code; `null` when the process was ended by a signal. */
  exitCode: number | null;
  /** The signal that ended the process (`SIGTERM`, ...), else `null`. */
  signal: string | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** The process was killed because `timeoutMs` passed. */
  timedOut: boolean;
  /** stdout or stderr was longer than `maxOutputBytes` and was cut. */
  truncated: boolean;
}

const defaultMaxOutputBytes = 1_048_576;
const tailChars = 500;

function checkShellOptions(options: unknown): asserts options is ShellTaskOptions {
  const factory = 'createShellTask';
  checkBaseOptions(factory, options);
  const { name, command, args, cwd, env, inheritEnv, maxOutputBytes, allowNonZeroExit, shell } = options as ShellTaskOptions &
    Record<string, unknown>;
  const label = `task "${name}"`;
  if (typeof command !== 'string' || command.trim() === '') {
    throw configError(factory, `${label}: command must be a non-empty string (a program such as "git"), got ${describeValue(command)}.`);
  }
  if (args !== undefined && typeof args !== 'function' && !(Array.isArray(args) && args.every((item) => typeof item === 'string'))) {
    throw configError(
      factory,
      `${label}: args must be an array of strings (a template such as ["log", "-n", "{count}"]) or a function of the call's arguments, got ${describeValue(args)}.`,
    );
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === '')) {
    throw configError(factory, `${label}: cwd must be a non-empty path, got ${describeValue(cwd)}.`);
  }
  if (env !== undefined) {
    if (typeof env !== 'object' || env === null || Array.isArray(env)) {
      throw configError(factory, `${label}: env must be an object of variable names to strings, got ${describeValue(env)}.`);
    }
    for (const [key, value] of Object.entries(env)) {
      if (value !== undefined && typeof value !== 'string') {
        throw configError(factory, `${label}: env.${key} must be a string (or undefined to remove it), got ${describeValue(value)}.`);
      }
    }
  }
  for (const [field, value] of [
    ['inheritEnv', inheritEnv],
    ['allowNonZeroExit', allowNonZeroExit],
    ['shell', shell],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean')
      throw configError(factory, `${label}: ${field} must be a boolean, got ${describeValue(value)}.`);
  }
  checkPositiveNumber(factory, `${label}: maxOutputBytes`, maxOutputBytes, 'bytes');
  if (maxOutputBytes !== undefined && !Number.isInteger(maxOutputBytes)) {
    throw configError(factory, `${label}: maxOutputBytes must be a whole number of bytes, got ${describeValue(maxOutputBytes)}.`);
  }
}

function tail(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed.length > tailChars ? `…${trimmed.slice(-tailChars)}` : trimmed;
}

function commandLine(file: string, argv: string[]): string {
  return [file, ...argv].map((part) => (/^[\w./:=@%+-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}

/**
 * A task that runs a program: the call's arguments fill an argv template (or a function builds the argv),
 * and the program is started directly with `spawn`, so arguments reach it as argv items and are never
 * read by a shell. stdin is closed; stdout and stderr are kept up to `maxOutputBytes` each.
 *
 * The call returns a `ShellTaskResult` when the program exits with code 0. A non-zero exit or a kill fails
 * with `KitAIError('tool_failed')`, a passed `timeoutMs` with `KitAIError('tool_timeout')`; the message
 * names the command line and shows the end of stderr (or stdout). With `allowNonZeroExit` all three return
 * the result instead. When `context.signal` aborts (a smart agent aborts it when the task's `timeout` passes; a caller running
 * the task directly may abort it to cancel), or `timeoutMs` passes, the process and its
 * children (its process group) get SIGTERM, then SIGKILL 2 s later; a canceled call fails with
 * `KitAIError('aborted')`. A program that cannot start (not found, bad `cwd`) fails with `tool_failed`.
 *
 * Default `parameters`: one required property per placeholder of the template (a string, number or boolean,
 * or a list of them), no others; `{ type: 'object' }` when `args` is a function. Bad options throw
 * `KitAIError('invalid_config')`.
 *
 * @example
 * ```ts
 * import { createShellTask, createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * const gitLog = createShellTask({
 *   name: 'git_log',
 *   description: 'Show the latest commits of the repository, newest first.',
 *   command: 'git',
 *   args: ['log', '--oneline', '-n', '{count}'],
 *   cwd: '/srv/app',
 *   timeoutMs: 10_000,
 * });
 * // The model calls it with { "count": 5 }; git receives the argv ['log', '--oneline', '-n', '5'].
 * const agent = createSmartAgent({ llm, tools: [], tasks: [gitLog] });
 * ```
 */
export function createShellTask(options: ShellTaskOptions): AgentTask {
  checkShellOptions(options);
  const { name, command, cwd, timeoutMs } = options;
  const template = typeof options.args === 'function' ? undefined : [...(options.args ?? [])];
  const buildArgs = typeof options.args === 'function' ? options.args : undefined;
  const env = { ...options.env };
  const inheritEnv = options.inheritEnv !== false;
  const maxOutputBytes = options.maxOutputBytes ?? defaultMaxOutputBytes;
  const allowNonZeroExit = options.allowNonZeroExit === true;
  const shell = options.shell === true;
  const label = `createShellTask "${name}"`;

  const argvOf = (args: ToolArgs): string[] => {
    if (template) return expandTemplate(label, template, args);
    const built: unknown = buildArgs!(args);
    if (!Array.isArray(built) || !built.every((item) => typeof item === 'string')) {
      throw new KitAIError('invalid_config', `${label}: the args function must return an array of strings, got ${describeValue(built)}.`);
    }
    return built;
  };

  const environment = (): NodeJS.ProcessEnv => {
    const result: NodeJS.ProcessEnv = inheritEnv ? { ...process.env } : {};
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete result[key];
      else result[key] = value;
    }
    return result;
  };

  async function execute(args: ToolArgs, context: AgentTaskExecutionContext): Promise<ShellTaskResult> {
    const argv = argvOf(args ?? {});
    const file = shell ? '/bin/sh' : command;
    const fullArgv = shell ? ['-c', command, name, ...argv] : argv;
    const shown = shell ? `/bin/sh -c ${commandLine(command, argv)}` : commandLine(command, argv);
    if (cwd !== undefined) {
      const info = await stat(cwd).catch(() => undefined);
      if (!info?.isDirectory())
        throw new KitAIError(
          'tool_failed',
          `${label}: the working directory ${JSON.stringify(cwd)} does not exist or is not a directory; create it or fix cwd.`,
        );
    }
    const deadline = taskDeadline(label, context?.signal, timeoutMs);
    try {
      const already = deadline.reason();
      if (already) throw already;
      const outcome = await runProcess({ file, argv: fullArgv, cwd, env: environment(), maxOutputBytes, signal: deadline.signal });
      const result: ShellTaskResult = {
        exitCode: outcome.exitCode,
        signal: outcome.signal,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        durationMs: outcome.durationMs,
        timedOut: deadline.reason()?.code === 'tool_timeout',
        truncated: outcome.truncated,
      };
      const fired = deadline.reason();
      if (fired?.code === 'aborted') throw fired;
      if (outcome.startError) {
        throw new KitAIError(
          'tool_failed',
          `${label}: cannot start ${JSON.stringify(file)}: ${outcome.startError.message}; check that the program is installed and on PATH.`,
          { cause: outcome.startError },
        );
      }
      if (allowNonZeroExit || (outcome.exitCode === 0 && !fired)) return result;
      const output = tail(result.stderr) || tail(result.stdout);
      const shownOutput = output === '' ? 'no output' : `${result.stderr.trim() !== '' ? 'stderr' : 'stdout'}: ${output}`;
      if (fired) throw new KitAIError('tool_timeout', `${fired.message} The command was ${shown}; ${shownOutput}`, { cause: result });
      const ending = outcome.exitCode === null ? `was killed by ${outcome.signal ?? 'a signal'}` : `exited with code ${outcome.exitCode}`;
      throw new KitAIError('tool_failed', `${label}: ${shown} ${ending}; ${shownOutput}`, { cause: result });
    } finally {
      deadline.dispose();
    }
  }

  return { ...declaredTask(options, 'shell', template ? templateSchema(template) : undefined), execute };
}
