import type { LLMMessage, LLMToolDefinition } from '@kit/kit-ai';
import type { CallSettings } from '../options.js';

/**
 * How hard a reasoning model thinks before it answers. The values servers know today are listed;
 * any other string is sent as given, for values added later.
 */
export type ResponsesReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | (string & {});

/** The `reasoning` settings sent with every request of a provider, for reasoning models. */
export interface ResponsesReasoningOptions {
  /** Sent as `reasoning.effort`: less effort answers sooner and spends fewer (reasoning) output tokens. */
  effort: ResponsesReasoningEffort;
}

/** What a request needs besides the conversation. */
export interface ResponsesRequestInput {
  readonly model: string;
  readonly messages: readonly LLMMessage[];
  readonly tools: readonly LLMToolDefinition[] | undefined;
  readonly settings: CallSettings;
  readonly reasoning: ResponsesReasoningOptions | undefined;
  readonly store: boolean;
  readonly stream: boolean;
}

/** One message of the `input` list. */
interface InputMessage {
  type: 'message';
  role: 'system' | 'user' | 'assistant';
  content: { type: 'input_text' | 'output_text'; text: string }[];
}

/**
 * The conversation as the protocol takes it: the system messages that open it become `instructions`
 * (joined by a blank line, in their order); every other message keeps its place in `input` as a
 * `message` item, its text an `input_text` part, or an `output_text` part for the model's own
 * earlier replies (the protocol refuses input text in an assistant message). A system message
 * after the first user or assistant message stays where it is, as a `system` input message.
 */
export function responsesConversation(messages: readonly LLMMessage[]): { instructions: string | undefined; input: InputMessage[] } {
  const opening = messages.findIndex((message) => message.role !== 'system');
  const leading = opening < 0 ? messages : messages.slice(0, opening);
  const instructions = leading.map((message) => message.content).join('\n\n');
  const input = messages.slice(leading.length).map((message): InputMessage => ({
    type: 'message',
    role: message.role,
    content: [{ type: message.role === 'assistant' ? 'output_text' : 'input_text', text: message.content }],
  }));
  return { instructions: leading.length === 0 ? undefined : instructions, input };
}

/**
 * The JSON body of `POST /responses`. Tools are function tools with their fields at the top level
 * (not under `function`, as in Chat Completions) and `strict: false`, since kit checks the
 * arguments itself and strict mode refuses many ordinary schemas. `store` is sent always: kit keeps
 * its own conversation and sends it whole, so the server need not keep the answer.
 */
export function responsesRequest(input: ResponsesRequestInput): Record<string, unknown> {
  const conversation = responsesConversation(input.messages);
  const body: Record<string, unknown> = { model: input.model };
  if (conversation.instructions !== undefined) body.instructions = conversation.instructions;
  body.input = conversation.input;
  if (input.tools && input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
    }));
  }
  if (input.settings.maxTokens !== undefined) body.max_output_tokens = input.settings.maxTokens;
  if (input.settings.temperature !== undefined) body.temperature = input.settings.temperature;
  if (input.reasoning !== undefined) body.reasoning = { effort: input.reasoning.effort };
  body.store = input.store;
  if (input.stream) body.stream = true;
  return body;
}
