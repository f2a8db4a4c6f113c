import { setTimeout as sleep } from 'node:timers/promises';
import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse, LLMStreamChunk } from '../../llm/types.js';

/** One prepared answer: a reply text, a full response, an error to throw, or a function of the request. */
export type ScriptStep =
  | string
  | LLMResponse
  | Error
  | ((messages: LLMMessage[], options: LLMOptions | undefined) => LLMResponse | string | Promise<LLMResponse | string>);

/** A request the scripted provider received. */
export interface ScriptedRequest {
  messages: LLMMessage[];
  options: LLMOptions | undefined;
}

/** A provider for tests that answers from a script, in order, and records every request. */
export interface ScriptedLLM extends LLMProvider {
  readonly requests: ScriptedRequest[];
}

/** Options of `scriptedLlm`. */
export interface ScriptedOptions {
  name?: string;
  /** Also implement `stream()`: text, then each tool call, then `done`, `chunkDelayMs` apart. */
  stream?: boolean;
  chunkDelayMs?: number;
  /** What to answer once the script is used up (default: an error naming the provider). */
  fallbackReply?: string;
}

async function answer(
  step: ScriptStep | undefined,
  request: ScriptedRequest,
  name: string,
  fallbackReply: string | undefined,
): Promise<LLMResponse> {
  if (step === undefined) {
    if (fallbackReply !== undefined) return { content: fallbackReply, model: name };
    throw new Error(`${name}: the script has no more replies`);
  }
  if (step instanceof Error) throw step;
  const value = typeof step === 'function' ? await step(request.messages, request.options) : step;
  return typeof value === 'string' ? { content: value, model: name } : value;
}

/** A scripted provider: each call takes the next step of `script`. */
export function scriptedLlm(script: ScriptStep[], options: ScriptedOptions = {}): ScriptedLLM {
  const name = options.name ?? 'scripted';
  const steps = [...script];
  const requests: ScriptedRequest[] = [];
  const next = (messages: LLMMessage[], llmOptions: LLMOptions | undefined): Promise<LLMResponse> => {
    const request = { messages: messages.map((message) => ({ ...message })), options: llmOptions };
    requests.push(request);
    return answer(steps.shift(), request, name, options.fallbackReply);
  };
  const provider: ScriptedLLM = { name, requests, chat: next };
  if (options.stream) {
    const delay = options.chunkDelayMs ?? 0;
    provider.stream = async function* (messages: LLMMessage[], llmOptions?: LLMOptions): AsyncIterable<LLMStreamChunk> {
      const response = await next(messages, llmOptions);
      if (response.content !== '') {
        yield { type: 'text', text: response.content };
      }
      for (const toolCall of response.toolCalls ?? []) {
        if (delay > 0) await sleep(delay);
        yield { type: 'tool_call', toolCall };
      }
      if (delay > 0) await sleep(delay);
      const done: LLMStreamChunk = { type: 'done', model: response.model };
      if (response.finishReason !== undefined) done.finishReason = response.finishReason;
      if (response.usage) done.usage = response.usage;
      yield done;
    };
  }
  return provider;
}

/** The text form of one call, as a model without native tool calling writes it. */
export function callText(tool: string, args: Record<string, unknown> = {}): string {
  return JSON.stringify({ tool, arguments: args });
}
