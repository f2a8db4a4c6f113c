import { KitAIError } from '../../errors/kit-ai-error.js';
import type { AgentTool, ToolArgs } from '../../tools/types.js';
import { validateArgs } from '../../tools/validate-args.js';

/**
 * What a sandbox tool's `execute` may receive besides its arguments. Only the signal is read, and it is
 * optional, so the tools work both with the agent loop (which aborts it at the tool's `timeout`) and with
 * code that calls `execute` directly.
 */
export interface SandboxCallContext {
  signal?: AbortSignal;
}

/** A sandbox tool as its file declares it: `run` receives arguments already checked against `parameters`. */
export interface SandboxToolSpec<Args> {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  isConcurrencySafe: boolean;
  timeout?: number;
  run(args: Args, context: SandboxCallContext): Promise<unknown>;
}

/**
 * Makes the `AgentTool` of a sandbox tool. `execute` checks the arguments against the schema itself too:
 * the agent loop does so before calling it, but a harness or a test may call `execute` directly, and the
 * path and origin checks must never see a value of the wrong type.
 */
export function sandboxTool<Args>(spec: SandboxToolSpec<Args>): AgentTool {
  const { name, description, parameters, isConcurrencySafe, timeout, run } = spec;
  return {
    name,
    description,
    parameters,
    isConcurrencySafe,
    failureMode: 'soft',
    ...(timeout === undefined ? {} : { timeout }),
    async execute(args: ToolArgs, context?: SandboxCallContext): Promise<unknown> {
      const report = validateArgs(args ?? {}, parameters);
      if (!report.valid) {
        throw new KitAIError('invalid_arguments', `${name}: ${report.errors.map((issue) => issue.message).join('; ')}.`, {
          issues: report.errors,
        });
      }
      return run((args ?? {}) as Args, context ?? {});
    },
  };
}

/** The error of a request the sandbox will not carry out: `message` says what was refused and what is allowed. */
export function sandboxRefusal(tool: string, message: string): KitAIError {
  return new KitAIError('sandbox_refused', `${tool}: ${message}`);
}

/** The error of a call the sandbox allowed but that failed (a missing file, an element not found, a page that did not load). */
export function toolFailure(tool: string, message: string, cause?: unknown): KitAIError {
  return new KitAIError('tool_failed', `${tool}: ${message}`, cause === undefined ? {} : { cause });
}
