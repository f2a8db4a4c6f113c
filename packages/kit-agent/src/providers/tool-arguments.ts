import { KitAIError } from '@kit/kit-ai';
import { excerpt, isRecord } from './wire-values.js';

/**
 * Parses the JSON text of a tool call's arguments. An empty text means no arguments (some servers
 * send `""` for a tool without parameters). Anything that is not a JSON object cannot be handed
 * to a tool, so it is an `llm_invalid_response` naming the tool and quoting the text.
 */
export function parseToolArguments(provider: string, tool: string, text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: the arguments of the call to tool "${tool}" are not valid JSON (${error instanceof Error ? error.message : String(error)}): ${excerpt(text)}`,
      { cause: error },
    );
  }
  if (!isRecord(value)) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: the arguments of the call to tool "${tool}" must be a JSON object, got ${excerpt(text)}`,
    );
  }
  return value;
}

/** Whether a text is already a complete JSON object, so a streamed call can be handed on early. */
export function isCompleteJsonObject(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}
