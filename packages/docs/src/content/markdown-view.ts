import type { Document } from './types.js';

/** A document as one Markdown file: its title as the heading, its summary, then its body. */
export function documentMarkdown(document: Document): string {
  return `# ${document.title}\n\n> ${document.summary}\n\n${document.markdown}\n`;
}
