import type { LLMMessage, LLMToolDefinition } from '@kit/kit-ai';
import type { CallSettings } from '../options.js';

/** What a request needs besides the conversation. */
export interface MessagesRequestInput {
  readonly model: string;
  readonly messages: readonly LLMMessage[];
  readonly tools: readonly LLMToolDefinition[] | undefined;
  /** `maxTokens` is always set here: the protocol requires `max_tokens`. */
  readonly settings: CallSettings & { readonly maxTokens: number };
  readonly stream: boolean;
}

interface WireMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The conversation in the shape the protocol accepts: system messages leave the list (they become
 * the top-level `system` field, joined by blank lines, in their order), messages with no visible
 * text are dropped (the protocol rejects empty text), consecutive messages of one role are joined
 * by a blank line, and a trailing assistant message loses its final whitespace (the protocol
 * rejects a final assistant turn that ends with whitespace).
 */
export function messagesConversation(messages: readonly LLMMessage[]): { system: string | undefined; messages: WireMessage[] } {
  const system = messages
    .filter((message) => message.role === 'system' && message.content.trim() !== '')
    .map((message) => message.content)
    .join('\n\n');
  const turns: WireMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system' || message.content.trim() === '') continue;
    const last = turns[turns.length - 1];
    if (last && last.role === message.role) last.content = `${last.content}\n\n${message.content}`;
    else turns.push({ role: message.role, content: message.content });
  }
  const final = turns[turns.length - 1];
  if (final?.role === 'assistant') final.content = final.content.trimEnd();
  return { system: system === '' ? undefined : system, messages: turns };
}

/** The protocol wants an object schema; a tool without one gets the empty object schema. */
function inputSchema(parameters: Record<string, unknown>): Record<string, unknown> {
  return parameters.type === undefined ? { type: 'object', ...parameters } : parameters;
}

/** The JSON body of `POST /v1/messages`. */
export function messagesRequest(input: MessagesRequestInput): Record<string, unknown> {
  const conversation = messagesConversation(input.messages);
  const body: Record<string, unknown> = { model: input.model, max_tokens: input.settings.maxTokens };
  if (conversation.system !== undefined) body.system = conversation.system;
  body.messages = conversation.messages;
  if (input.tools && input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: inputSchema(tool.parameters),
    }));
  }
  if (input.settings.temperature !== undefined) body.temperature = input.settings.temperature;
  if (input.stream) body.stream = true;
  return body;
}
