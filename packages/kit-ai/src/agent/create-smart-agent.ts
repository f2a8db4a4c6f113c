import { KitAIError } from '../errors/kit-ai-error.js';
import { createMemoryAccessor } from '../memory/accessor.js';
import { createActivateSkillTool } from '../skills/activate-skill-tool.js';
import type { AgentCheckpoint, AgentRunResult, SmartAgent, SmartAgentConfig } from './types.js';
import type { AgentRunStream, AgentStreamOptions } from './run-events.js';
import { streamRun } from './stream-run.js';
import { taskCallable, toolCallable } from './callable.js';
import { DEFAULT_PRESERVE_TAIL } from './compaction/compact.js';
import { resolveTimeouts } from './llm-call.js';
import { postRunReporter } from './run-extras.js';
import { runAgent, type AgentSetup } from './run-loop.js';
import { resolveTokenBudget } from './token-budget.js';
import { validateConfig } from './validate-config.js';

/** The default of `maxIterations`. */
export const DEFAULT_MAX_ITERATIONS = 10;

/** The default of `maxTotalIterations`, as a multiple of `maxIterations`. */
export const DEFAULT_TOTAL_ITERATIONS_FACTOR = 10;

/**
 * Makes a smart agent: an LLM loop that works towards a goal by calling tools and tasks. The
 * configuration is checked here (`KitAIError('invalid_config')` naming the field: duplicate tool or
 * task names, a `maxIterations` that is not a positive integer, `maxConcurrency` below 1, budgets
 * that are not positive, ...), so a run never fails on it.
 *
 * Each iteration asks `getControlState` (`before_llm`), composes the system prompt (prompt layers,
 * the tool catalogue with the text call format, skills, memory, evolution strategies), compacts the
 * conversation when it outgrows `contextWindowSize`, and calls the model with the tools in
 * `LLMOptions.tools` and the token cap in `maxTokens`. Native tool calls win over calls written as
 * text (`{"tool": "<name>", "arguments": {...}}`, or an array, as the whole reply or in one fenced
 * `json` block). The calls run (arguments validated, before-hooks asked, timeouts applied,
 * concurrency-safe ones together with `streaming`), and their results go back as one user message.
 * With `backgroundTasks`, task calls start in the background instead: the loop goes on, and reports
 * each task's result before a later model call (see `SmartAgentConfig.backgroundTasks`).
 * A reply without calls is the final answer once every stop hook passes. The run ends `completed`,
 * `max_iterations` (after `maxIterations` iterations of this `run` or `resume` call, or once the run
 * has had `maxTotalIterations` in all, counted in the checkpoint's `iterations` over every call),
 * `approval_required` (a before-hook refused a call), `paused` or `canceled` (`getControlState`), or
 * `fatal` (the model failed, also after `fallbackLlm`; a tool with `failureMode: 'hard'` failed; a
 * hook threw). Every ending but `fatal` carries a fresh checkpoint; `fatal` carries the last one the
 * run could resume from (none when it failed before the first).
 *
 * `stream(goal)` runs the same loop and yields each step as it happens: the model's text in pieces
 * as the provider streams it, each complete reply, each call as it starts and ends, each checkpoint,
 * and `done` with the result (also in `result`). Leaving the loop early, or aborting `signal`,
 * cancels the run at its next control point.
 *
 * @example
 * ```ts
 * import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';
 *
 * // A scripted model: first it calls the tool, then it answers with the result.
 * const replies = ['{"tool": "lookup_order", "arguments": {"id": "A-17"}}', 'Order A-17 shipped on Monday.'];
 * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
 *
 * const lookupOrder: AgentTool = {
 *   name: 'lookup_order',
 *   description: 'Finds an order by id',
 *   parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
 *   isConcurrencySafe: true,
 *   execute: async ({ id }) => ({ id, status: 'shipped', shippedOn: 'Monday' }),
 * };
 *
 * const agent = createSmartAgent({ llm, tools: [lookupOrder], maxIterations: 5, tokenBudget: 1024 });
 * const outcome = await agent.run('Where is order A-17?');
 * console.log(outcome.status, outcome.result); // completed Order A-17 shipped on Monday.
 *
 * // The same run, watched step by step.
 * replies.push('{"tool": "lookup_order", "arguments": {"id": "A-17"}}', 'Shipped on Monday.');
 * for await (const event of agent.stream('Where is order A-17?')) {
 *   if (event.type === 'text') process.stdout.write(event.data.text);
 *   if (event.type === 'call_started') console.log(`\ncalling ${event.data.name}`);
 *   if (event.type === 'done') console.log(`\n${event.data.result.status}`);
 * }
 *
 * if (outcome.status === 'paused' && outcome.checkpoint) {
 *   const saved = JSON.stringify(outcome.checkpoint);
 *   await agent.resume(JSON.parse(saved), 'Continue.');
 * }
 * ```
 */
export function createSmartAgent(config: SmartAgentConfig): SmartAgent {
  validateConfig(config);
  // The skills meta-tool checks every skill and rejects duplicate names; do it now, not mid-run.
  if (config.skills && config.skills.length > 0) createActivateSkillTool(config.skills);
  const budget = resolveTokenBudget(config.tokenBudget);
  const maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const setup: AgentSetup = {
    config,
    maxIterations,
    maxTotalIterations: config.maxTotalIterations ?? maxIterations * DEFAULT_TOTAL_ITERATIONS_FACTOR,
    budget,
    timeouts: resolveTimeouts(config.llmTimeout),
    callables: [...config.tools.map((tool) => toolCallable(tool)), ...(config.tasks ?? []).map(taskCallable)],
    maxConcurrency: config.streaming?.maxConcurrency ?? 1,
    startEarly: config.streaming !== undefined,
    background: config.backgroundTasks
      ? { onFinalAnswer: (config.backgroundTasks === true ? undefined : config.backgroundTasks.onFinalAnswer) ?? 'wait' }
      : undefined,
    preserveTail: config.compaction?.snip?.preserveTail ?? DEFAULT_PRESERVE_TAIL,
    report: postRunReporter(config),
    // Made here so a bad memory configuration fails now, with the accessor's own message.
    accessor: config.memory ? createMemoryAccessor(config.memory) : undefined,
  };
  return {
    run(goal: string): Promise<AgentRunResult> {
      const bad = goalError(goal);
      return bad ? Promise.reject(bad) : runAgent(setup, { kind: 'run', goal });
    },
    async resume(checkpoint: AgentCheckpoint, message: string): Promise<AgentRunResult> {
      const bad = messageError(message);
      if (bad) throw bad;
      return runAgent(setup, { kind: 'resume', checkpoint, message });
    },
    stream(goal: string, options?: AgentStreamOptions): AgentRunStream {
      const bad = goalError(goal);
      return bad ? failedStream(bad) : streamRun(setup, { kind: 'run', goal }, options);
    },
    streamResume(checkpoint: AgentCheckpoint, message: string, options?: AgentStreamOptions): AgentRunStream {
      const bad = messageError(message);
      return bad ? failedStream(bad) : streamRun(setup, { kind: 'resume', checkpoint, message }, options);
    },
  };
}

function goalError(goal: unknown): KitAIError | undefined {
  if (typeof goal === 'string' && goal.trim() !== '') return undefined;
  return new KitAIError(
    'invalid_config',
    `run: goal must be a non-empty string, got ${typeof goal === 'string' ? JSON.stringify(goal) : typeof goal}; say what the agent should achieve.`,
  );
}

function messageError(message: unknown): KitAIError | undefined {
  if (typeof message === 'string') return undefined;
  return new KitAIError('invalid_config', `resume: message must be a string, got ${typeof message}; pass the decision or "Continue."`);
}

/** A stream that fails at once, as `run` rejects on the same input. */
function failedStream(error: KitAIError): AgentRunStream {
  const result = Promise.reject(error);
  result.catch(() => undefined);
  return {
    result,
    [Symbol.asyncIterator]: async function* (): AsyncGenerator<never> {
      yield* [];
      throw error;
    },
  };
}
