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
import { containerClose, containerInfo, containerOpen, withContainers } from '../content/markup/parser.js';
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
  // A closing token carries the info of its opening one (see pairContainers), so both read the same kind.
  const { kind, title } = containerInfo(token);
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

/**
 * Gives each closing container token the info string of the token that opened it, in one pass with a
 * stack, so the renderer knows what it closes without looking back through the tokens it holds.
 */
function pairContainers(tokens: readonly Token[]): void {
  const open: Token[] = [];
  for (const token of tokens) {
    if (token.type === containerOpen) open.push(token);
    else if (token.type === containerClose) token.info = open.pop()?.info ?? token.info;
  }
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
 * Linear in the size of the document: every pass below walks the tokens once. With a `base`
 * (`/libraries/hono/3`), the links to other documents, to the home page and to images lead under it.
 */
export function renderDocumentBody(document: Document, base = ''): Html {
  const env = {};
  const tokens = dropTopicsComments(markdown.parse(document.markdown, env), env);
  pairContainers(tokens);
  assignHeadingAnchors(tokens, document);
  const body = markdown.renderer.render(tokens, markdown.options, env);
  return rawHtml(base === '' ? body : rebase(body, base));
}

/**
 * The site's own links of a rendered body (`/docs/…` and `/media/…`, as the loader made them, and
 * `/` for the home page) moved under `base`. Only attributes can match: text and code have their
 * quotes escaped, so `href="/docs/` never appears there.
 */
function rebase(body: string, base: string): string {
  const escapedBase = escapeHtml(base);
  return body.replace(/ (href|src)="\/(?=docs\/|media\/|"|#)/g, (_match, attribute: string) => ` ${attribute}="${escapedBase}/`);
}

/**
 * Headings take the anchors computed when the content was loaded, by position: `document.headings`
 * lists every heading of the body, sections and deeper ones, in order. Their texts may differ, since
 * raw HTML in a heading is dropped there and shown as text here, and a `{#id}` is the anchor there and
 * dropped here. Only if the counts disagree are the headings slugged afresh, the same GitHub way, so
 * that the page still has unique ids.
 */
function assignHeadingAnchors(tokens: readonly Token[], document: Document): void {
  const known = document.headings;
  let count = 0;
  for (const token of tokens) if (token.type === 'heading_open') count++;
  const byPosition = count === known.length;
  const slugger = new GithubSlugger();
  if (!byPosition && document.sections.some((section) => section.level === 1)) slugger.slug('Overview');
  let position = 0;
  // The heading whose close is still to come: a heading's tokens are open, inline, close, never nested.
  let pending: { anchor: string; heading: string } | undefined;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'heading_close' && pending) {
      token.meta = pending;
      pending = undefined;
      continue;
    }
    if (token.type !== 'heading_open') continue;
    const inline = tokens[index + 1];
    dropCustomAnchor(inline);
    const text = plainText(inline);
    const heading = known[position++];
    const anchor = byPosition && heading ? heading.anchor : slugger.slug(text || 'section');
    token.attrSet('id', anchor);
    pending = { anchor, heading: heading?.text ?? text };
  }
}

/** Removes a trailing `{#id}` from a heading's text: it set the anchor, and is not shown. */
function dropCustomAnchor(inline: Token | undefined): void {
  const last = inline?.children?.[inline.children.length - 1];
  if (last?.type === 'text') last.content = last.content.replace(/\s*\{\s*#[\w-]+[^}]*\}\s*$/, '');
}

/**
 * The tokens without `<!-- topics: … -->` lines, which raw-HTML-off rendering would otherwise show as
 * text. Builds a new list rather than splicing the old one, which would move every later token once
 * per comment.
 */
function dropTopicsComments(tokens: readonly Token[], env: object): Token[] {
  const kept: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const inline = tokens[index + 1];
    const match = token.type === 'paragraph_open' && inline?.type === 'inline' ? topicsComment.exec(inline.content) : null;
    if (!match || !inline) {
      kept.push(token);
      continue;
    }
    const rest = inline.content.slice(match[0].length);
    if (rest.trim() === '') {
      index += 2; // the paragraph's inline and close go with it
      continue;
    }
    inline.content = rest;
    inline.children = [];
    markdown.inline.parse(rest, markdown, env, inline.children);
    kept.push(token);
  }
  return kept;
}

function plainText(inline: Token | undefined): string {
  if (!inline?.children) return inline?.content.trim() ?? '';
  return inline.children
    .map((child) =>
      child.type === 'text' || child.type === 'code_inline' || child.type === 'image'
        ? child.content
        : child.type.endsWith('break')
          ? ' '
          : '',
    )
    .join('')
    .trim();
}
