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
import { containerInfo, withContainers } from '../content/markup/parser.js';
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

/** Containers that only group what they hold, with no title of their own. */
const plainContainers = new Set(['code-group', 'tabs', 'raw', 'v-pre']);

// Raw HTML stays off: any tag in the content is shown as text, never as markup. Containers (`::: tip`,
// which the loader made of every generator's admonitions, tabs and disclosures) are rendered here.
const markdown = withContainers(new MarkdownIt({ html: false, linkify: false, typographer: false }), (tokens, index) => {
  const token = tokens[index]!;
  const opening = token.nesting === 1;
  const { kind, title } = opening ? containerInfo(token) : containerInfo(matchingOpen(tokens, index));
  if (kind === 'details') {
    return opening ? `<details class="admonition details"><summary>${escapeHtml(title || 'Details')}</summary>\n` : '</details>\n';
  }
  if (kind === 'tab') {
    return opening ? `<div class="tab"><p class="tab-label">${escapeHtml(title || 'Tab')}</p>\n` : '</div>\n';
  }
  if (plainContainers.has(kind)) return opening ? `<div class="${escapeHtml(kind)}">\n` : '</div>\n';
  // An admonition is a note beside the text: an aside whose title names it, whatever its kind.
  const heading = title || kind.charAt(0).toUpperCase() + kind.slice(1);
  return opening
    ? `<aside class="admonition ${escapeHtml(kind)}" role="note" aria-label="${escapeHtml(heading)}"><p class="admonition-title">${escapeHtml(heading)}</p>\n`
    : '</aside>\n';
});

/** The opening token of the container that the closing token at `index` ends. */
function matchingOpen(tokens: readonly Token[], index: number): Token {
  let depth = 0;
  for (let at = index; at >= 0; at--) {
    const token = tokens[at]!;
    if (token.type === 'container_block_close') depth++;
    else if (token.type === 'container_block_open' && --depth === 0) return token;
  }
  return tokens[index]!;
}

/** The label of a code block: `[npm]` (VitePress code groups) or `title="app.ts"` (Docusaurus), else its language. */
function codeLabel(info: string): string {
  const bracketed = /\[([^\]]+)\]/.exec(info);
  if (bracketed) return bracketed[1]!;
  const titled = /title=(?:"([^"]*)"|'([^']*)')/.exec(info);
  if (titled) return titled[1] ?? titled[2] ?? '';
  return info.trim().split(/\s+/)[0] ?? '';
}

markdown.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index]!;
  const info = token.info.trim().split(/[\s{[]/)[0] ?? '';
  const language = languages[info.toLowerCase()];
  const code = language ? hljs.highlight(token.content, { language, ignoreIllegals: true }).value : escapeHtml(token.content);
  const shown = codeLabel(token.info);
  const label = shown ? `<span class="code-lang">${escapeHtml(shown)}</span>` : '';
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
 * Headings take the anchors computed when the content was loaded, by position: `document.headings`
 * lists every heading of the body, sections and deeper ones, in order. Their texts may differ, since
 * raw HTML in a heading is dropped there and shown as text here, and a `{#id}` is the anchor there and
 * dropped here. Only if the counts disagree are the headings slugged afresh, the same GitHub way, so
 * that the page still has unique ids.
 */
function assignHeadingAnchors(tokens: Token[], document: Document): void {
  const known = document.headings;
  const headings = tokens.flatMap((token, index) => (token.type === 'heading_open' ? [index] : []));
  const slugger = new GithubSlugger();
  if (document.sections.some((section) => section.level === 1)) slugger.slug('Overview');
  const byPosition = headings.length === known.length;
  headings.forEach((index, position) => {
    const inline = tokens[index + 1];
    dropCustomAnchor(inline);
    const text = plainText(inline);
    const heading = known[position];
    const anchor = byPosition && heading ? heading.anchor : slugger.slug(text || 'section');
    tokens[index]!.attrSet('id', anchor);
    const close = tokens.slice(index).find((token) => token.type === 'heading_close');
    if (close) close.meta = { anchor, heading: heading?.text ?? text };
  });
}

/** Removes a trailing `{#id}` from a heading's text: it set the anchor, and is not shown. */
function dropCustomAnchor(inline: Token | undefined): void {
  const last = inline?.children?.[inline.children.length - 1];
  if (last?.type === 'text') last.content = last.content.replace(/\s*\{\s*#[\w-]+[^}]*\}\s*$/, '');
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
