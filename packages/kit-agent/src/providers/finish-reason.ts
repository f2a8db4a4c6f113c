/**
 * Finish reasons, normalised across protocols to the values the agent loop acts on: `stop` (the
 * answer is complete), `length` (cut by the output cap; the loop raises the cap and asks the model
 * to continue), `tool_calls` (the model is waiting for tool results) and `content_filter` (withheld
 * by the vendor's safety system). A reason outside these is passed on as the server gave it.
 */

const chatCompletionsReasons: Readonly<Record<string, string>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  // The older single-function form of a tool call.
  function_call: 'tool_calls',
  content_filter: 'content_filter',
};

const messagesReasons: Readonly<Record<string, string>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  // The window filled up while writing: the output was cut, as with max_tokens.
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/** `finish_reason` of a Chat Completions choice, normalised. */
export function chatCompletionsFinishReason(reason: unknown): string | undefined {
  return typeof reason === 'string' && reason !== '' ? (chatCompletionsReasons[reason] ?? reason) : undefined;
}

/** `stop_reason` of a Messages answer, normalised. */
export function messagesFinishReason(reason: unknown): string | undefined {
  return typeof reason === 'string' && reason !== '' ? (messagesReasons[reason] ?? reason) : undefined;
}
