import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { McpCompleter } from './prompts.js';

/**
 * A readable item an MCP client may list and fetch, such as one document of a documentation set.
 *
 * @example
 * ```ts
 * import type { McpResource } from '@kit/kit-agent';
 *
 * const readme: McpResource = {
 *   uri: 'kit-docs://docs/getting-started',
 *   name: 'getting-started',
 *   title: 'Getting started',
 *   mimeType: 'text/markdown',
 *   read: () => '# Getting started\n',
 * };
 * ```
 */
export interface McpResource {
  readonly uri: string;
  /** Short programmatic name, unique among the resources. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType: string;
  /** The resource's text; called on each read. */
  read(): string | Promise<string>;
}

/**
 * A family of resources addressed by an RFC 6570 URI template (`notes://{folder}/{id}`), for items
 * too many or too dynamic to list. Clients see it in `resources/templates/list`; a read of a URI that
 * no listed resource has is matched against each template in order, and the first whose `read`
 * returns text answers.
 *
 * @example
 * ```ts
 * import type { McpResourceTemplate } from '@kit/kit-agent';
 *
 * const notes = new Map([['todo', '- write the report']]);
 * const note: McpResourceTemplate = {
 *   uriTemplate: 'notes://{id}',
 *   name: 'note',
 *   description: 'One note, as Markdown.',
 *   mimeType: 'text/markdown',
 *   read: ({ id }) => (id === undefined ? undefined : notes.get(id)),
 *   complete: { id: (typed) => [...notes.keys()].filter((id) => id.startsWith(typed)) },
 * };
 * ```
 */
export interface McpResourceTemplate {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The type of every resource the template addresses. */
  readonly mimeType: string;
  /**
   * The text at a URI that matches the template, given its variables (percent-decoded); `undefined`
   * when nothing is there. Without `read`, the template is only listed, and reads are answered from
   * the listed resources alone.
   */
  read?(variables: Readonly<Record<string, string>>, uri: string): string | undefined | Promise<string | undefined>;
  /** Completions of each variable's value, by variable name. */
  readonly complete?: Readonly<Record<string, McpCompleter>>;
}

/** A template with its parsed matcher. */
export interface CompiledTemplate {
  readonly template: McpResourceTemplate;
  readonly matcher: UriTemplate;
}

/** Parses each template once; a malformed one is reported when the server is created. */
export function compileTemplates(templates: readonly McpResourceTemplate[]): CompiledTemplate[] {
  return templates.map((template) => ({ template, matcher: new UriTemplate(template.uriTemplate) }));
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The text at `uri`: a listed resource with that exact URI first, then the first template whose `read` answers. */
export async function readUri(
  uri: string,
  resources: readonly McpResource[],
  templates: readonly CompiledTemplate[],
): Promise<{ text: string; mimeType: string } | undefined> {
  const resource = resources.find((candidate) => candidate.uri === uri);
  if (resource) return { text: await resource.read(), mimeType: resource.mimeType };
  for (const { template, matcher } of templates) {
    if (!template.read) continue;
    const match = matcher.match(uri);
    if (!match) continue;
    const variables = Object.fromEntries(
      Object.entries(match).map(([name, value]) => [name, decoded(Array.isArray(value) ? value.join(',') : value)]),
    );
    const text = await template.read(variables, uri);
    if (text !== undefined) return { text, mimeType: template.mimeType };
  }
  return undefined;
}
