import { KitAIError } from '../errors/kit-ai-error.js';
import { guardCall, type CallGuard } from './call-guard.js';
import { extractJson } from './extract-json.js';
import { checkSchema, jsonSchemaOf, validateWithSchema, type SchemaOutput, type ThinkSchema } from './schema.js';
import type { LLMMessage, LLMOptions, LLMProvider } from './types.js';
import { describeValue } from './describe-value.js';

export type { StandardSchemaIssue, StandardSchemaLike, StandardSchemaResult, SchemaOutput, ThinkSchema } from './schema.js';

/** Options of `generate` and `generateStream` (and the base of `ThinkOptions`). Every field is optional. */
export interface GenerateOptions {
  /** A system message sent before the prompt. */
  system?: string;
  /** Cap on output tokens, passed to the provider as `LLMOptions.maxTokens`. */
  maxTokens?: number;
  /** Passed to the provider as `LLMOptions.temperature`. */
  temperature?: number;
  /** Aborts the call; the helper then rejects with `KitAIError('aborted')` whose `cause` is the signal's reason. */
  signal?: AbortSignal;
  /**
   * Deadline of the whole call in milliseconds, from the call (or, for the stream variants, from the first
   * read) to the end of the answer; past it the helper rejects with `KitAIError('llm_timeout')` and aborts the
   * provider's signal. No deadline when absent.
   */
  timeoutMs?: number;
}

/** Options of `think` and `thinkStream`: those of `generate` plus an optional schema of the answer. */
export interface ThinkOptions<S extends ThinkSchema | undefined = ThinkSchema | undefined> extends GenerateOptions {
  /**
   * What the answer must be: a Standard Schema v1 object (zod, valibot, arktype, ...) whose output type becomes
   * the return type, or a plain JSON Schema object (checked with `validateArgs`; the return type is then
   * `unknown`). A JSON Schema, or the JSON Schema a Standard Schema can export (`~standard.jsonSchema`), is
   * shown to the model in the instruction.
   */
  schema?: S;
}

/** What `thinkStream` yields: text deltas as they arrive, then once the parsed and validated answer. */
export type ThinkStreamEvent<T = unknown> = { type: 'delta'; text: string } | { type: 'result'; value: T };

/** The instruction `think` adds to the system message. */
const jsonInstruction = 'Reply with JSON only: one JSON value, with no text before or after it and no code fence.';

const maxReplyExcerpt = 200;

function checkCall(component: string, llm: unknown, prompt: unknown, options: unknown): asserts options is GenerateOptions | undefined {
  if (typeof llm !== 'object' || llm === null || typeof (llm as { chat?: unknown }).chat !== 'function') {
    throw new KitAIError(
      'invalid_config',
      `${component}: llm must be an LLMProvider (an object with name and chat()), got ${describeValue(llm)}; pass a provider such as chatCompletionsProvider(...) from @kit/kit-agent.`,
    );
  }
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    throw new KitAIError('invalid_config', `${component}: prompt must be a non-empty string, got ${describeValue(prompt)}.`);
  }
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) {
    throw new KitAIError('invalid_config', `${component}: options must be an object, got ${describeValue(options)}.`);
  }
  const { system, maxTokens, temperature, signal, timeoutMs } = options as Record<string, unknown>;
  if (system !== undefined && typeof system !== 'string') {
    throw new KitAIError('invalid_config', `${component}: system must be a string, got ${describeValue(system)}.`);
  }
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && (maxTokens as number) > 0)) {
    throw new KitAIError('invalid_config', `${component}: maxTokens must be a positive integer, got ${describeValue(maxTokens)}.`);
  }
  if (temperature !== undefined && !(typeof temperature === 'number' && Number.isFinite(temperature) && temperature >= 0)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: temperature must be a finite number of 0 or more, got ${describeValue(temperature)}.`,
    );
  }
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: timeoutMs must be a positive number of milliseconds, got ${describeValue(timeoutMs)}.`,
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: signal must be an AbortSignal (for example AbortSignal.timeout(5000)), got ${describeValue(signal)}.`,
    );
  }
}

function messagesFor(prompt: string, system: string | undefined): LLMMessage[] {
  const messages: LLMMessage[] = [];
  if (system !== undefined && system.trim() !== '') messages.push({ role: 'system', content: system });
  messages.push({ role: 'user', content: prompt });
  return messages;
}

function llmOptionsFor(options: GenerateOptions | undefined, signal: AbortSignal): LLMOptions {
  const result: LLMOptions = { signal };
  if (options?.maxTokens !== undefined) result.maxTokens = options.maxTokens;
  if (options?.temperature !== undefined) result.temperature = options.temperature;
  return result;
}

function thinkSystem(options: ThinkOptions | undefined): string {
  const parts: string[] = [];
  if (options?.system !== undefined && options.system.trim() !== '') parts.push(options.system);
  const jsonSchema = options?.schema === undefined ? undefined : jsonSchemaOf(options.schema);
  parts.push(
    jsonSchema === undefined ? jsonInstruction : `${jsonInstruction}\nThe JSON must match this JSON Schema:\n${JSON.stringify(jsonSchema)}`,
  );
  return parts.join('\n\n');
}

function checkThink(component: string, llm: unknown, prompt: unknown, options: ThinkOptions | undefined): void {
  checkCall(component, llm, prompt, options);
  if (options?.schema !== undefined) checkSchema(component, options.schema);
}

/** Turns a reply into the answer of `think`: the JSON in it, validated when there is a schema. */
async function answerOf(component: string, llm: LLMProvider, reply: string, schema: ThinkSchema | undefined): Promise<unknown> {
  const extracted = extractJson(reply);
  if (schema === undefined) return extracted.found ? extracted.value : reply.trim();
  const excerpt = reply.slice(0, maxReplyExcerpt);
  if (!extracted.found) {
    throw new KitAIError(
      'invalid_model_output',
      `${component}: the reply of "${llm.name}" holds no JSON value, so it cannot be checked against the schema; make the prompt ask for the JSON shape explicitly. The reply began: ${JSON.stringify(excerpt)}`,
      { issues: [{ path: '', message: 'the reply holds no JSON value' }] },
    );
  }
  const checked = await validateWithSchema(extracted.value, schema);
  if (checked.ok) return checked.value;
  const summary = checked.issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`)).join('; ');
  throw new KitAIError(
    'invalid_model_output',
    `${component}: the reply of "${llm.name}" does not match the schema (${summary}); describe the expected fields in the prompt or loosen the schema. The reply began: ${JSON.stringify(excerpt)}`,
    { issues: checked.issues },
  );
}

async function chatOnce(
  component: string,
  llm: LLMProvider,
  messages: LLMMessage[],
  options: GenerateOptions | undefined,
): Promise<string> {
  const guard = guardCall(component, llm.name, { signal: options?.signal, timeoutMs: options?.timeoutMs });
  try {
    const already = guard.reason();
    if (already) throw already;
    const response = await guard.race(Promise.resolve().then(() => llm.chat(messages, llmOptionsFor(options, guard.signal))));
    if (typeof response?.content !== 'string') {
      throw new KitAIError(
        'llm_invalid_response',
        `${component}: "${llm.name}" answered without a string content, got ${describeValue(response?.content)}; fix the provider's chat().`,
      );
    }
    return response.content;
  } finally {
    guard.dispose();
  }
}

/** Text deltas of one call: from `llm.stream` when the provider has it, else one piece from `chat`. */
async function* textDeltas(
  component: string,
  llm: LLMProvider,
  messages: LLMMessage[],
  options: GenerateOptions | undefined,
): AsyncGenerator<string> {
  if (!llm.stream) {
    const content = await chatOnce(component, llm, messages, options);
    if (content !== '') yield content;
    return;
  }
  const guard: CallGuard = guardCall(component, llm.name, { signal: options?.signal, timeoutMs: options?.timeoutMs });
  let iterator: AsyncIterator<unknown> | undefined;
  let finished = false;
  try {
    const already = guard.reason();
    if (already) throw already;
    iterator = llm.stream(messages, llmOptionsFor(options, guard.signal))[Symbol.asyncIterator]();
    for (;;) {
      const step = await guard.race(iterator.next());
      if (step.done) {
        finished = true;
        return;
      }
      const chunk = step.value as { type?: unknown; text?: unknown };
      if (chunk.type === 'text' && typeof chunk.text === 'string' && chunk.text !== '') yield chunk.text;
    }
  } finally {
    guard.dispose();
    if (!finished && iterator?.return) {
      // The consumer stopped early, or the call timed out: let the provider close its connection. Not
      // awaited, since a provider that ignores its signal may never settle.
      try {
        iterator.return().catch(() => {});
      } catch {
        // A provider's return() that throws synchronously has nothing left to close.
      }
    }
  }
}

/**
 * One LLM call returning the raw text of the answer, untouched (not trimmed, not parsed). The prompt is
 * sent as a `user` message, after `opts.system` as a `system` message when given.
 *
 * @example
 * ```ts
 * import { generate, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * const title = await generate(llm, 'Write a five-word title for a post about database migrations.', {
 *   system: 'You write headlines.',
 *   maxTokens: 30,
 *   timeoutMs: 20_000,
 * });
 * console.log(title);
 * ```
 */
export async function generate(llm: LLMProvider, prompt: string, opts?: GenerateOptions): Promise<string> {
  checkCall('generate', llm, prompt, opts);
  return chatOnce('generate', llm, messagesFor(prompt, opts?.system), opts);
}

/**
 * One LLM call that asks for JSON and returns the answer as data. The system message is `opts.system`
 * (when given) followed by an instruction to reply with one JSON value and, when the schema can be shown as
 * JSON Schema, that schema. The JSON is taken from the whole reply, else from the first fenced `json` (or
 * unlabelled) block, else from the first balanced `{...}` or `[...]` span that parses.
 *
 * With `opts.schema` the value is validated and returned as the schema outputs it (typed from a Standard
 * Schema); a reply with no JSON or one that fails the schema rejects with `KitAIError('invalid_model_output')`
 * whose `issues` list the problems and whose message shows the first 200 characters of the reply. Without a
 * schema, the parsed JSON is returned when the reply holds some, else the trimmed text.
 *
 * @example
 * ```ts
 * import { think, type LLMProvider } from '@kit/kit-ai';
 * import { z } from 'zod';
 *
 * declare const llm: LLMProvider;
 * const verdict = await think(llm, 'Is this message a complaint? Message: "My parcel arrived broken."', {
 *   schema: z.object({ complaint: z.boolean(), reason: z.string() }),
 * });
 * if (verdict.complaint) console.log(verdict.reason);
 *
 * // A plain JSON Schema works too; the result is then `unknown`.
 * const tags = await think(llm, 'Three tags for: "Resetting a forgotten password"', {
 *   schema: { type: 'array', items: { type: 'string' }, maxItems: 3 },
 * });
 * console.log(tags);
 * ```
 */
export async function think<S extends ThinkSchema | undefined = undefined>(
  llm: LLMProvider,
  prompt: string,
  opts?: ThinkOptions<S>,
): Promise<SchemaOutput<S>> {
  checkThink('think', llm, prompt, opts);
  const reply = await chatOnce('think', llm, messagesFor(prompt, thinkSystem(opts)), opts);
  return (await answerOf('think', llm, reply, opts?.schema)) as SchemaOutput<S>;
}

/**
 * The streaming variant of `generate`: the text of the answer in pieces as the model writes it. It uses
 * `llm.stream` when the provider has one (text chunks only; tool-call and `done` chunks are skipped), else
 * yields the whole `chat` answer as one piece. Leaving the loop early closes the provider's stream. Bad
 * arguments throw at once; the call itself starts on the first read.
 *
 * @example
 * ```ts
 * import { generateStream, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * let text = '';
 * for await (const delta of generateStream(llm, 'Explain idempotency keys in two sentences.', { timeoutMs: 60_000 })) {
 *   text += delta;
 *   process.stdout.write(delta);
 * }
 * ```
 */
export function generateStream(llm: LLMProvider, prompt: string, opts?: GenerateOptions): AsyncIterable<string> {
  checkCall('generateStream', llm, prompt, opts);
  const messages = messagesFor(prompt, opts?.system);
  return { [Symbol.asyncIterator]: () => textDeltas('generateStream', llm, messages, opts) };
}

/**
 * The streaming variant of `think`: yields `{ type: 'delta', text }` for each piece of the reply as it
 * arrives, then one `{ type: 'result', value }` with the parsed and validated answer (the same rules as
 * `think`). A reply that fails the schema makes the iteration throw `KitAIError('invalid_model_output')`
 * after the deltas.
 *
 * @example
 * ```ts
 * import { thinkStream, type LLMProvider } from '@kit/kit-ai';
 * import { z } from 'zod';
 *
 * declare const llm: LLMProvider;
 * const schema = z.object({ title: z.string(), bullets: z.array(z.string()) });
 * for await (const event of thinkStream(llm, 'Outline a post about rate limiting.', { schema })) {
 *   if (event.type === 'delta') process.stdout.write(event.text);
 *   else console.log('\n', event.value.title, event.value.bullets.length);
 * }
 * ```
 */
export function thinkStream<S extends ThinkSchema | undefined = undefined>(
  llm: LLMProvider,
  prompt: string,
  opts?: ThinkOptions<S>,
): AsyncIterable<ThinkStreamEvent<SchemaOutput<S>>> {
  checkThink('thinkStream', llm, prompt, opts);
  const messages = messagesFor(prompt, thinkSystem(opts));
  async function* events(): AsyncGenerator<ThinkStreamEvent<SchemaOutput<S>>> {
    let reply = '';
    for await (const text of textDeltas('thinkStream', llm, messages, opts)) {
      reply += text;
      yield { type: 'delta', text };
    }
    yield { type: 'result', value: (await answerOf('thinkStream', llm, reply, opts?.schema)) as SchemaOutput<S> };
  }
  return { [Symbol.asyncIterator]: events };
}
