import { posix } from 'node:path';
import { outsideCodeSpans } from '../markup/inline.js';
import { contentParser } from '../markup/parser.js';
import type { SourceLine } from '../markup/source-line.js';
import { documentExtension } from './slugs.js';

/** A document as a link target. */
export interface LinkTarget {
  readonly slug: string;
  /** Path of the file below the documents folder. */
  readonly path: string;
  readonly isIndex: boolean;
  /** Every anchor of the page: its headings' and `overview`. */
  readonly anchors: ReadonlySet<string>;
}

/** Where a link goes: the href to write, and what is wrong with it when it goes nowhere. */
export interface ResolvedLink {
  readonly href: string;
  readonly problem?: string;
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Resolves the links of documents written for a generator: relative file links (`../api/request.md`,
 * `./x.mdx#anchor`, `guide/`), links from the documents folder's root (`/guide/intro`, VitePress and
 * Starlight urls, with or without `.md`, `.html` or a trailing slash), Docusaurus `/docs/…` urls and
 * the service's own `/docs/<slug>#<anchor>`. A link that names a document becomes `/docs/<slug>` and
 * keeps its anchor; an anchor written the way another generator slugs headings (`#app-get` for the
 * heading `app.get()`) is matched to the heading by its letters and digits. Links to other sites are
 * left alone.
 */
export class LinkResolver {
  readonly #byKey = new Map<string, LinkTarget>();

  constructor(targets: readonly LinkTarget[]) {
    for (const target of targets) {
      const path = target.path.replace(documentExtension, '');
      const keys = [target.slug, path];
      if (target.isIndex) keys.push(posix.dirname(path) === '.' ? '' : posix.dirname(path));
      for (const key of keys) if (!this.#byKey.has(key.toLowerCase())) this.#byKey.set(key.toLowerCase(), target);
    }
  }

  /** Resolves `href` (as markdown-it gives it, percent-encoded) written in the document at `from`. */
  resolve(href: string, from: LinkTarget): ResolvedLink {
    if (external.test(href)) return { href };
    const hashAt = href.indexOf('#');
    const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
    const anchor = hashAt === -1 ? undefined : decode(href.slice(hashAt + 1));
    const path = decode(beforeHash.replace(/\?.*$/, ''));
    if (path === '') {
      if (anchor === undefined || anchor === '') return { href };
      const found = matchAnchor(anchor, from.anchors);
      return found
        ? { href: `#${found}` }
        : { href, problem: `broken link "${href}": this page has no heading with the anchor "${anchor}"` };
    }
    const target = this.#find(path, from);
    if (!target) {
      // The top of the site (`/`, `./` at the top) is the home page when no document is its index.
      if (/^[./]*$/.test(path)) return { href: '/' };
      const extension = posix.extname(path.replace(/\/+$/, ''));
      if (extension !== '' && !documentExtension.test(extension) && extension !== '.html') {
        return { href, problem: `link to "${href}": the service serves documents, not other files; link to a page or to a full url` };
      }
      return { href, problem: `broken link "${href}": no document at "${path}"` };
    }
    const url = `/docs/${target.slug}`;
    if (anchor === undefined || anchor === '') return { href: url };
    const found = matchAnchor(anchor, target.anchors);
    if (found) return { href: `${url}#${found}` };
    return { href: `${url}#${anchor}`, problem: `broken link "${href}": "${target.slug}" has no heading with the anchor "${anchor}"` };
  }

  #find(path: string, from: LinkTarget): LinkTarget | undefined {
    const candidates: string[] = [];
    if (path.startsWith('/')) {
      const fromRoot = posix.normalize(path).replace(/^\/+/, '');
      candidates.push(fromRoot);
      if (fromRoot.startsWith('docs/')) candidates.push(fromRoot.slice('docs/'.length));
    } else {
      // Relative to the file first (`../api/request.md`), then to the page's url, which Starlight and
      // VitePress end with a slash, so that `../rollback/` from guides/deploy is guides/rollback.
      const file = posix.normalize(posix.join(posix.dirname(from.path), path));
      const page = posix.normalize(posix.join(from.isIndex ? posix.dirname(from.path) : from.path.replace(documentExtension, ''), path));
      // Docusaurus also finds a file link relative to the documents folder when the file is not beside the page.
      const root = posix.normalize(path);
      for (const joined of [file, page, root])
        if (!joined.startsWith('../') && joined !== '..') candidates.push(joined === '.' ? '' : joined);
    }
    for (const candidate of candidates) {
      const bare = candidate
        .replace(/\/+$/, '')
        .replace(/\.(?:mdx?|markdown|html)$/i, '')
        .toLowerCase();
      for (const key of [bare, `${bare}/index`, `${bare}/readme`]) {
        const found = this.#byKey.get(key.replace(/^\//, ''));
        if (found) return found;
      }
    }
    return undefined;
  }
}

/** The anchor as written if the page has it, else the page's anchor with the same letters and digits. */
function matchAnchor(anchor: string, anchors: ReadonlySet<string>): string | undefined {
  if (anchors.has(anchor)) return anchor;
  const lower = anchor.toLowerCase();
  if (anchors.has(lower)) return lower;
  const wanted = bare(anchor);
  if (wanted === '') return undefined;
  for (const candidate of anchors) if (bare(candidate) === wanted) return candidate;
  return undefined;
}

function bare(anchor: string): string {
  return anchor
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const INLINE_DESTINATION = /(\]\(\s*)(<[^>\n]*>|[^\s()<>]+(?:\([^\s()]*\)[^\s()<>]*)*)/g;
const DEFINITION = /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)/;

/**
 * Rewrites the link destinations of Markdown lines (inline links, images and reference definitions)
 * through `rewrite`, which gets each href as markdown-it normalises it and the line it is on; code
 * blocks and code spans are left alone.
 */
export function rewriteLinks(
  lines: readonly SourceLine[],
  code: ReadonlySet<number>,
  rewrite: (href: string, line: number) => string,
): SourceLine[] {
  let at = 0;
  const replace = (destination: string) => {
    const raw = destination.startsWith('<') ? destination.slice(1, -1) : destination;
    const href = contentParser.normalizeLink(raw);
    const next = rewrite(href, at);
    return next === href ? destination : next;
  };
  return lines.map((line, index) => {
    if (code.has(index) || !/\]/.test(line.text)) return line;
    at = line.line;
    // A definition's label may hold a code span (`[`.npmrc`]: ./npmrc.md`), so the line is read whole.
    const definition = DEFINITION.exec(line.text);
    const text = definition
      ? definition[1]! + replace(definition[2]!) + line.text.slice(definition[0].length)
      : outsideCodeSpans(line.text, (part) =>
          part.replace(INLINE_DESTINATION, (_, open: string, destination: string) => open + replace(destination)),
        );
    return text === line.text ? line : { text, line: line.line };
  });
}
