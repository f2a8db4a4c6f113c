import type { Context } from '@opentelemetry/api';
import type { KitAIErrorCode } from '../errors/kit-ai-error.js';
import type { LLMProvider } from '../llm/types.js';
import type { ToolArgs } from '../tools/types.js';
import { validateArgs } from '../tools/validate-args.js';
import { inToolCallSpan } from './agent-spans.js';
import type { Callable } from './callable.js';
import type { CallOutcome, IdentifiedCall } from './call-outcome.js';
import { isCallHeld, type CallHeldError } from '../errors/call-held-error.js';

function capitalised(kind: 'tool' | 'task'): string {
  return kind === 'tool' ? 'Tool' : 'Task';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks a call's arguments before it runs: with the callable's `validate` when it has one, else
 * against its `parameters` with `validateArgs` (every problem, joined by `; `). Returns the error
 * text the model sees (`Invalid arguments for <name>: a; b`), or `undefined` when they are valid.
 */
export function checkArguments(callable: Callable, args: ToolArgs): string | undefined {
  if (callable.validate) {
    let verdict;
    try {
      verdict = callable.validate(args);
    } catch (error) {
      return `Invalid arguments for ${callable.name}: ${messageOf(error)}`;
    }
    return verdict.valid ? undefined : `Invalid arguments for ${callable.name}: ${verdict.error ?? 'rejected by validate'}`;
  }
  if (!callable.parameters) return undefined;
  const report = validateArgs(args, callable.parameters);
  return report.valid ? undefined : `Invalid arguments for ${callable.name}: ${report.errors.map((issue) => issue.message).join('; ')}`;
}

/** What `executeCall` needs besides the callable and the call. */
export interface ExecuteContext {
  goal: string;
  iteration: number;
  llm: LLMProvider;
  /** Aborts the call's own signal too: the loop ends a background task with it. */
  signal?: AbortSignal;
  /** The trace context the call's span starts from (the run's), when tracing is on. */
  traceParent?: Context;
}

/**
 * Runs one call whose arguments are valid and which its before-hook allowed: `invoke`, bounded by the
 * callable's `timeout` (the call's signal is aborted when it fires; a tool's promise is abandoned) and
 * by `context.signal`, which aborts the call's signal with it (the outcome still waits for the call).
 * A throw or a timeout is an `error` outcome (`Tool <name> failed: <message>`,
 * `Tool <name> timed out after <n> ms`), marked as a hard failure when `failureMode` is `hard`.
 */
export function executeCall(callable: Callable, call: IdentifiedCall, context: ExecuteContext): Promise<CallOutcome> {
  return inToolCallSpan(call, callable.kind, context.traceParent, () => runCall(callable, call, context));
}

async function runCall(callable: Callable, call: IdentifiedCall, context: ExecuteContext): Promise<CallOutcome> {
  const started = Date.now();
  const base = {
    call,
    kind: callable.kind,
    taskKind: callable.taskKind,
    iteration: context.iteration,
    startedAt: new Date(started).toISOString(),
  };
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (context.signal?.aborted) abort();
  else context.signal?.addEventListener('abort', abort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  let failure: { message: string; code: KitAIErrorCode } | undefined;
  let held: CallHeldError | undefined;
  let value: unknown;
  try {
    const running = callable.invoke(call.arguments, {
      callId: call.id,
      goal: context.goal,
      iteration: context.iteration,
      signal: controller.signal,
      llm: context.llm,
    });
    if (callable.timeout === undefined) value = await running;
    else {
      const limit = callable.timeout;
      value = await Promise.race([
        running,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            reject(
              Object.assign(new Error(`${capitalised(callable.kind)} ${callable.name} timed out after ${limit} ms`), { timedOut: true }),
            );
            // After the timeout has settled the race: a call that fails at once on the abort still timed out.
            controller.abort();
          }, limit);
        }),
      ]);
    }
  } catch (error) {
    const timedOut = (error as { timedOut?: boolean } | null)?.timedOut === true;
    if (isCallHeld(error)) held = error;
    else
      failure = timedOut
        ? { message: messageOf(error), code: 'tool_timeout' }
        : { message: `${capitalised(callable.kind)} ${callable.name} failed: ${messageOf(error)}`, code: 'tool_failed' };
  } finally {
    if (timer) clearTimeout(timer);
    context.signal?.removeEventListener('abort', abort);
  }
  const durationMs = Date.now() - started;
  // Held is neither a success nor a failure: the call did not do its work and waits for a person.
  if (held) {
    const holder = { approvalId: held.approvalId, ...(held.heldBy === undefined ? {} : { heldBy: held.heldBy }) };
    return { ...base, status: 'denied', error: held.message, held: holder, durationMs };
  }
  if (!failure) return { ...base, status: 'success', value, durationMs };
  return {
    ...base,
    status: 'error',
    error: failure.message,
    errorCode: failure.code,
    hardFailure: callable.failureMode === 'hard',
    durationMs,
  };
}

/** An `error` outcome for a call that did not run (unknown name, invalid arguments). */
export function failedBeforeRun(
  call: IdentifiedCall,
  callable: Callable | undefined,
  iteration: number,
  error: string,
  code: KitAIErrorCode,
): CallOutcome {
  return {
    call,
    kind: callable?.kind ?? 'tool',
    taskKind: callable?.taskKind ?? 'custom',
    status: 'error',
    error,
    errorCode: code,
    iteration,
    startedAt: new Date().toISOString(),
    durationMs: 0,
  };
}
