import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { parse as parseYaml } from 'yaml';
import type { SearchableSection } from '@kit/docs-search';
import { splitFrontMatter, toPlainMarkdown } from './markup.js';

/** One page of a documentation folder. */
export interface FolderPage {
  /** Path without extension, folders kept; an index or README page takes its folder's name. */
  readonly slug: string;
  readonly title: string;
}

/** A documentation folder cut into the sections the engines index. */
export interface FolderCorpus {
  readonly pages: readonly FolderPage[];
  /** Section ids are `<page slug>#<anchor>`. */
  readonly sections: readonly SearchableSection[];
}

const markdown = new MarkdownIt({ html: true, linkify: false });
const PAGE_FILE = /\.mdx?$/u;
const CUSTOM_ANCHOR = /\s*\{#([\w-]+)\}\s*$/u;

/**
 * Loads a plain documentation folder as VitePress, Docusaurus and MkDocs lay it out, with no
 * settings: every `.md`/`.mdx` file is a page (files whose name starts with `_` are partials, inlined
 * where a page imports them), the title comes from front matter or the first `#` heading, and
 * `##`/`###` headings start sections while deeper ones stay inside theirs. The text before the first
 * section is the page's `Overview`. Generator syntax is reduced to text first (see markup.ts).
 *
 * @example
 * ```ts
 * const corpus = loadFolder('/tmp/foreign/hono/docs');
 * corpus.sections[0]?.id; // 'api#overview' (for example)
 * ```
 */
export function loadFolder(directory: string): FolderCorpus {
  const root = resolve(directory);
  const files = listPages(root);
  const navTitles = mkdocsNavTitles(root);
  const pages: FolderPage[] = [];
  const sections: SearchableSection[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const slug = pageSlug(relative(root, file));
    if (seen.has(slug)) continue;
    seen.add(slug);
    const cut = cutPage(readFileSync(file, 'utf8'), file, slug, navTitles.get(relative(root, file).split('\\').join('/')));
    pages.push({ slug, title: cut.title });
    sections.push(...cut.sections);
  }
  return { pages, sections };
}

function listPages(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && PAGE_FILE.test(entry.name) && !entry.name.startsWith('_'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !relative(root, path)
          .split(/[\\/]/u)
          .some((part) => part.startsWith('.') || part === 'node_modules'),
    )
    .sort();
}

/**
 * A page's slug from its path: extension dropped, folders kept, `index`/`README` naming their folder.
 *
 * @example
 * ```ts
 * pageSlug('api/index.md'); // 'api'
 * pageSlug('helpers/testing.md'); // 'helpers/testing'
 * ```
 */
export function pageSlug(relativePath: string): string {
  const parts = relativePath.split(/[\\/]/u);
  const last = parts.pop()!.replace(PAGE_FILE, '');
  if (!/^(index|readme)$/iu.test(last) || parts.length === 0) parts.push(last);
  return parts.join('/').toLowerCase();
}

interface CutPage {
  readonly title: string;
  readonly sections: SearchableSection[];
}

interface Draft {
  heading: string;
  anchor: string;
  text: string[];
  code: string[];
}

/**
 * Cuts one page into sections.
 *
 * @example
 * ```ts
 * cutPage('# Routing\nIntro.\n## Path parameters\nUse `c.req.param()`.\n', '/d/routing.md', 'routing').sections.map((s) => s.heading);
 * // ['Overview', 'Path parameters']
 * ```
 */
export function cutPage(source: string, file: string, slug: string, navTitle?: string): CutPage {
  const { yaml, body } = splitFrontMatter(source);
  const front = readFrontMatter(yaml);
  const plain = toPlainMarkdown(body, { readPartial: (specifier) => readPartial(file, specifier) });
  const tokens = markdown.parse(plain, {});
  const slugger = new GithubSlugger();
  let title = front.title;
  const drafts: Draft[] = [];
  let current: Draft = { heading: 'Overview', anchor: slugger.slug('Overview'), text: [], code: [] };
  drafts.push(current);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.type === 'heading_open') {
      const inline = tokens[index + 1];
      const raw = inline === undefined ? '' : inlineText(inline.children ?? [], []).trim();
      const custom = CUSTOM_ANCHOR.exec(raw);
      const heading = raw.replace(CUSTOM_ANCHOR, '').trim();
      const anchor = custom?.[1] ?? slugger.slug(heading || 'section');
      const level = Number(token.tag.slice(1));
      index += 2;
      if (level === 1) {
        title ??= heading;
        continue;
      }
      if (level > 3) {
        // Deeper headings stay inside their section, as words of it.
        current.text.push(heading, '\n');
        continue;
      }
      current = { heading, anchor, text: [], code: [] };
      drafts.push(current);
      continue;
    }
    switch (token.type) {
      case 'inline':
        current.text.push(inlineText(token.children ?? [], current.code));
        break;
      case 'fence':
      case 'code_block':
        current.text.push(token.content.trimEnd(), '\n');
        current.code.push(token.content.trimEnd());
        break;
      case 'paragraph_close':
      case 'list_item_close':
      case 'tr_close':
        current.text.push('\n');
        break;
      default:
        break;
    }
  }
  const pageTitle = title ?? navTitle ?? humanise(slug.split('/').pop()!);
  const sections = drafts
    .map((draft) => ({ draft, text: joinText(draft.text) }))
    // An empty overview (a page that starts with its first section) is no section.
    .filter(({ draft, text }) => draft !== drafts[0] || text !== '')
    .map(({ draft, text }) => ({
      id: `${slug}#${draft.anchor}`,
      documentTitle: pageTitle,
      heading: draft.heading,
      text,
      code: draft.code.join(' ').replace(/\s+/gu, ' ').trim(),
      topics:
        front.tags.length > 0 || slug.includes('/')
          ? [...new Set([...(slug.includes('/') ? [slug.split('/')[0]!] : []), ...front.tags])]
          : [],
    }));
  return { title: pageTitle, sections };
}

/** `event-hooks` → `Event hooks`: a title for a page that names none. */
function humanise(name: string): string {
  const words = name.replace(/[-_]+/gu, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Page titles from an MkDocs `nav` (`- Clients: 'advanced/clients.md'`), read from the
 * `mkdocs.yml` beside the docs folder: MkDocs names pages without a `#` heading that way.
 */
function mkdocsNavTitles(root: string): Map<string, string> {
  const titles = new Map<string, string>();
  let config: unknown;
  try {
    // MkDocs tags such as `!!python/name:` are not YAML this parser knows; they never occur in `nav`.
    config = parseYaml(readFileSync(join(dirname(root), 'mkdocs.yml'), 'utf8'), { logLevel: 'silent' });
  } catch {
    return titles;
  }
  const visit = (entries: unknown): void => {
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (typeof entry !== 'object' || entry === null) continue;
      for (const [title, value] of Object.entries(entry as Record<string, unknown>)) {
        if (typeof value === 'string') titles.set(value, title);
        else visit(value);
      }
    }
  };
  visit((config as { nav?: unknown } | null)?.nav);
  return titles;
}

interface FrontMatter {
  readonly title: string | undefined;
  readonly tags: readonly string[];
}

function readFrontMatter(yaml: string | undefined): FrontMatter {
  if (yaml === undefined) return { title: undefined, tags: [] };
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch {
    return { title: undefined, tags: [] };
  }
  if (typeof data !== 'object' || data === null) return { title: undefined, tags: [] };
  const record = data as Record<string, unknown>;
  const title = typeof record.title === 'string' && record.title.trim() !== '' ? record.title.trim() : undefined;
  const tags = Array.isArray(record.tags)
    ? record.tags.filter((tag): tag is string => typeof tag === 'string').map((tag) => tag.toLowerCase())
    : [];
  return { title, tags };
}

function readPartial(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  try {
    return readFileSync(resolve(dirname(file), specifier), 'utf8');
  } catch {
    return undefined;
  }
}

function inlineText(children: readonly Token[], code: string[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'image') text += child.content;
    else if (child.type === 'code_inline') {
      text += child.content;
      code.push(child.content);
    } else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
  }
  return text;
}

function joinText(pieces: readonly string[]): string {
  return pieces
    .join(' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/gu, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
