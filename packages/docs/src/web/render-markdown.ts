import GithubSlugger from 'github-slugger';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { Document } from '../content/index.js';
import { escapeHtml, rawHtml, type Html } from './html.js';

/** Fence info strings of the corpus, mapped to highlight.js languages; others are shown as plain text. */
const languages: Readonly<Record<string, string>> = {
  ts: 'typescript',
  typescript: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  javascript: 'javascript',
  sh: 'bash',
  bash: 'bash',
  shell: 'bash',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
};

// Only the grammars the corpus uses: the full bundle registers about 190 languages, which costs
// a start-up of the service over 100 ms for nothing.
for (const [name, grammar] of Object.entries({ bash, javascript, json, typescript, yaml })) hljs.registerLanguage(name, grammar);

/** The topics comment of a section, which is metadata for search and never shown. */
const topicsComment = /^<!--\s*topics:[^\n]*?-->[ \t]*(?:\n|$)/;

// Raw HTML stays off: any tag in the content is shown as text, never as markup.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

markdown.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index]!;
  const info = token.info.trim().split(/\s+/)[0] ?? '';
  const language = languages[info.toLowerCase()];
  const code = language ? hljs.highlight(token.content, { language, ignoreIllegals: true }).value : escapeHtml(token.content);
  const label = info ? `<span class="code-lang">${escapeHtml(info)}</span>` : '';
  // A long line makes the block scroll sideways; tabindex lets keyboard users reach it and scroll it.
  return `<div class="code">${label}<button type="button" class="copy" hidden>Copy</button><pre tabindex="0"><code class="hljs">${code}</code></pre></div>\n`;
};
markdown.renderer.rules.code_block = markdown.renderer.rules.fence;
markdown.renderer.rules.table_open = () => '<div class="table"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';
markdown.renderer.rules.heading_close = (tokens, index) => {
  const token = tokens[index]!;
  const anchor = typeof token.meta?.anchor === 'string' ? token.meta.anchor : '';
  const heading = typeof token.meta?.heading === 'string' ? token.meta.heading : '';
  const link = anchor ? ` <a class="anchor" href="#${escapeHtml(anchor)}" aria-label="Link to ${escapeHtml(heading)}">#</a>` : '';
  return `${link}</${token.tag}>\n`;
};

/**
 * The body of a document as HTML: code highlighted on the server, a copy button beside each block,
 * and on every heading the id the API's section urls use, so `/docs/x#anchor` lands on the heading.
 */
export function renderDocumentBody(document: Document): Html {
  const env = {};
  const tokens = markdown.parse(document.markdown, env);
  dropTopicsComments(tokens, env);
  assignHeadingAnchors(tokens, document);
  return rawHtml(markdown.renderer.render(tokens, markdown.options, env));
}

/**
 * Headings take the anchors computed when the content was loaded, by position: every heading of the
 * body is one section (the Overview, level 1, has no heading). Their texts may differ, since raw HTML
 * in a heading is dropped there and shown as text here. Only if the counts disagree are the headings
 * slugged afresh, the same GitHub way, so that the page still has unique ids.
 */
function assignHeadingAnchors(tokens: Token[], document: Document): void {
  const sections = document.sections.filter((section) => section.level !== 1);
  const headings = tokens.flatMap((token, index) => (token.type === 'heading_open' ? [index] : []));
  const slugger = new GithubSlugger();
  if (document.sections.some((section) => section.level === 1)) slugger.slug('Overview');
  const byPosition = headings.length === sections.length;
  headings.forEach((index, position) => {
    const text = plainText(tokens[index + 1]);
    const section = sections[position];
    const anchor = byPosition && section ? section.anchor : slugger.slug(text || 'section');
    tokens[index]!.attrSet('id', anchor);
    const close = tokens.slice(index).find((token) => token.type === 'heading_close');
    if (close) close.meta = { anchor, heading: section?.heading ?? text };
  });
}

/** Removes `<!-- topics: … -->` lines, which raw-HTML-off rendering would otherwise show as text. */
function dropTopicsComments(tokens: Token[], env: object): void {
  for (let index = tokens.length - 1; index >= 0; index--) {
    const inline = tokens[index]!;
    if (inline.type !== 'inline' || tokens[index - 1]?.type !== 'paragraph_open') continue;
    const match = topicsComment.exec(inline.content);
    if (!match) continue;
    const rest = inline.content.slice(match[0].length);
    if (rest.trim() === '') {
      tokens.splice(index - 1, 3);
    } else {
      inline.content = rest;
      inline.children = [];
      markdown.inline.parse(rest, markdown, env, inline.children);
    }
  }
}

function plainText(inline: Token | undefined): string {
  if (!inline?.children) return inline?.content.trim() ?? '';
  return inline.children
    .map((child) => (child.type === 'text' || child.type === 'code_inline' || child.type === 'image' ? child.content : child.type.endsWith('break') ? ' ' : ''))
    .join('')
    .trim();
}
