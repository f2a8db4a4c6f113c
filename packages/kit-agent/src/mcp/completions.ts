import { ServerRequestError, type McpCompleter, type McpPrompt } from './prompts.js';
import type { McpResourceTemplate } from './resources.js';

/** Most values one completion answer carries, as the protocol allows. */
const maxValues = 100;

/** A `completion/complete` reference: a prompt by name, or a resource template by its URI template. */
export type CompletionReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** Whether any prompt argument or template variable offers completions (the server then announces the capability). */
export function offersCompletions(prompts: readonly McpPrompt[], templates: readonly McpResourceTemplate[]): boolean {
  return (
    prompts.some((prompt) => (prompt.arguments ?? []).some((argument) => argument.complete)) ||
    templates.some((template) => Object.keys(template.complete ?? {}).length > 0)
  );
}

/**
 * Answers `completion/complete`: the completer of the named argument or variable, its first 100
 * values, the total and whether more exist. An argument without a completer gets no values; an
 * unknown prompt or template is invalid parameters.
 */
export async function complete(
  reference: CompletionReference,
  argument: { name: string; value: string },
  context: Readonly<Record<string, string>>,
  prompts: readonly McpPrompt[],
  templates: readonly McpResourceTemplate[],
): Promise<{ completion: { values: string[]; total: number; hasMore: boolean } }> {
  let completer: McpCompleter | undefined;
  if (reference.type === 'ref/prompt') {
    const prompt = prompts.find((candidate) => candidate.name === reference.name);
    if (!prompt)
      throw new ServerRequestError(
        'invalid_params',
        `Unknown prompt ${JSON.stringify(reference.name.slice(0, 100))}; list the prompts to see their names.`,
      );
    completer = prompt.arguments?.find((candidate) => candidate.name === argument.name)?.complete;
  } else {
    const template = templates.find((candidate) => candidate.uriTemplate === reference.uri);
    if (!template)
      throw new ServerRequestError(
        'invalid_params',
        `Unknown resource template ${JSON.stringify(reference.uri.slice(0, 200))}; list the templates to see them.`,
      );
    completer = template.complete && Object.hasOwn(template.complete, argument.name) ? template.complete[argument.name] : undefined;
  }
  const values = completer ? [...(await completer(argument.value, context))] : [];
  return { completion: { values: values.slice(0, maxValues), total: values.length, hasMore: values.length > maxValues } };
}
