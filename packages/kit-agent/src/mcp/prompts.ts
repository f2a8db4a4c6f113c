import { KitError } from '@kit/kit-core';

/** Suggests values of an argument or template variable as the user types: `value` is what they typed so far. */
export type McpCompleter = (value: string, context: Readonly<Record<string, string>>) => readonly string[] | Promise<readonly string[]>;

/** An argument of an `McpPrompt`. MCP passes every argument as a string. */
export interface McpPromptArgument {
  readonly name: string;
  readonly description?: string;
  /** A call without it is refused. Default false. */
  readonly required?: boolean;
  /** Completions of its value, for clients that offer them; `context` holds the arguments already given. */
  readonly complete?: McpCompleter;
}

/** One message of a rendered prompt. */
export interface McpPromptMessage {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/**
 * A prompt template an MCP client can list and render, such as "explain this error with the
 * documentation". `render` receives the arguments, every required one present and no unknown one.
 *
 * @example
 * ```ts
 * import type { McpPrompt } from '@kit/kit-agent';
 *
 * const explain: McpPrompt = {
 *   name: 'explain_api',
 *   description: 'Explain one kit API with the documentation at hand.',
 *   arguments: [{ name: 'api', description: 'A function or type name, such as createSmartAgent', required: true }],
 *   render: ({ api }) => `Search the kit documentation for ${api} and explain it with one example.`,
 * };
 * ```
 */
export interface McpPrompt {
  /** Unique among the server's prompts. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly McpPromptArgument[];
  /**
   * The prompt's messages: a string is one `user` message. A `KitError` thrown here reaches the
   * client as invalid parameters with its message (an unknown value, say); any other error as an
   * internal error that reveals nothing.
   */
  render(args: Readonly<Record<string, string>>): string | readonly McpPromptMessage[] | Promise<string | readonly McpPromptMessage[]>;
}

/** A refused prompt or completion request; the server turns it into the JSON-RPC error of its kind. */
export class ServerRequestError extends Error {
  readonly kind: 'invalid_params' | 'internal';
  constructor(kind: 'invalid_params' | 'internal', message: string) {
    super(message);
    this.kind = kind;
  }
}

function quoted(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.map((name) => `"${name}"`).join(', ');
}

function shortName(name: string): string {
  return JSON.stringify(name.length > 100 ? `${name.slice(0, 100)}…` : name);
}

/** The prompt called `name`, or a `ServerRequestError` listing the prompts there are. */
export function findPrompt(prompts: readonly McpPrompt[], name: string): McpPrompt {
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (!prompt)
    throw new ServerRequestError(
      'invalid_params',
      `Unknown prompt ${shortName(name)}; the prompts are ${quoted(prompts.map((candidate) => candidate.name))}.`,
    );
  return prompt;
}

/**
 * Renders a prompt after checking its arguments: each unknown argument and each missing required one
 * is named in one `invalid_params` error, so the caller fixes them all at once.
 */
export async function renderPrompt(
  prompt: McpPrompt,
  args: Readonly<Record<string, string>>,
): Promise<{ description?: string; messages: { role: 'user' | 'assistant'; content: { type: 'text'; text: string } }[] }> {
  const declared = prompt.arguments ?? [];
  const known = new Set(declared.map((argument) => argument.name));
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  const missing = declared
    .filter((argument) => argument.required && (args[argument.name] === undefined || args[argument.name] === ''))
    .map((argument) => argument.name);
  const problems = [
    ...(missing.length > 0 ? [`needs ${quoted(missing)}`] : []),
    ...(unknown.length > 0 ? [`takes no argument ${quoted(unknown.slice(0, 10))}`] : []),
  ];
  if (problems.length > 0) {
    throw new ServerRequestError(
      'invalid_params',
      `Prompt "${prompt.name}" ${problems.join(' and ')}; its arguments are ${quoted([...known])}.`,
    );
  }
  let rendered: string | readonly McpPromptMessage[];
  try {
    rendered = await prompt.render(args);
  } catch (error) {
    if (error instanceof KitError) throw new ServerRequestError('invalid_params', error.message);
    throw new ServerRequestError('internal', `Prompt "${prompt.name}" failed to render.`);
  }
  const messages = typeof rendered === 'string' ? [{ role: 'user' as const, text: rendered }] : rendered;
  return {
    ...(prompt.description ? { description: prompt.description } : {}),
    messages: messages.map((message) => ({ role: message.role, content: { type: 'text' as const, text: message.text } })),
  };
}

/** The prompts as `prompts/list` describes them. */
export function listedPrompts(prompts: readonly McpPrompt[]) {
  return prompts.map((prompt) => ({
    name: prompt.name,
    ...(prompt.title ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
    arguments: (prompt.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...(argument.description ? { description: argument.description } : {}),
      required: argument.required ?? false,
    })),
  }));
}
