import { createSmartAgent } from '../agent/create-smart-agent.js';
import type { AgentRunStatus, SmartAgentConfig } from '../agent/types.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { LLMOptions, LLMProvider } from '../llm/types.js';
import type { AgentTask, AgentTaskExecutionContext, AgentTool, ToolArgs } from '../tools/types.js';
import { checkBaseOptions, configError, declaredTask, describeValue, type TaskBaseOptions } from './task-options.js';
import { taskDeadline } from './task-deadline.js';

/** Options of `createSubagentTask`. */
export interface SubagentTaskOptions extends TaskBaseOptions {
  /** Builds the child's goal from the call's arguments. Default: the argument `goal` (a non-empty string). */
  goal?: (args: ToolArgs) => string;
  /** The child's own tools. Default `[]`. The parent's tools are not inherited. */
  tools?: AgentTool[];
  /** The child's own tasks (a child may have subagent tasks of its own). */
  tasks?: AgentTask[];
  /** The child's model. Default: the model of the run that calls the task (`context.llm`). */
  llm?: LLMProvider;
  /** The child's `maxIterations`. Default: the smart agent default (10). */
  maxIterations?: number;
  /** Any further configuration of the child (`prompt`, `skills`, `stopHooks`, `tokenBudget`, `hooks`, ...). */
  agent?: Omit<SmartAgentConfig, 'llm' | 'tools' | 'tasks' | 'maxIterations'>;
}

/** What a subagent task returns. */
export interface SubagentTaskResult {
  /** How the child run ended: never `fatal` (that is an error of the call). */
  status: AgentRunStatus;
  /** The child's final answer (its `AgentRunResult.result`). */
  result: unknown;
  iterations: number;
  /** How many tool calls the child made. */
  toolCalls: number;
  /** How many task calls the child made. */
  taskCalls: number;
}

const defaultGoalSchema = {
  type: 'object',
  properties: {
    goal: {
      type: 'string',
      minLength: 1,
      description: 'What the subagent must achieve, stated in full: it sees nothing else of this conversation.',
    },
  },
  required: ['goal'],
};

// Stands in for the run's model while the child's configuration is checked at creation.
const placeholderLlm: LLMProvider = {
  name: 'subagent-config-check',
  chat: async () => Promise.reject(new Error('subagent-config-check: never called')),
};

/** The model with the call's cancellation added to every request, so an in-flight answer is dropped at once. */
function cancellable(llm: LLMProvider, signal: AbortSignal): LLMProvider {
  const withSignal = (options: LLMOptions | undefined): LLMOptions => ({
    ...options,
    signal: options?.signal ? AbortSignal.any([options.signal, signal]) : signal,
  });
  const wrapped: LLMProvider = { name: llm.name, chat: (messages, options) => llm.chat(messages, withSignal(options)) };
  if (llm.stream) {
    const stream = llm.stream.bind(llm);
    wrapped.stream = (messages, options) => stream(messages, withSignal(options));
  }
  return wrapped;
}

function checkSubagentOptions(options: unknown): asserts options is SubagentTaskOptions {
  const factory = 'createSubagentTask';
  checkBaseOptions(factory, options);
  const { name, goal, tools, tasks, llm, maxIterations, agent } = options as SubagentTaskOptions & Record<string, unknown>;
  const label = `task "${name}"`;
  if (goal !== undefined && typeof goal !== 'function')
    throw configError(
      factory,
      `${label}: goal must be a function of the call's arguments returning the child's goal, got ${describeValue(goal)}.`,
    );
  if (llm !== undefined && (typeof llm !== 'object' || llm === null || typeof (llm as { chat?: unknown }).chat !== 'function')) {
    throw configError(
      factory,
      `${label}: llm must be an LLMProvider (an object with name and chat()), got ${describeValue(llm)}; leave it out to use the calling run's model.`,
    );
  }
  if (agent !== undefined && (typeof agent !== 'object' || agent === null || Array.isArray(agent))) {
    throw configError(factory, `${label}: agent must be an object of further SmartAgentConfig fields, got ${describeValue(agent)}.`);
  }
  // The child's configuration is checked now, by the agent itself, so a bad one fails here, not mid-run.
  try {
    createSmartAgent({
      ...agent,
      llm: llm ?? placeholderLlm,
      tools: tools ?? [],
      ...(tasks === undefined ? {} : { tasks }),
      ...(maxIterations === undefined ? {} : { maxIterations }),
    });
  } catch (error) {
    if (error instanceof KitAIError) throw configError(factory, `${label}: the subagent's configuration is invalid: ${error.message}`);
    throw error;
  }
}

/**
 * A task that delegates to a child smart agent (`createSmartAgent`) with its own tools, tasks and
 * configuration. The child's goal is the call's `goal` argument (default `parameters`:
 * `{ goal: string }`, required), or what `options.goal(args)` builds. Its model is `options.llm`, or the
 * calling run's model. Each call runs a fresh child from the start.
 *
 * Result: `{ status, result, iterations, toolCalls, taskCalls }` of the child run (counts, not records).
 * A child ending `fatal` fails the call with `KitAIError('tool_failed')` carrying the child's error; any
 * other ending (`completed`, `max_iterations`, `approval_required`, `paused`, `canceled` by its own hooks) is
 * returned, so the parent model can read `status`. An aborted `context.signal` and `timeoutMs` cancel the child: the
 * call fails at once with `aborted` or `tool_timeout`, the child's pending model request is aborted and the
 * child stops at its next control point. The child's configuration is checked when the task is made
 * (`KitAIError('invalid_config')`).
 *
 * @example
 * ```ts
 * import { createSmartAgent, createSubagentTask, type AgentTool, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * declare const searchDocs: AgentTool;
 * const researcher = createSubagentTask({
 *   name: 'research',
 *   description: 'Delegate a research question; returns a short answer with sources.',
 *   tools: [searchDocs],
 *   maxIterations: 6,
 *   timeoutMs: 120_000,
 *   agent: { prompt: { base: 'You research questions in the documentation and cite page titles.' } },
 * });
 * const lead = createSmartAgent({ llm, tools: [], tasks: [researcher] });
 * // The lead model calls {"tool": "research", "arguments": {"goal": "How are API keys stored?"}}.
 * ```
 */
export function createSubagentTask(options: SubagentTaskOptions): AgentTask {
  checkSubagentOptions(options);
  const { name, timeoutMs } = options;
  const tools = [...(options.tools ?? [])];
  const tasks = options.tasks ? [...options.tasks] : undefined;
  const agentConfig = { ...options.agent };
  const label = `createSubagentTask "${name}"`;

  function goalOf(args: ToolArgs): string {
    const goal: unknown = options.goal ? options.goal(args) : args.goal;
    if (typeof goal !== 'string' || goal.trim() === '') {
      throw new KitAIError(
        options.goal ? 'invalid_config' : 'invalid_arguments',
        options.goal
          ? `${label}: the goal function must return a non-empty string, got ${describeValue(goal)}.`
          : `${label}: the call needs a non-empty "goal" string, got ${describeValue(goal)}; say what the subagent must achieve.`,
        options.goal ? {} : { issues: [{ path: 'goal', message: 'goal must be a non-empty string' }] },
      );
    }
    return goal;
  }

  async function execute(args: ToolArgs, context: AgentTaskExecutionContext): Promise<SubagentTaskResult> {
    const goal = goalOf(args ?? {});
    const llm = options.llm ?? context?.llm;
    if (!llm)
      throw new KitAIError(
        'invalid_config',
        `${label}: no model: give options.llm, or run the task from a smart agent (which passes its own).`,
      );
    const deadline = taskDeadline(label, context?.signal, timeoutMs);
    try {
      const already = deadline.reason();
      if (already) throw already;
      const userControl = agentConfig.hooks?.getControlState;
      const child = createSmartAgent({
        ...agentConfig,
        llm: cancellable(llm, deadline.signal),
        tools,
        ...(tasks === undefined ? {} : { tasks }),
        ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
        hooks: {
          ...agentConfig.hooks,
          // Cancellation reaches the child at its next control point (before a model call, around tools).
          getControlState: (control) =>
            deadline.signal.aborted ? { action: 'cancel' } : userControl ? userControl(control) : { action: 'continue' },
        },
      });
      const outcome = await deadline.race(child.run(goal));
      if (outcome.status === 'fatal') {
        throw new KitAIError(
          'tool_failed',
          `${label}: the subagent failed after ${outcome.iterations} iteration(s): ${outcome.error ?? 'no error message'}`,
        );
      }
      return {
        status: outcome.status,
        result: outcome.result,
        iterations: outcome.iterations,
        toolCalls: outcome.toolCalls.length,
        taskCalls: outcome.taskCalls.length,
      };
    } finally {
      deadline.dispose();
    }
  }

  return { ...declaredTask(options, 'subagent', options.goal ? undefined : structuredClone(defaultGoalSchema)), execute };
}
