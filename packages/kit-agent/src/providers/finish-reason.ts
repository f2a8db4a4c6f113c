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

const responsesIncompleteReasons: Readonly<Record<string, string>> = {
  max_output_tokens: 'length',
  content_filter: 'content_filter',
};

/** `finish_reason` of a Chat Completions choice, normalised. */
export function chatCompletionsFinishReason(reason: unknown): string | undefined {
  return typeof reason === 'string' && reason !== '' ? (chatCompletionsReasons[reason] ?? reason) : undefined;
}

/** `stop_reason` of a Messages answer, normalised. */
export function messagesFinishReason(reason: unknown): string | undefined {
  return typeof reason === 'string' && reason !== '' ? (messagesReasons[reason] ?? reason) : undefined;
}

/**
 * The finish reason of a Responses answer, which has no such field: it is read from the answer's
 * `status`. An `incomplete` answer gives its `incomplete_details.reason` (`max_output_tokens` becomes
 * `length`), or `incomplete` when it names none; a finished answer with function calls waits for
 * tool results; a `completed` answer, or one without a status, is complete. Any other status is
 * passed on as given.
 */
export function responsesFinishReason(status: unknown, incompleteReason: unknown, hasToolCalls: boolean): string | undefined {
  if (status === 'incomplete') {
    return typeof incompleteReason === 'string' && incompleteReason !== ''
      ? (responsesIncompleteReasons[incompleteReason] ?? incompleteReason)
      : 'incomplete';
  }
  if (hasToolCalls) return 'tool_calls';
  return typeof status === 'string' && status !== '' && status !== 'completed' ? status : 'stop';
}
