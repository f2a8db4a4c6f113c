import type { LLMToolCall } from '../llm/types.js';

/** A fenced block tagged `json`; the body runs to the next closing fence. */
const FENCED_JSON = /```json[ \t]*\r?\n([\s\S]*?)```/gi;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one `{"tool": ..., "arguments": ...}` object; `null` when the value is not a call. */
function toCall(value: unknown): LLMToolCall | null {
  if (!isPlainObject(value) || typeof value.tool !== 'string' || value.tool.trim() === '') return null;
  let args: unknown = value.arguments ?? {};
  // Some models send arguments as a JSON string, the way native tool-calling APIs encode them.
  if (typeof args === 'string') {
    try {
      args = args.trim() === '' ? {} : JSON.parse(args);
    } catch {
      return null;
    }
  }
  if (!isPlainObject(args)) return null;
  const call: LLMToolCall = { name: value.tool, arguments: args };
  if (typeof value.id === 'string' && value.id !== '') call.id = value.id;
  return call;
}

/** A call object or a non-empty array of them; `null` for anything else. */
function toCalls(value: unknown): LLMToolCall[] | null {
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const calls = value.map(toCall);
    return calls.every((call): call is LLMToolCall => call !== null) ? calls : null;
  }
  const call = toCall(value);
  return call ? [call] : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the tool calls a model wrote as text: a JSON object `{"tool": "<name>", "arguments": {...}}`
 * or an array of them, either as the whole reply or inside a fenced `json` block (the first block
 * that holds calls wins). `arguments` may be omitted (no arguments) or given as a JSON string. An
 * optional string `id` is kept. A reply without such JSON has no calls: it is a final answer.
 */
export function parseToolCalls(content: string): LLMToolCall[] {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const whole = toCalls(parseJson(trimmed));
    if (whole) return whole;
  }
  for (const match of trimmed.matchAll(FENCED_JSON)) {
    const calls = toCalls(parseJson((match[1] ?? '').trim()));
    if (calls) return calls;
  }
  return [];
}

/**
 * Writes calls in the text format `parseToolCalls` reads (one object, or an array for several),
 * with their ids, so a conversation holding native calls stays readable by any provider. Text the
 * model wrote besides its calls comes first, and the calls then go in a fenced `json` block.
 */
export function formatCallsAsText(calls: readonly LLMToolCall[], text = ''): string {
  const objects = calls.map((call) =>
    call.id === undefined ? { tool: call.name, arguments: call.arguments } : { id: call.id, tool: call.name, arguments: call.arguments },
  );
  const json = JSON.stringify(objects.length === 1 ? objects[0] : objects);
  return text.trim() === '' ? json : `${text.trim()}\n\n\`\`\`json\n${json}\n\`\`\``;
}
