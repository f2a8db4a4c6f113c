import type { Document } from './types.js';

/**
 * A document as one Markdown file: its title as the heading, its summary (unless it is the first
 * paragraph of the body anyway), then its body. MCP resources and the `.md` views serve this same text.
 *
 * @example
 * ```ts
 * import { documentMarkdown, embeddedContentDirectory, loadContent } from '@kit/docs';
 *
 * const content = await loadContent(embeddedContentDirectory);
 * console.log(documentMarkdown(content.documents[0]!).split('\n')[0]); // # Getting started
 * ```
 */
export function documentMarkdown(document: Document): string {
  const summary = document.summaryFromBody || document.summary === '' ? '' : `> ${document.summary}\n\n`;
  return `# ${document.title}\n\n${summary}${document.markdown}\n`;
}
