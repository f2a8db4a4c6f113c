import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { ProblemList } from './problems.js';

/** A section as cut from a Markdown body, before tags and urls are attached. */
export interface RawSection {
  readonly heading: string;
  readonly anchor: string;
  readonly level: 1 | 2 | 3;
  readonly parentAnchor: string | undefined;
  readonly markdown: string;
  readonly text: string;
  readonly code: string;
  /** Tags from a `<!-- topics: … -->` comment right after the heading. */
  readonly ownTags: readonly string[];
  readonly line: number;
}

/** A link found in the body, to be resolved once every document is known. */
export interface RawLink {
  readonly href: string;
  readonly line: number;
}

export interface ParsedBody {
  readonly sections: readonly RawSection[];
  readonly links: readonly RawLink[];
}

const markdown = new MarkdownIt({ html: true, linkify: false });
const topicsComment = /^<!--\s*topics:\s*(.*?)\s*-->$/;

/**
 * Cuts a Markdown body into sections: the text under each `##` or `###` heading up to the next
 * heading of any level, and the text before the first heading as `Overview`. Works on markdown-it's
 * block tokens so that `#` lines inside code fences are never taken for headings.
 */
export function parseMarkdownBody(body: string, file: string, bodyLine: number, problems: ProblemList): ParsedBody {
  const lines = body.split('\n');
  const tokens = markdown.parse(body, {});
  const slugger = new GithubSlugger();
  const links: RawLink[] = [];

  interface Draft {
    heading: string;
    anchor: string;
    level: 1 | 2 | 3;
    parentAnchor: string | undefined;
    startLine: number; // 0-based body line of the first content line
    headingLine: number;
    text: string[];
    code: string[];
    ownTags: string[];
    tagLine: number | undefined;
  }
  const drafts: Draft[] = [];
  const headingStarts = tokens.filter((t) => t.type === 'heading_open').map((t) => t.map?.[0] ?? 0);
  const firstHeading = headingStarts[0] ?? lines.length;
  const hasOverview = lines.slice(0, firstHeading).some((line) => line.trim() !== '' && !topicsComment.test(line.trim()));
  let current: Draft | undefined;
  if (hasOverview) {
    current = newDraft('Overview', slugger.slug('Overview'), 1, undefined, 0, 0);
    drafts.push(current);
  }
  let parentAnchor: string | undefined;

  function newDraft(heading: string, anchor: string, level: 1 | 2 | 3, parent: string | undefined, startLine: number, headingLine: number): Draft {
    return { heading, anchor, level, parentAnchor: parent, startLine, headingLine, text: [], code: [], ownTags: [], tagLine: undefined };
  }

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const line = token.map?.[0];
    if (token.type === 'heading_open') {
      const inline = tokens[index + 1];
      const heading = inline ? inlineText(inline.children ?? [], [], links, bodyLine + (line ?? 0)).trim() : '';
      const level = Number(token.tag.slice(1));
      const at = bodyLine + (line ?? 0);
      if (level === 1) problems.add(file, at, 'level-1 heading in the body: the title comes from front matter; use `##`');
      if (level > 3) problems.add(file, at, `heading level ${level} is too deep: sections are \`##\` and \`###\``);
      if (heading === '') problems.add(file, at, 'empty heading');
      const sectionLevel: 2 | 3 = level <= 2 ? 2 : 3;
      if (sectionLevel === 2) parentAnchor = undefined;
      const anchor = slugger.slug(heading || 'section');
      current = newDraft(heading, anchor, sectionLevel, sectionLevel === 3 ? parentAnchor : undefined, (token.map?.[1] ?? 0), line ?? 0);
      if (sectionLevel === 2) parentAnchor = anchor;
      drafts.push(current);
      index += 2; // inline and heading_close
      continue;
    }
    if (!current) continue;
    switch (token.type) {
      case 'inline':
        current.text.push(inlineText(token.children ?? [], current.code, links, bodyLine + (line ?? 0)));
        break;
      case 'fence':
      case 'code_block':
        current.text.push(token.content.trimEnd());
        current.code.push(token.content.trimEnd());
        break;
      case 'html_block': {
        const match = topicsComment.exec(token.content.trim());
        if (match) {
          if (current.text.length > 0 || current.tagLine !== undefined) {
            problems.add(file, bodyLine + (line ?? 0), 'a topics comment must stand on the line right after its heading');
          }
          current.tagLine = line;
          current.ownTags.push(...(match[1] ?? '').split(',').map((tag) => tag.trim()).filter(Boolean));
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
    const contentLines = lines.slice(draft.startLine, end).filter((_, offset) => draft.startLine + offset !== draft.tagLine);
    return {
      heading: draft.heading,
      anchor: draft.anchor,
      level: draft.level,
      parentAnchor: draft.parentAnchor,
      markdown: contentLines.join('\n').trim(),
      text: joinText(draft.text),
      code: draft.code.join(' ').replace(/\s+/g, ' ').trim(),
      ownTags: draft.ownTags,
      line: bodyLine + (draft.level === 1 ? firstContentLine(lines) : draft.headingLine),
    } satisfies RawSection;
  });
  return { sections, links };
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

function firstContentLine(lines: readonly string[]): number {
  const index = lines.findIndex((line) => line.trim() !== '');
  return index < 0 ? 0 : index;
}
