import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkPositiveNumber, configError, describeValue } from '../../tasks/task-options.js';
import type { AgentTool } from '../../tools/types.js';
import { fsEditTool } from './fs-edit-tool.js';
import { fsListTool } from './fs-list-tool.js';
import { fsReadTool } from './fs-read-tool.js';
import { fsWriteTool } from './fs-write-tool.js';
import { runCommandTool } from './run-command-tool.js';
import { SandboxPaths } from './sandbox-paths.js';

/** Options of `createFileSandbox`. */
export interface FileSandboxOptions {
  /** The folder the tools work in. It must exist; symbolic links in it are resolved (`realpath`) once, here. */
  root: string;
  /** Offer the `run_command` tool. Default true. */
  commands?: boolean;
  /** How long one command may run before it is killed with its process group. Default 30000. */
  commandTimeoutMs?: number;
  /** Bytes kept of a command's stdout and of its stderr each; the rest is cut with a note. Default 65536 (64 KiB). */
  maxOutputBytes?: number;
  /** Bytes `fs_read` reads of a file, and the largest file `fs_edit` changes. Default 1048576 (1 MiB). */
  maxFileBytes?: number;
  /** Variables added to the clean environment of commands (over `PATH`, `HOME` and `LANG`, which they may replace). */
  env?: Record<string, string>;
}

/** What `createFileSandbox` returns. */
export interface FileSandbox {
  /** The real path of the root folder. */
  readonly root: string;
  /** `fs_list`, `fs_read`, `fs_write`, `fs_edit` and, unless `commands` is false, `run_command`. */
  readonly tools: AgentTool[];
}

const factory = 'createFileSandbox';
const defaultCommandTimeoutMs = 30_000;
const defaultMaxOutputBytes = 65_536;
const defaultMaxFileBytes = 1_048_576;
/** File operations are local and quick; this only keeps a stuck one (a hung network mount) from holding the run. */
const fileToolTimeoutMs = 30_000;
const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkWholeBytes(field: string, value: unknown): void {
  checkPositiveNumber(factory, field, value, 'bytes');
  if (value !== undefined && !Number.isInteger(value)) {
    throw configError(factory, `${field} must be a whole number of bytes, got ${describeValue(value)}.`);
  }
}

function checkEnv(env: unknown): void {
  if (env === undefined) return;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) {
    throw configError(factory, `env must be an object of variable names to strings, got ${describeValue(env)}.`);
  }
  for (const [name, value] of Object.entries(env)) {
    if (!variableName.test(name))
      throw configError(factory, `env: ${JSON.stringify(name)} is not a variable name; use letters, digits and _.`);
    if (typeof value !== 'string' || value.includes('\0')) {
      throw configError(factory, `env.${name} must be a string without NUL bytes, got ${describeValue(value)}.`);
    }
  }
}

/** Checks the options and resolves the root; returns its real path. */
function checkOptions(options: unknown): { realRoot: string; givenRoot: string } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw configError(factory, `options must be an object, got ${describeValue(options)}.`);
  }
  const { root, commands, commandTimeoutMs, maxOutputBytes, maxFileBytes, env } = options as Record<string, unknown>;
  if (typeof root !== 'string' || root === '') throw configError(factory, `root must be the path of a folder, got ${describeValue(root)}.`);
  if (commands !== undefined && typeof commands !== 'boolean') {
    throw configError(factory, `commands must be a boolean, got ${describeValue(commands)}.`);
  }
  checkPositiveNumber(factory, 'commandTimeoutMs', commandTimeoutMs, 'milliseconds');
  checkWholeBytes('maxOutputBytes', maxOutputBytes);
  checkWholeBytes('maxFileBytes', maxFileBytes);
  checkEnv(env);
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    throw configError(factory, `root ${JSON.stringify(root)} does not exist; create the folder first.`);
  }
  if (!statSync(realRoot).isDirectory()) throw configError(factory, `root ${JSON.stringify(root)} is a file, not a folder.`);
  return { realRoot, givenRoot: resolve(root) };
}

/**
 * Tools that let an agent work on the files of one folder: `fs_list`, `fs_read`, `fs_write`, `fs_edit`
 * and `run_command`. The harness makes one per run execution; any code can use one with `createSmartAgent`.
 *
 * Every path the model gives is resolved against the root, and the tools refuse, with
 * `KitAIError('sandbox_refused')` and a message naming what is allowed, absolute paths outside the root,
 * `..` escapes, NUL bytes, and symbolic links anywhere along the path that lead outside the root or
 * nowhere (for a new file, the real path of the deepest existing folder is checked). Nothing outside the
 * root is read or written by the `fs_` tools.
 *
 * `run_command` runs a command line with `/bin/sh -c` in the root (or a folder inside it), with a clean
 * environment (`PATH`, `HOME` = the root, `LANG=C.UTF-8`, plus `env`), no stdin, output capped at
 * `maxOutputBytes` per stream, and a time limit at which the command's whole process group is killed;
 * what it leaves running in the background is killed when it exits. A non-zero exit is a result, not an
 * error.
 *
 * This is NOT operating-system isolation. The path checks bind the `fs_` tools only: a command runs as the
 * user of this process and can read and write anything that user can (`cat /etc/passwd`, `rm -rf ~`), and
 * can open network connections. The sandbox is a convenience boundary for paths, plus a clean environment
 * and time and output caps. To isolate an agent, run the worker in a container or a virtual machine that
 * holds nothing else, or leave commands out with `commands: false`.
 *
 * Bad options throw `KitAIError('invalid_config')`; a root that does not exist is one.
 *
 * @example
 * ```ts
 * import { createFileSandbox, createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * // A checkout the agent may change; commands get CI=true besides PATH, HOME and LANG.
 * const sandbox = createFileSandbox({ root: '/srv/work/run-42', commandTimeoutMs: 120_000, env: { CI: 'true' } });
 * const agent = createSmartAgent({ llm, tools: sandbox.tools });
 * const result = await agent.run('Make `npm test` pass; change only files under src/.');
 * console.log(result.status);
 * ```
 */
export function createFileSandbox(options: FileSandboxOptions): FileSandbox {
  const { realRoot, givenRoot } = checkOptions(options);
  const paths = new SandboxPaths(realRoot, givenRoot);
  const maxFileBytes = options.maxFileBytes ?? defaultMaxFileBytes;
  const tools = [
    fsListTool(paths, fileToolTimeoutMs),
    fsReadTool(paths, maxFileBytes, fileToolTimeoutMs),
    fsWriteTool(paths, fileToolTimeoutMs),
    fsEditTool(paths, maxFileBytes, fileToolTimeoutMs),
  ];
  if (options.commands !== false) {
    tools.push(
      runCommandTool(paths, {
        timeoutMs: options.commandTimeoutMs ?? defaultCommandTimeoutMs,
        maxOutputBytes: options.maxOutputBytes ?? defaultMaxOutputBytes,
        env: { ...options.env },
      }),
    );
  }
  return { root: realRoot, tools };
}
