import { documentMarkdown, type Content } from '../content/index.js';
import type { UrlMaker } from '../api/urls.js';

/**
 * `/llms.txt` in the llms.txt format: the site as an H1, its summary as a blockquote, a line on the
 * other ways in, then one H2 per navigation group listing `- [title](url.md): summary`.
 */
export function renderLlmsTxt(content: Content, url: UrlMaker): string {
  const { site } = content;
  const lines = [
    `# ${oneLine(site.title)}`,
    '',
    `> ${oneLine(site.summary)}`,
    '',
    `Every document below is Markdown. The same documents are at ${url('/llms-full.txt')} in one file, and ` +
      `${url('/api/search')}?q= searches their sections (described by ${url('/openapi.json')}; also over MCP at ${url('/mcp')}).`,
  ];
  const groups = [...site.groups, ...new Set(content.documents.map((d) => d.group).filter((group) => !site.groups.includes(group)))];
  for (const group of groups) {
    const documents = content.documents.filter((document) => document.group === group);
    if (documents.length === 0) continue;
    lines.push('', `## ${oneLine(group)}`, '');
    for (const document of documents) {
      const summary = oneLine(document.summary);
      lines.push(`- [${linkText(document.title)}](${url(`${document.url}.md`)})${summary ? `: ${summary}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `/llms-full.txt`: the site heading, then every document's Markdown view in navigation order. */
export function renderLlmsFullTxt(content: Content, url: UrlMaker): string {
  const header = `# ${oneLine(content.site.title)}\n\n> ${oneLine(content.site.summary)}\n`;
  const documents = content.documents.map((document) => `<!-- ${url(document.url)} -->\n${documentMarkdown(document)}`);
  return [header, ...documents].join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function linkText(text: string): string {
  return oneLine(text).replace(/[[\]]/g, '\\$&');
}
