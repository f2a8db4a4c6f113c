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
  read(): string;
}
