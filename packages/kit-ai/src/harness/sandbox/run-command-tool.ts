import { KitAIError } from '../../errors/kit-ai-error.js';
import { createDeadline } from '../../llm/deadline.js';
import { processStopMs, runProcess } from '../../tasks/run-process.js';
import type { AgentTool } from '../../tools/types.js';
import { commandEnvironment } from './command-environment.js';
import type { SandboxPaths } from './sandbox-paths.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';

/** What `run_command` returns: a non-zero exit is a result for the model to read, not an error. */
export interface CommandResult {
  /** The exit code; `null` when a signal ended the command. */
  exitCode: number | null;
  /** The signal that ended it (`SIGTERM` at the timeout, ...), else `null`. */
  signal: string | null;
  /** The command ran past the sandbox's `commandTimeoutMs` and was killed with its children. */
  timedOut: boolean;
  /** Standard output, cut after `maxOutputBytes` with a note saying so. */
  stdout: string;
  /** Standard error, cut the same way. */
  stderr: string;
  durationMs: number;
}

/** How `run_command` runs: the sandbox's settings. */
export interface CommandSettings {
  timeoutMs: number;
  maxOutputBytes: number;
  env: Readonly<Record<string, string>>;
}

interface CommandArgs {
  command: string;
  cwd?: string;
}

function withCutNote(text: string, written: number, kept: number): string {
  if (written <= kept) return text;
  return `${text}\n[output cut: ${written} bytes were written, only the first ${kept} are shown]`;
}

/**
 * `run_command`: one shell command line, run by `/bin/sh -c` in the sandbox root or a folder inside it,
 * with a clean environment, no stdin, a time limit and capped output. The command's process group is
 * killed at the time limit, and whatever it left running in the background is killed when it exits, so
 * nothing it started outlives the call.
 */
export function runCommandTool(paths: SandboxPaths, settings: CommandSettings): AgentTool {
  const { timeoutMs, maxOutputBytes, env } = settings;
  const seconds = Math.round(timeoutMs / 100) / 10;
  return sandboxTool<CommandArgs>({
    name: 'run_command',
    description: `Run a shell command line (/bin/sh -c, so pipes, redirections and && work) in the sandbox root, or in cwd, a folder inside it. The environment is clean: PATH, HOME (the sandbox root), LANG and the variables the sandbox sets. There is no input; the command is killed after ${seconds} s, and anything it leaves running in the background is stopped when it exits (run a server and its client in one command). Returns the exit code, stdout and stderr (each cut after ${maxOutputBytes} bytes); a non-zero exit code is returned, not an error.`,
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1, description: 'The command line, for example "npm test -- --run 2>&1 | tail -n 40".' },
        cwd: { type: 'string', description: 'The folder to run in, relative to the sandbox root. Default ".", the root.' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    // The loop's own limit comes after the command's, so the model gets the timed-out result rather than a bare timeout.
    timeout: timeoutMs + processStopMs + 1_000,
    async run({ command, cwd = '.' }, context): Promise<CommandResult> {
      const folder = await paths.folder('run_command', cwd);
      const deadline = createDeadline({
        signal: context.signal,
        timeoutMs,
        timeoutError: () => new KitAIError('tool_timeout', `run_command: the command ran past ${timeoutMs} ms and was killed.`),
        abortError: (reason) => new KitAIError('aborted', 'run_command: the call was canceled and the command killed.', { cause: reason }),
      });
      try {
        const outcome = await runProcess({
          file: '/bin/sh',
          argv: ['-c', command],
          cwd: folder.real,
          env: commandEnvironment(paths.root, env),
          maxOutputBytes,
          signal: deadline.signal,
          killGroupOnExit: true,
        });
        if (outcome.startError)
          throw toolFailure('run_command', `cannot start /bin/sh: ${outcome.startError.message}.`, outcome.startError);
        const fired = deadline.reason();
        if (fired?.code === 'aborted') throw fired;
        return {
          exitCode: outcome.exitCode,
          signal: outcome.signal,
          timedOut: fired?.code === 'tool_timeout',
          stdout: withCutNote(outcome.stdout, outcome.stdoutBytes, maxOutputBytes),
          stderr: withCutNote(outcome.stderr, outcome.stderrBytes, maxOutputBytes),
          durationMs: outcome.durationMs,
        };
      } finally {
        deadline.dispose();
      }
    },
  });
}
