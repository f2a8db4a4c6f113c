import type { LLMProvider } from '../llm/types.js';
import type { AgentTask, AgentTaskKind, AgentTool, FailureMode, ToolArgs, ToolValidationResult } from '../tools/types.js';

/** What a call gets besides its arguments (tasks see it as `AgentTaskExecutionContext`). */
export interface InvokeContext {
  callId: string;
  goal: string;
  iteration: number;
  signal: AbortSignal;
  llm: LLMProvider;
}

/**
 * A tool or a task seen the same way by the loop: the model calls both by name, and they share one
 * namespace, validation, timeouts, failure modes and scheduling.
 */
export interface Callable {
  kind: 'tool' | 'task';
  name: string;
  description: string;
  parameters: Record<string, unknown> | undefined;
  concurrencySafe: boolean;
  failureMode: FailureMode;
  timeout: number | undefined;
  /** `custom` for tools, the task's kind (default `custom`) for tasks. */
  taskKind: AgentTaskKind;
  validate: ((args: ToolArgs) => ToolValidationResult) | undefined;
  invoke(args: ToolArgs, context: InvokeContext): Promise<unknown>;
  /** Meta tools (`load_tools`, `activate_skill`) are always offered in full, even in a deferred catalog. */
  alwaysLoaded: boolean;
}

/** The fields tools and tasks declare alike, with the same defaults for both. */
function declared(
  entry: AgentTool | AgentTask,
): Pick<Callable, 'name' | 'description' | 'parameters' | 'concurrencySafe' | 'failureMode' | 'timeout'> {
  return {
    name: entry.name,
    description: entry.description,
    parameters: entry.parameters,
    concurrencySafe: entry.isConcurrencySafe === true,
    failureMode: entry.failureMode ?? 'soft',
    timeout: entry.timeout,
  };
}

/** Wraps an `AgentTool`. */
export function toolCallable(tool: AgentTool, alwaysLoaded = false): Callable {
  return {
    kind: 'tool',
    ...declared(tool),
    taskKind: 'custom',
    validate: tool.validate ? (args) => tool.validate!(args) : undefined,
    invoke: (args, { callId, goal, iteration, signal }) => tool.execute(args, { callId, goal, iteration, signal }),
    alwaysLoaded,
  };
}

/** Wraps an `AgentTask`; its `execute` receives the call's `AgentTaskExecutionContext`. */
export function taskCallable(task: AgentTask): Callable {
  return {
    kind: 'task',
    ...declared(task),
    taskKind: task.kind ?? 'custom',
    validate: undefined,
    invoke: (args, context) => task.execute(args, { ...context }),
    alwaysLoaded: false,
  };
}
