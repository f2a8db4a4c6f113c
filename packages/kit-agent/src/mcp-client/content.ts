import { KitAIError } from '@kit/kit-ai';

/** A content block of a tool result or prompt message, as the SDK parsed it. */
export type ContentBlock = { readonly type: string } & Readonly<Record<string, unknown>>;

/** The result of `tools/call`, as far as the mapping reads it. */
export interface ToolCallResult {
  readonly content?: readonly ContentBlock[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
}

/** Longest text of a tool error kept in the message the model sees. */
const maxErrorText = 2_000;

/**
 * The text of one content block: a text block's text; an embedded resource's text when it has one;
 * otherwise a bracketed note naming what it is (`[image image/png]`, `[resource file:///a.txt]`),
 * so a model reading the text knows something else was there.
 */
export function blockText(block: ContentBlock): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'resource') {
    const resource = block.resource as { uri?: string; text?: string; mimeType?: string } | undefined;
    if (typeof resource?.text === 'string') return resource.text;
    return `[resource ${resource?.uri ?? ''}${resource?.mimeType ? ` ${resource.mimeType}` : ''}]`;
  }
  if (block.type === 'resource_link') return `[resource ${String(block.uri ?? '')}]`;
  return `[${block.type}${typeof block.mimeType === 'string' ? ` ${block.mimeType}` : ''}]`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The value of a successful tool result: `structuredContent` when the server sent it; else, when
 * every block is text, the text (blocks joined by a line break) parsed as JSON when it is JSON and
 * kept as a string otherwise; else the content blocks themselves, so nothing (an image, a resource)
 * is lost. A result that failed (`isError`) throws `KitAIError('tool_failed')` with the server's text,
 * which the agent loop reports to the model as the tool's error.
 */
export function toolResultValue(result: ToolCallResult, label: string, tool: string): unknown {
  const content = result.content ?? [];
  if (result.isError) {
    let text = content.map(blockText).join('\n').trim();
    if (text === '' && result.structuredContent) text = JSON.stringify(result.structuredContent);
    if (text.length > maxErrorText) text = `${text.slice(0, maxErrorText)}…`;
    throw new KitAIError(
      'tool_failed',
      `${label}: tool "${tool}" reported an error: ${text === '' ? '(the server gave no details)' : text}`,
    );
  }
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (content.every((block) => block.type === 'text')) return parseJson(content.map(blockText).join('\n'));
  return content.map((block) => ({ ...block }));
}
