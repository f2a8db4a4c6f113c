/**
 * Reduces the syntax documentation generators add on top of Markdown (VitePress and Docusaurus
 * containers, MkDocs admonitions and content tabs, GitHub alerts, MDX imports and components) to
 * plain Markdown, so the sections a benchmark indexes hold the words a reader sees and none of the
 * markup. Code fences are left exactly as written.
 */

/** Reads a partial that an MDX page imports (`import Part from './_part.mdx'`); undefined when missing. */
export type PartialReader = (specifier: string) => string | undefined;

/** Options of `toPlainMarkdown`. */
export interface PlainMarkdownOptions {
  /** Reads imported `.md`/`.mdx` partials, so `<Part />` is replaced by the partial's text. */
  readonly readPartial?: PartialReader;
}

const FENCE = /^\s*(`{3,}|~{3,})/u;
const CONTAINER = /^\s*:{3,}\s*(.*)$/u;
const ADMONITION = /^(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+"([^"]*)")?\s*$/u;
const CONTENT_TAB = /^===\+?\s+"([^"]*)"\s*$/u;
const GITHUB_ALERT = /^\s*>\s*\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*$/iu;
const MDX_IMPORT = /^import\s+(?:(\w+)\s+from\s+)?['"]([^'"]+)['"];?\s*$/u;
const MDX_IMPORT_START = /^import\s/u;
const MDX_EXPORT = /^export\s/u;
const LEADING_TAG = /^\s*<\/?[A-Za-z][\w.:-]*(?:\s|\/?>|$)/u;
const SELF_CLOSING_COMPONENT = /^\s*<([A-Z]\w*)\s*\/>\s*$/u;
const TAG = /<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/gu;
const TOC_MARKER = /^\s*\[\[toc\]\]\s*$/iu;
const MAX_PARTIAL_DEPTH = 3;

/**
 * Plain Markdown from a generator's Markdown or MDX body (front matter already removed).
 *
 * @example
 * ```ts
 * toPlainMarkdown('::: tip Routing\nRoutes match in order.\n:::\n'); // 'Routing\n\nRoutes match in order.\n'
 * ```
 */
export function toPlainMarkdown(body: string, options: PlainMarkdownOptions = {}): string {
  return convert(body.split('\n'), options, 0).join('\n');
}

function convert(lines: readonly string[], options: PlainMarkdownOptions, depth: number): string[] {
  const out: string[] = [];
  const partials = new Map<string, string>();
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      out.push(line);
      if (fenceMatch !== null && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1])
        fence = undefined;
      continue;
    }
    if (fenceMatch !== null) {
      fence = fenceMatch[1]!;
      out.push(line);
      continue;
    }
    const importMatch = MDX_IMPORT.exec(line);
    if (importMatch !== null) {
      if (importMatch[1] !== undefined && /\.mdx?$/u.test(importMatch[2]!)) partials.set(importMatch[1], importMatch[2]!);
      continue;
    }
    // A multi-line import or export statement: skip to its end (a line ending the statement).
    if (MDX_IMPORT_START.test(line) || MDX_EXPORT.test(line)) {
      while (index < lines.length - 1 && !/[;'"})]\s*$/u.test(lines[index]!)) index += 1;
      continue;
    }
    const component = SELF_CLOSING_COMPONENT.exec(line);
    if (component !== null) {
      const specifier = partials.get(component[1]!);
      const text = specifier === undefined || depth >= MAX_PARTIAL_DEPTH ? undefined : options.readPartial?.(specifier);
      if (text !== undefined) out.push('', ...convert(stripFrontMatter(text).split('\n'), options, depth + 1), '');
      continue;
    }
    const container = CONTAINER.exec(line);
    if (container !== null) {
      // `::: tip Title`, `:::note[Title]`, `::: code-group`, `:::`: keep a title, drop the rest.
      const title = containerTitle(container[1]!);
      out.push('', ...(title === '' ? [] : [title, '']));
      continue;
    }
    const indented = ADMONITION.exec(line) ?? CONTENT_TAB.exec(line);
    if (indented !== null) {
      const block: string[] = [];
      while (index + 1 < lines.length && (lines[index + 1]!.trim() === '' || /^(?: {4}|\t)/u.test(lines[index + 1]!))) {
        index += 1;
        block.push(lines[index]!.replace(/^(?: {4}|\t)/u, ''));
      }
      const title = indented[1]?.trim() ?? '';
      out.push('', ...(title === '' ? [] : [title, '']), ...convert(block, options, depth), '');
      continue;
    }
    if (GITHUB_ALERT.test(line) || TOC_MARKER.test(line)) {
      // Keep the quote going, without its marker.
      if (GITHUB_ALERT.test(line)) out.push('>');
      continue;
    }
    if (LEADING_TAG.test(line)) {
      // An HTML or JSX line (`<TabItem value="npm">`, `<summary>Why</summary>`): its words, no tags.
      out.push(line.replace(TAG, ' ').replace(/\s+/gu, ' ').trim());
      continue;
    }
    out.push(line);
  }
  return out;
}

/** The title of a container's opening line: `tip Title` gives `Title`, `note[Title]` gives `Title`. */
function containerTitle(rest: string): string {
  // MkDocs autodoc (`::: httpx.request`) names the documented object: keep the name.
  if (/^[A-Za-z_][\w]*(?:\.[\w]+)+$/u.test(rest.trim())) return rest.trim();
  const bracketed = /^[\w-]*\[([^\]]*)\]/u.exec(rest);
  if (bracketed !== null) return bracketed[1]!.trim();
  const [, title = ''] = /^[\w-]*\s*(.*)$/u.exec(rest.trim()) ?? [];
  // Options in braces (`code-group {tabs}`) are not words of the page.
  return title.replace(/\{[^}]*\}/gu, '').trim();
}

/** The body of a Markdown file without its front matter. */
export function stripFrontMatter(text: string): string {
  return splitFrontMatter(text).body;
}

/**
 * Front matter (the YAML between the first two `---` lines) and the body after it.
 *
 * @example
 * ```ts
 * splitFrontMatter('---\ntitle: A\n---\nBody\n'); // { yaml: 'title: A', body: 'Body\n' }
 * ```
 */
export function splitFrontMatter(text: string): { yaml: string | undefined; body: string } {
  const normalised = text.replace(/^\uFEFF/u, '').replace(/\r\n?/gu, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/u.exec(normalised);
  if (match === null) return { yaml: undefined, body: normalised };
  return { yaml: match[1]!, body: normalised.slice(match[0].length) };
}
