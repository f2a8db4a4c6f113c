import { KitAIError } from '../errors/kit-ai-error.js';
import { createDeadline } from '../llm/deadline.js';
import { defaultLLMTimeouts, type LLMMessage, type LLMProvider } from '../llm/types.js';
import { describeValue } from '../llm/describe-value.js';
import { validateArgs } from '../tools/validate-args.js';
import { clampUtility } from './checks.js';
import type { Distiller, Experience, NewStrategy, Strategy } from './types.js';

const component = 'LlmDistiller';

/** Options of `LlmDistiller`. */
export interface LlmDistillerOptions {
  /** The model that reads the runs and writes the lessons. */
  llm: LLMProvider;
  /** Most strategies one `distill` call returns; extra ones in the reply are ignored. Default 3. */
  maxStrategiesPerRun?: number;
  /**
   * Longest wait for one model call, in milliseconds; the call is then aborted with `llm_timeout`. Default
   * 120000, the agent's own `chatTimeoutMs` default: distillation runs before `run()` returns, so a model
   * that never answers must not hold the run.
   */
  timeoutMs?: number;
}

/** Utility of a freshly distilled strategy: unproven, halfway between useless and fully effective. */
export const distilledStrategyUtility = 0.5;

/** Longest strategy the distiller accepts, in characters; a lesson is a sentence or two, not an essay. */
const maxStrategyLength = 1000;

const distillSchema = {
  type: 'object',
  required: ['strategies'],
  properties: {
    strategies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['content'],
        properties: { content: { type: 'string', minLength: 1, maxLength: maxStrategyLength } },
      },
    },
  },
};

const consolidateSchema = {
  type: 'object',
  required: ['strategies'],
  properties: {
    strategies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['content', 'merges'],
        properties: {
          content: { type: 'string', minLength: 1, maxLength: maxStrategyLength },
          merges: { type: 'array', minItems: 1, items: { type: 'string' } },
        },
      },
    },
  },
};

const distillInstructions = (limit: number) =>
  [
    'You distil lessons from the past runs of an AI agent. A lesson is one or two sentences of concrete advice that will help future runs with similar goals: what to do, or what to avoid, and when. Do not summarise a run; generalise from it.',
    `Reply with JSON only, with no text before or after it: {"strategies": [{"content": "<lesson>"}]}. Give at most ${limit} lesson${limit === 1 ? '' : 's'}, none that repeats a known lesson, and {"strategies": []} when there is nothing new to learn.`,
  ].join('\n\n');

const consolidateInstructions = [
  'You merge overlapping lessons of an AI agent into fewer, sharper ones. Lessons that say the same thing, or parts of one thing, become one lesson; a lesson that overlaps with none stays as it is.',
  'Reply with JSON only, with no text before or after it: {"strategies": [{"content": "<lesson>", "merges": ["<id>", ...]}]}. "merges" lists the ids of the lessons each entry replaces; every given id appears in exactly one entry.',
].join('\n\n');

function describeRun(experience: Experience, index: number): string {
  const lines = [`Run ${index + 1}: ${experience.goal.trim()}`];
  const status =
    experience.status === undefined
      ? ''
      : ` (status ${experience.status}${experience.error === undefined ? '' : `, error: ${experience.error}`})`;
  lines.push(`Outcome: ${experience.outcome}${status}`);
  lines.push(
    `Iterations: ${experience.iterations}; tokens: ${experience.tokenUsage}; duration: ${Math.round(experience.duration)} ms${experience.skillsUsed.length > 0 ? `; skills: ${experience.skillsUsed.join(', ')}` : ''}`,
  );
  if (experience.trajectory.length === 0) lines.push('Steps: none');
  else {
    lines.push('Steps:');
    experience.trajectory.forEach((step, at) => {
      const call =
        step.kind === 'answer'
          ? 'final answer'
          : `${step.kind} ${step.name ?? '?'} ${JSON.stringify(step.args ?? {})} -> ${step.status ?? 'unknown'}`;
      lines.push(`${at + 1}. [iteration ${step.iteration}] ${call}: ${step.summary}`);
    });
  }
  return lines.join('\n');
}

/** The key under which two lessons count as the same: lower case, letters and digits only. */
function sameLessonKey(content: string): string {
  return content
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The built-in `Distiller`: one model call per `distill` or `consolidate`, answered as JSON and read
 * strictly. The reply must be one JSON object (alone, or alone inside one ```json fence) of the documented
 * shape; anything else rejects with `KitAIError('invalid_model_output')` naming the model and the problem
 * (with `issues` per field), and nothing is stored.
 *
 * `distill(experiences, existing)` asks for at most `maxStrategiesPerRun` (default 3) new lessons, shows
 * the known ones so they are not repeated, and drops any that repeats a known or an earlier one anyway
 * (compared by letters and digits, ignoring case). Each new strategy has `source` = the ids of the given
 * experiences, `utility` 0.5 and `applications` 0. No experiences: `[]` without a call.
 *
 * `consolidate(strategies)` asks the model to merge overlapping strategies; every id must be placed in
 * exactly one merged strategy. A merged strategy's `source` is the union of its parts' sources,
 * `applications` their sum, and `utility` their mean weighted by applications + 1. Fewer than two
 * strategies: returned as they are, without a call.
 *
 * @example
 * ```ts
 * import { InMemoryEvolutionStore, LlmDistiller, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * const store = new InMemoryEvolutionStore();
 * const distiller = new LlmDistiller({ llm, maxStrategiesPerRun: 2 });
 * const experiences = await store.queryExperiences({ outcome: 'failure', limit: 5 });
 * for (const strategy of await distiller.distill(experiences, await store.queryStrategies('', 20))) {
 *   await store.storeStrategy(strategy);
 * }
 * ```
 */
export class LlmDistiller implements Distiller {
  readonly #llm: LLMProvider;
  readonly #limit: number;
  readonly #timeoutMs: number;

  constructor(options: LlmDistillerOptions) {
    if (typeof options !== 'object' || options === null)
      throw new KitAIError(
        'invalid_config',
        `${component}: options must be an object { llm, maxStrategiesPerRun? }, got ${describeValue(options)}.`,
      );
    const { llm, maxStrategiesPerRun, timeoutMs } = options;
    if (typeof llm !== 'object' || llm === null || typeof (llm as { chat?: unknown }).chat !== 'function') {
      throw new KitAIError(
        'invalid_config',
        `${component}: llm must be an LLMProvider (an object with name and chat()), got ${describeValue(llm)}; pass the agent's model or a cheaper one.`,
      );
    }
    if (maxStrategiesPerRun !== undefined && !(Number.isInteger(maxStrategiesPerRun) && maxStrategiesPerRun > 0)) {
      throw new KitAIError(
        'invalid_config',
        `${component}: maxStrategiesPerRun must be a positive integer such as 3, got ${describeValue(maxStrategiesPerRun)}.`,
      );
    }
    if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
      throw new KitAIError(
        'invalid_config',
        `${component}: timeoutMs must be a positive number of milliseconds such as 60000, got ${describeValue(timeoutMs)}.`,
      );
    }
    this.#llm = llm;
    this.#limit = maxStrategiesPerRun ?? 3;
    this.#timeoutMs = timeoutMs ?? defaultLLMTimeouts.chatTimeoutMs;
  }

  /** New strategies learned from `experiences`, none repeating `existing`. */
  async distill(experiences: Experience[], existing: Strategy[]): Promise<NewStrategy[]> {
    if (!Array.isArray(experiences))
      throw new KitAIError('invalid_arguments', `${component}.distill: experiences must be an array, got ${describeValue(experiences)}.`);
    if (!Array.isArray(existing))
      throw new KitAIError(
        'invalid_arguments',
        `${component}.distill: existing must be an array of strategies ([] for none), got ${describeValue(existing)}.`,
      );
    if (experiences.length === 0) return [];
    const known =
      existing.length === 0
        ? 'Known lessons: none.'
        : `Known lessons:\n${existing.map((strategy) => `- ${strategy.content.trim()}`).join('\n')}`;
    const prompt = `${experiences.map(describeRun).join('\n\n')}\n\n${known}`;
    const reply = await this.#ask('distill', distillInstructions(this.#limit), prompt, distillSchema);
    const seen = new Set(existing.map((strategy) => sameLessonKey(strategy.content)));
    const source = [...new Set(experiences.map((experience) => experience.id))];
    const strategies: NewStrategy[] = [];
    for (const { content } of (reply as { strategies: { content: string }[] }).strategies) {
      const key = sameLessonKey(content);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      strategies.push({ content: content.trim(), source: [...source], utility: distilledStrategyUtility, applications: 0 });
      if (strategies.length === this.#limit) break;
    }
    return strategies;
  }

  /** Fewer strategies saying the same as `strategies`. */
  async consolidate(strategies: Strategy[]): Promise<NewStrategy[]> {
    if (!Array.isArray(strategies))
      throw new KitAIError('invalid_arguments', `${component}.consolidate: strategies must be an array, got ${describeValue(strategies)}.`);
    const copy = (strategy: Strategy): NewStrategy => ({
      content: strategy.content,
      source: [...strategy.source],
      utility: strategy.utility,
      applications: strategy.applications,
    });
    if (strategies.length < 2) return strategies.map(copy);
    const byId = new Map(strategies.map((strategy) => [strategy.id, strategy]));
    const prompt = `Lessons:\n${strategies.map((strategy) => `- id ${strategy.id}: ${strategy.content.trim()}`).join('\n')}`;
    const reply = (await this.#ask('consolidate', consolidateInstructions, prompt, consolidateSchema)) as {
      strategies: { content: string; merges: string[] }[];
    };

    const placed = new Map<string, number>();
    const issues: { path: string; message: string }[] = [];
    reply.strategies.forEach((entry, index) =>
      entry.merges.forEach((id, at) => {
        if (!byId.has(id))
          issues.push({ path: `strategies.${index}.merges.${at}`, message: `${JSON.stringify(id)} is not the id of a given strategy` });
        else if (placed.has(id))
          issues.push({
            path: `strategies.${index}.merges.${at}`,
            message: `${JSON.stringify(id)} is already merged by strategies.${placed.get(id)}`,
          });
        else placed.set(id, index);
      }),
    );
    for (const id of byId.keys())
      if (!placed.has(id)) issues.push({ path: 'strategies', message: `the strategy ${JSON.stringify(id)} is in no entry's merges` });
    if (issues.length > 0) throw this.#invalid('consolidate', issues, JSON.stringify(reply));

    return reply.strategies.map((entry) => {
      const parts = entry.merges.map((id) => byId.get(id) as Strategy);
      const weights = parts.map((part) => part.applications + 1);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      return {
        content: entry.content.trim(),
        source: [...new Set(parts.flatMap((part) => part.source))],
        utility: clampUtility(parts.reduce((sum, part, at) => sum + part.utility * (weights[at] as number), 0) / total),
        applications: parts.reduce((sum, part) => sum + part.applications, 0),
      };
    });
  }

  /** One model call; the reply parsed as JSON and checked against `schema`. */
  async #ask(operation: string, system: string, prompt: string, schema: Record<string, unknown>): Promise<unknown> {
    const messages: LLMMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: prompt },
    ];
    const deadline = createDeadline({
      timeoutMs: this.#timeoutMs,
      timeoutError: () =>
        new KitAIError(
          'llm_timeout',
          `${component}.${operation}: "${this.#llm.name}" did not answer within ${this.#timeoutMs} ms; nothing was stored. Raise timeoutMs or use a faster model.`,
        ),
      abortError: (reason) => new KitAIError('aborted', `${component}.${operation}: the call was aborted`, { cause: reason }),
    });
    let response: Awaited<ReturnType<LLMProvider['chat']>>;
    try {
      response = await deadline.race(this.#llm.chat(messages, { signal: deadline.signal }));
    } finally {
      deadline.dispose();
    }
    if (typeof response?.content !== 'string') {
      throw new KitAIError(
        'llm_invalid_response',
        `${component}.${operation}: "${this.#llm.name}" answered without a string content, got ${describeValue(response?.content)}; fix the provider's chat().`,
      );
    }
    let text = response.content.trim();
    const fence = /^```(?:json)?[ \t]*\n([\s\S]*?)\n?```$/i.exec(text);
    if (fence) text = (fence[1] ?? '').trim();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new KitAIError(
        'invalid_model_output',
        `${component}.${operation}: the reply of "${this.#llm.name}" is not one JSON object (${(error as Error).message}); the model must answer with JSON only. The reply began: ${JSON.stringify(response.content.slice(0, 200))}`,
        { issues: [{ path: '', message: 'the reply is not JSON' }] },
      );
    }
    const report = validateArgs(value, schema);
    if (!report.valid) throw this.#invalid(operation, report.errors, response.content);
    return value;
  }

  #invalid(operation: string, issues: { path: string; message: string }[], reply: string): KitAIError {
    const summary = issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`)).join('; ');
    return new KitAIError(
      'invalid_model_output',
      `${component}.${operation}: the reply of "${this.#llm.name}" does not have the expected shape (${summary}); nothing was stored. The reply began: ${JSON.stringify(reply.slice(0, 200))}`,
      { issues },
    );
  }
}
