import GithubSlugger from 'github-slugger';
import type Token from 'markdown-it/lib/token.mjs';
import { containerClose, containerInfo, containerOpen, contentParser } from './markup/parser.js';
import type { SourceLine } from './markup/source-line.js';
import type { ProblemList } from './problems.js';

/** A section as cut from a Markdown body, before tags and urls are attached. */
export interface RawSection {
  readonly heading: string;
  readonly anchor: string;
  readonly level: 1 | 2 | 3;
  readonly parentAnchor: string | undefined;
  /** Index of the first body line of the section (after its heading) and of the line after its last. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly code: string;
  /** Tags from a `<!-- topics: … -->` comment right after the heading. */
  readonly ownTags: readonly string[];
  /** Index of the topics comment line, left out of the section's Markdown. */
  readonly tagLine: number | undefined;
  readonly line: number;
}

/** A link found in the body, to be resolved once every document is known. */
export interface RawLink {
  readonly href: string;
  readonly line: number;
}

/** Every heading of the body in order, sections and deeper ones alike: the ids the page gives them. */
export interface RawHeading {
  readonly level: number;
  readonly anchor: string;
  readonly text: string;
}

export interface ParsedBody {
  readonly sections: readonly RawSection[];
  readonly headings: readonly RawHeading[];
  readonly links: readonly RawLink[];
  /** The level-1 heading that gives the document its title (lenient mode), with the lines it spans. */
  readonly title: { readonly text: string; readonly start: number; readonly end: number } | undefined;
  /** Plain text of the first top-level paragraph, for a summary. */
  readonly firstParagraph: string | undefined;
  /** Lines inside code blocks, which link rewriting leaves alone. */
  readonly codeLines: ReadonlySet<number>;
}

const topicsComment = /^<!--\s*topics:\s*(.*?)\s*-->$/;
const customAnchor = /\s*\{\s*#([\w-]+)[^}]*\}\s*$/;

/**
 * Cuts a Markdown body into sections: the text under each `##` or `###` heading up to the next
 * section heading, and the text before the first as `Overview`. Works on markdown-it's block tokens so
 * that `#` lines inside code fences are never taken for headings.
 *
 * In strict mode a level-1 heading and a heading deeper than `###` are errors. Otherwise the first
 * level-1 heading before any section is the document's title and leaves the body, later ones start
 * `##` sections, and deeper headings (and headings inside lists, quotes or containers) stay inside
 * their section with an anchor of their own. `{#id}` after a heading sets its anchor.
 */
export function parseMarkdownBody(lines: readonly SourceLine[], file: string, problems: ProblemList): ParsedBody {
  const strict = problems.strict;
  const tokens = contentParser.parse(lines.map((line) => line.text).join('\n'), {});
  const slugger = new GithubSlugger();
  const links: RawLink[] = [];
  const headings: RawHeading[] = [];
  const lineAt = (index: number | undefined) => lines[Math.min(index ?? 0, lines.length - 1)]?.line ?? 1;

  interface Draft {
    heading: string;
    anchor: string;
    level: 1 | 2 | 3;
    parentAnchor: string | undefined;
    startLine: number; // index of the first content line
    headingLine: number;
    text: string[];
    code: string[];
    ownTags: string[];
    tagLine: number | undefined;
  }
  const drafts: Draft[] = [];
  const codeLines = new Set<number>();
  let title: ParsedBody['title'];
  let firstParagraph: string | undefined;

  const isSectionHeading = (token: Token) =>
    token.type === 'heading_open' && (strict || (token.level === 0 && Number(token.tag.slice(1)) <= 3));
  if (!strict) {
    const first = tokens.find((token) => isSectionHeading(token));
    if (first?.tag === 'h1') {
      const inline = tokens[tokens.indexOf(first) + 1];
      const text = inline ? stripAnchor(inlineText(inline.children ?? [], [], [], 0)).heading : '';
      title = { text, start: first.map?.[0] ?? 0, end: first.map?.[1] ?? 0 };
    }
  }
  const sectionStarts = tokens.filter((t) => isSectionHeading(t) && !(title && t.map?.[0] === title.start)).map((t) => t.map?.[0] ?? 0);
  const firstHeading = sectionStarts[0] ?? lines.length;
  const hasOverview = lines
    .slice(0, firstHeading)
    .some(
      (line, index) =>
        line.text.trim() !== '' && !topicsComment.test(line.text.trim()) && !(title && index >= title.start && index < title.end),
    );
  let current: Draft | undefined;
  if (hasOverview) {
    current = newDraft('Overview', slugger.slug('Overview'), 1, undefined, 0, 0);
    drafts.push(current);
  }
  let parentAnchor: string | undefined;

  function newDraft(
    heading: string,
    anchor: string,
    level: 1 | 2 | 3,
    parent: string | undefined,
    startLine: number,
    headingLine: number,
  ): Draft {
    return { heading, anchor, level, parentAnchor: parent, startLine, headingLine, text: [], code: [], ownTags: [], tagLine: undefined };
  }

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const line = token.map?.[0];
    if (token.type === 'heading_open') {
      const inline = tokens[index + 1];
      const written = inline ? inlineText(inline.children ?? [], [], links, lineAt(line)).trim() : '';
      const { heading, anchor: custom } = stripAnchor(written);
      const level = Number(token.tag.slice(1));
      const at = lineAt(line);
      if (title && line === title.start) {
        index += 2;
        continue;
      }
      if (strict) {
        if (level === 1) problems.add(file, at, 'level-1 heading in the body: the title comes from front matter; use `##`');
        if (level > 3) problems.add(file, at, `heading level ${level} is too deep: sections are \`##\` and \`###\``);
      }
      if (heading === '') problems.soft(file, at, 'empty heading');
      const anchor = custom ? slugger.slug(custom, true) : slugger.slug(heading || 'section');
      headings.push({ level, anchor, text: heading });
      if (!isSectionHeading(token)) {
        // A deeper heading stays in its section: its words are part of the section's text.
        current?.text.push(heading, '\n');
        index += 2;
        continue;
      }
      const sectionLevel: 2 | 3 = level <= 2 ? 2 : 3;
      if (sectionLevel === 2) parentAnchor = undefined;
      current = newDraft(heading, anchor, sectionLevel, sectionLevel === 3 ? parentAnchor : undefined, token.map?.[1] ?? 0, line ?? 0);
      if (sectionLevel === 2) parentAnchor = anchor;
      drafts.push(current);
      index += 2; // inline and heading_close
      continue;
    }
    if ((token.type === 'fence' || token.type === 'code_block') && token.map) {
      for (let codeLine = token.map[0]; codeLine < token.map[1]; codeLine++) codeLines.add(codeLine);
    }
    if (token.type === 'paragraph_open' && token.level === 0 && firstParagraph === undefined) {
      const inline = tokens[index + 1];
      const text = inline
        ? inlineText(inline.children ?? [], [], [], 0)
            .replace(/\s+/g, ' ')
            .trim()
        : '';
      if (text !== '') firstParagraph = text;
    }
    if (!current) {
      if (token.type === 'inline') inlineText(token.children ?? [], [], links, lineAt(line));
      continue;
    }
    switch (token.type) {
      case 'inline':
        current.text.push(inlineText(token.children ?? [], current.code, links, lineAt(line)));
        break;
      case 'fence':
      case 'code_block':
        current.text.push(token.content.trimEnd());
        current.code.push(token.content.trimEnd());
        break;
      case containerOpen: {
        // A container's own title (`::: warning Breaking change`, a tab's label) is text of the section.
        const { title: containerTitle } = containerInfo(token);
        if (containerTitle) current.text.push(containerTitle, '\n');
        break;
      }
      case containerClose:
        current.text.push('\n');
        break;
      case 'html_block': {
        const match = topicsComment.exec(token.content.trim());
        if (match) {
          if (current.text.length > 0 || current.tagLine !== undefined) {
            problems.soft(file, lineAt(line), 'a topics comment must stand on the line right after its heading');
          }
          current.tagLine = line;
          current.ownTags.push(
            ...(match[1] ?? '')
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean),
          );
        }
        break;
      }
      case 'tr_close':
      case 'paragraph_close':
      case 'list_item_close':
        current.text.push('\n');
        break;
      default:
        break;
    }
  }

  const sections = drafts.map((draft, position) => {
    const next = drafts[position + 1];
    const end = next ? next.headingLine : lines.length;
    return {
      heading: draft.heading,
      anchor: draft.anchor,
      level: draft.level,
      parentAnchor: draft.parentAnchor,
      start: draft.startLine,
      end,
      text: joinText(draft.text),
      code: draft.code.join(' ').replace(/\s+/g, ' ').trim(),
      ownTags: draft.ownTags,
      tagLine: draft.tagLine,
      line: lineAt(draft.level === 1 ? firstContentLine(lines, title) : draft.headingLine),
    } satisfies RawSection;
  });
  return { sections, headings, links, title, firstParagraph, codeLines };
}

/** `Install {#setup}` gives the heading `Install` and the anchor `setup`. */
function stripAnchor(heading: string): { heading: string; anchor: string | undefined } {
  const match = customAnchor.exec(heading);
  return match ? { heading: heading.slice(0, match.index).trim(), anchor: match[1] } : { heading, anchor: undefined };
}

/** Plain text of inline tokens; inline code goes to `code` too, and links are collected. */
function inlineText(children: readonly Token[], code: string[], links: RawLink[], line: number): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
        text += child.content;
        break;
      case 'code_inline':
        text += child.content;
        code.push(child.content);
        break;
      case 'softbreak':
      case 'hardbreak':
        text += ' ';
        break;
      case 'image':
        text += child.content;
        break;
      case 'link_open': {
        const href = child.attrGet('href');
        if (href) links.push({ href, line });
        break;
      }
      default:
        break;
    }
  }
  return text;
}

/** Joins text pieces, keeping one line break between blocks and single spaces inside them. */
function joinText(pieces: readonly string[]): string {
  return pieces
    .join(' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function firstContentLine(lines: readonly SourceLine[], title: ParsedBody['title']): number {
  const index = lines.findIndex((line, position) => line.text.trim() !== '' && !(title && position >= title.start && position < title.end));
  return index < 0 ? 0 : index;
}

/**
 * The Markdown of lines `start` to `end`, without the lines in `skip` (a title heading, a topics comment).
 */
export function sliceMarkdown(lines: readonly SourceLine[], start: number, end: number, skip: ReadonlySet<number>): string {
  const kept: string[] = [];
  for (let index = start; index < end; index++) if (!skip.has(index)) kept.push(lines[index]?.text ?? '');
  return kept.join('\n').trim();
}
