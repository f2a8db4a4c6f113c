import { parseTag, type Tag } from './tags.js';
import { dedent, indentWidth, type SourceLine } from './source-line.js';

/**
 * A line after block conversion, or a container boundary. Boundaries carry no colons yet: how many
 * a marker needs depends on what it encloses, which `balanceContainers` works out afterwards.
 */
export type Piece =
  | (SourceLine & { readonly kind: 'text' })
  | { readonly kind: 'open'; readonly line: number; readonly indent: string; readonly name: string; readonly title: string }
  | { readonly kind: 'close'; readonly line: number; readonly indent: string };

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;
const CONTAINER_OPEN = /^(\s*):{3,}\s*([A-Za-z][\w-]*)(.*)$/;
const CONTAINER_CLOSE = /^(\s*):{3,}\s*$/;
/** MkDocs admonitions: `!!! note "Title"`, collapsible `??? note`, open collapsible `???+ note`. */
const ADMONITION = /^(\s*)(!!!|\?\?\?\+?)\s*([A-Za-z][\w-]*)([^"]*?)(?:\s*"([^"]*)")?\s*$/;
/** MkDocs content tabs: `=== "Label"`. */
const CONTENT_TAB = /^(\s*)===\+?\s*"([^"]*)"\s*$/;
/** GitHub alerts: `> [!NOTE]`. */
const ALERT = /^(\s*)>\s?\[!(note|tip|important|warning|caution)\]\s*(.*)$/i;
const QUOTED = /^(\s*)>\s?/;
const TOC_MARKER = /^\s*\[\[toc\]\]\s*$/i;
const SNIPPET_MARKER = /^\s*-{1,2}8<-{1,2}/;
const TOPICS_COMMENT = /^<!--\s*topics:.*-->$/;
const IMPORT_LINE = /^import\s+(?:type\s+)?(?:['"][^'"]+['"]|[\w$*{][^'"]*\sfrom\s*['"][^'"]+['"])\s*;?\s*$/;
const IMPORT_START = /^import\s+(?:type\s+)?(?:\{[^}]*|[\w$]+\s*,\s*\{[^}]*)$/;
const IMPORT_END = /from\s*['"][^'"]+['"]\s*;?\s*$/;
const EXPORT_START = /^export\s+(?:const|let|var|function|async\s+function|default|class|\{|\*)/;
/** JSX components and HTML elements that become containers: tabs, asides and disclosures. */
const CONTAINER_TAGS: Readonly<Record<string, (tag: Tag) => { name: string; title: string }>> = {
  Tabs: () => ({ name: 'tabs', title: '' }),
  TabItem: (tag) => ({ name: 'tab', title: tag.attributes.label ?? tag.attributes.title ?? tag.attributes.value ?? 'Tab' }),
  Tab: (tag) => ({ name: 'tab', title: tag.attributes.label ?? tag.attributes.title ?? tag.attributes.value ?? 'Tab' }),
  Aside: (tag) => ({ name: tag.attributes.type ?? 'note', title: tag.attributes.title ?? '' }),
  Admonition: (tag) => ({ name: tag.attributes.type ?? 'note', title: tag.attributes.title ?? '' }),
  Callout: (tag) => ({ name: tag.attributes.type ?? 'note', title: tag.attributes.title ?? '' }),
  details: () => ({ name: 'details', title: '' }),
};
const SUMMARY = /^\s*<summary>(.*?)<\/summary>\s*(.*)$/i;

/**
 * Rewrites the block syntax of documentation generators into plain Markdown and one container
 * syntax: VitePress and Docusaurus `:::` containers (`::: tip Title`, `:::tip[Title]`), MkDocs
 * admonitions and content tabs with their indented bodies, GitHub alerts, `<Tabs>`/`<TabItem>`,
 * `<Aside>`/`<Admonition>` and `<details>` blocks. It drops what only the generator's build reads:
 * MDX `import`/`export` statements, `<script>` and `<style>` blocks, HTML comments (except the topics
 * comment), `[[toc]]` and snippet markers. Code fences pass through untouched.
 */
export function convertBlocks(lines: readonly SourceLine[], options: BlockOptions = {}): Piece[] {
  const out: Piece[] = [];
  convertInto(lines, out, { readPartial: options.readPartial, partials: new Map(), depth: 0 });
  return out;
}

/** Options of `convertBlocks`. */
export interface BlockOptions {
  /**
   * Reads a Markdown or MDX file that the document imports (`import Part from './_part.mdx'`), so that
   * `<Part />` is replaced by its text; `undefined` when there is no such file.
   */
  readonly readPartial?: (specifier: string) => string | undefined;
}

interface Context {
  readonly readPartial: BlockOptions['readPartial'];
  /** Component names of imported partials, with their specifiers. */
  readonly partials: Map<string, string>;
  readonly depth: number;
}

/** Partials included in partials, at most this deep: enough for real sets, and no loop can run away. */
const maxPartialDepth = 3;
const PARTIAL_IMPORT = /^import\s+([A-Z][\w$]*)\s+from\s*['"]([^'"]+\.mdx?)['"]\s*;?\s*$/;
const PARTIAL_USE = /^\s*<([A-Z][\w$]*)(?:\s[^<>]*)?\/>\s*$/;

function convertInto(lines: readonly SourceLine[], out: Piece[], context: Context): void {
  let fence: { char: string; length: number } | undefined;
  let depth = 0;
  let index = 0;
  const pushText = (text: string, line: number) => out.push({ kind: 'text', text, line });
  const open = (line: number, indent: string, name: string, title: string) => {
    out.push({ kind: 'open', line, indent, name: name.toLowerCase(), title: title.trim() });
    depth++;
  };
  const close = (line: number, indent: string) => {
    if (depth === 0) return; // a stray closing marker would show as text
    out.push({ kind: 'close', line, indent });
    depth--;
  };

  while (index < lines.length) {
    const { text, line } = lines[index]!;
    if (fence) {
      pushText(text, line);
      const closing = new RegExp(`^\\s*${fence.char === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      if (closing.test(text)) fence = undefined;
      index++;
      continue;
    }
    const fenceOpen = FENCE.exec(text);
    if (fenceOpen && !(fenceOpen[2]!.startsWith('`') && fenceOpen[3]!.includes('`'))) {
      fence = { char: fenceOpen[2]![0]!, length: fenceOpen[2]!.length };
      pushText(text, line);
      index++;
      continue;
    }

    const admonition = ADMONITION.exec(text);
    const contentTab = admonition ? undefined : CONTENT_TAB.exec(text);
    if (admonition || contentTab) {
      const indent = (admonition ?? contentTab)![1]!;
      const body = indentedBody(lines, index + 1, indentWidth(indent) + 4, indent);
      if (admonition) {
        // A collapsible block becomes a disclosure, titled by its kind when it has no title of its own.
        const collapsible = admonition[2] !== '!!!';
        const title = admonition[5] ?? '';
        open(line, indent, collapsible ? 'details' : admonition[3]!, collapsible && title === '' ? label(admonition[3]!) : title);
      } else {
        open(line, indent, 'tab', contentTab![2]!);
      }
      convertInto(body.lines, out, context);
      close(body.lastLine ?? line, indent);
      index = body.next;
      continue;
    }

    const alert = ALERT.exec(text);
    if (alert) {
      const indent = alert[1]!;
      const body: SourceLine[] = alert[3] ? [{ text: alert[3], line }] : [];
      let next = index + 1;
      while (next < lines.length && QUOTED.test(lines[next]!.text)) {
        body.push({ text: indent + lines[next]!.text.replace(QUOTED, ''), line: lines[next]!.line });
        next++;
      }
      open(line, indent, alert[2]!, '');
      convertInto(body, out, context);
      close(lines[next - 1]!.line, indent);
      index = next;
      continue;
    }

    const containerOpen = CONTAINER_OPEN.exec(text);
    if (containerOpen) {
      open(line, containerOpen[1]!, containerOpen[2]!, containerTitle(containerOpen[3]!));
      index++;
      continue;
    }
    const containerClose = CONTAINER_CLOSE.exec(text);
    if (containerClose) {
      close(line, containerClose[1]!);
      index++;
      continue;
    }

    const trimmed = text.trim();
    const partial = PARTIAL_USE.exec(text);
    if (partial && context.partials.has(partial[1]!) && context.depth < maxPartialDepth) {
      // The partial's text stands where it is used, every line of it reported at the using line.
      const included = context.readPartial?.(context.partials.get(partial[1]!)!);
      if (included !== undefined) {
        const body = withoutFrontMatter(included)
          .split('\n')
          .map((partText) => ({ text: partText, line }));
        convertInto(body, out, { ...context, partials: new Map(), depth: context.depth + 1 });
        index++;
        continue;
      }
    }
    if (trimmed.startsWith('<')) {
      const consumed = convertTagLine(lines, index, { open, close, pushText, convert: (body) => convertInto(body, out, context) });
      if (consumed > 0) {
        index += consumed;
        continue;
      }
    }
    if (TOC_MARKER.test(text) || SNIPPET_MARKER.test(text)) {
      index++;
      continue;
    }
    if (IMPORT_LINE.test(text)) {
      const partialImport = PARTIAL_IMPORT.exec(text);
      if (partialImport) context.partials.set(partialImport[1]!, partialImport[2]!);
      index++;
      continue;
    }
    if (IMPORT_START.test(text)) {
      let next = index + 1;
      while (next < lines.length && !IMPORT_END.test(lines[next]!.text) && lines[next]!.text.trim() !== '') next++;
      index = Math.min(next + 1, lines.length);
      continue;
    }
    if (EXPORT_START.test(text)) {
      // An MDX export runs, like any ESM block of MDX, up to the next blank line.
      let next = index + 1;
      while (next < lines.length && lines[next]!.text.trim() !== '') next++;
      index = next;
      continue;
    }
    pushText(text, line);
    index++;
  }
  const last = lines[lines.length - 1]?.line ?? 1;
  while (depth > 0) close(last, '');
}

interface Emit {
  open(line: number, indent: string, name: string, title: string): void;
  close(line: number, indent: string): void;
  pushText(text: string, line: number): void;
  /** Converts the lines of a block's body in place, at the current level. */
  convert(lines: readonly SourceLine[]): void;
}

/**
 * A line that starts with a tag: a container tag, a comment, a script or style block, or a tag whose
 * attributes run over several lines. Returns how many lines it consumed, 0 when it is none of these
 * (the inline pass then strips its tags and keeps its text).
 */
function convertTagLine(lines: readonly SourceLine[], index: number, emit: Emit): number {
  const { text, line } = lines[index]!;
  const trimmed = text.trim();
  const indent = /^\s*/.exec(text)![0];
  if (trimmed.startsWith('<!--')) {
    if (TOPICS_COMMENT.test(trimmed)) return 0;
    if (trimmed.includes('-->')) {
      const rest = trimmed.slice(trimmed.indexOf('-->') + 3);
      if (rest.trim() !== '') emit.pushText(indent + rest, line);
      return 1;
    }
    let next = index + 1;
    while (next < lines.length && !lines[next]!.text.includes('-->')) next++;
    return Math.min(next + 1, lines.length) - index;
  }
  const block = /^<(script|style)\b/i.exec(trimmed);
  if (block) {
    const end = new RegExp(`</${block[1]}\\s*>`, 'i');
    let next = index;
    while (next < lines.length && !end.test(lines[next]!.text)) next++;
    return Math.min(next + 1, lines.length) - index;
  }
  const closingTag = /^<\/([A-Za-z][\w.]*)\s*>(.*)$/.exec(trimmed);
  if (closingTag) {
    if (!(closingTag[1]! in CONTAINER_TAGS)) return 0;
    emit.close(line, indent);
    if (closingTag[2]!.trim() !== '') emit.pushText(indent + closingTag[2]!.trim(), line);
    return 1;
  }
  // A tag may spread its attributes over several lines; read it whole first.
  let joined = trimmed;
  let next = index + 1;
  let tag = parseTag(joined);
  while (tag === 'incomplete' && next < lines.length && next - index < 50) {
    joined += ` ${lines[next]!.text.trim()}`;
    next++;
    tag = parseTag(joined);
  }
  if (tag === 'incomplete' || tag === undefined) return 0;
  const container = CONTAINER_TAGS[tag.name];
  const isComponent = /^[A-Z]/.test(tag.name);
  if (!container && !isComponent) return 0; // an HTML element: the inline pass keeps its text
  if (tag.selfClosing) return next - index;
  let title = container ? container(tag).title : (tag.attributes.title ?? '');
  let rest = tag.rest.trim();
  let consumed = next - index;
  if (tag.name === 'details') {
    // The title of a disclosure is its <summary>, on the same line or the next one with text.
    let summaryAt = rest !== '' ? -1 : next;
    while (summaryAt >= 0 && summaryAt < lines.length && lines[summaryAt]!.text.trim() === '') summaryAt++;
    const source = summaryAt >= 0 ? (lines[summaryAt]?.text ?? '') : rest;
    const summary = SUMMARY.exec(source);
    if (summary) {
      title = summary[1]!.replace(/<[^>]*>/g, '').trim();
      if (summaryAt >= 0) consumed = summaryAt + 1 - index;
      rest = summary[2]!.trim();
    }
  }
  const begin = () => {
    if (container) emit.open(line, indent, container(tag).name, title);
    // A component's title (a card's) is text its readers see; it stays as a line of its own.
    else if (title !== '') {
      emit.pushText(`${indent}**${title}**`, line);
      emit.pushText('', line);
    }
  };
  const end = (at: number) => {
    if (container) emit.close(at, indent);
    else emit.pushText('', at);
  };
  const closeTag = `</${tag.name}>`;
  if (rest.endsWith(closeTag)) {
    begin();
    const inner = rest.slice(0, -closeTag.length).trim();
    if (inner !== '') emit.pushText(indent + inner, line);
    end(line);
    return consumed;
  }
  const closing = matchingClose(lines, index + consumed, tag.name);
  if (closing === undefined) {
    if (!container) return next - index > 1 ? next - index : 0;
    begin();
    if (rest !== '') emit.pushText(indent + rest, line);
    return consumed;
  }
  // MDX ignores the indentation of a component's children, so they are read as if written at its own.
  const body = [...(rest !== '' ? [{ text: rest, line }] : []), ...lines.slice(index + consumed, closing)];
  const common = Math.min(...body.filter((entry) => entry.text.trim() !== '').map((entry) => indentWidth(entry.text)));
  const shift = Number.isFinite(common) ? Math.max(0, common - indentWidth(indent)) : 0;
  begin();
  emit.convert(
    body.map((entry) => ({
      text: entry.text.trim() === '' ? '' : indent + dedent(entry.text, indentWidth(indent) + shift),
      line: entry.line,
    })),
  );
  end(lines[closing]!.line);
  const after = lines[closing]!.text.trim().slice(closeTag.length).trim();
  if (after !== '') emit.pushText(indent + after, lines[closing]!.line);
  return closing + 1 - index;
}

/** The line that closes the element `name` opened before `start`, nested elements of the same name skipped; code fences are not looked into. */
function matchingClose(lines: readonly SourceLine[], start: number, name: string): number | undefined {
  const opening = new RegExp(`^<${name}(?:[\\s>]|$)`);
  const closing = new RegExp(`^</${name}\\s*>`);
  let depth = 0;
  let fence: string | undefined;
  for (let index = start; index < lines.length; index++) {
    const text = lines[index]!.text.trim();
    const marker = /^(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.slice(marker.length).trim() === '') fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (opening.test(text) && !/\/>\s*$/.test(text) && !text.includes(`</${name}>`)) depth++;
    else if (closing.test(text)) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return undefined;
}

/**
 * The indented body of an admonition or tab: following lines that are blank or indented by at least
 * `columns`, dedented and put back under the block's own indentation. Trailing blank lines are left
 * to what follows.
 */
function indentedBody(lines: readonly SourceLine[], start: number, columns: number, indent: string) {
  let end = start;
  let lastText = start;
  while (end < lines.length) {
    const { text } = lines[end]!;
    if (text.trim() === '') {
      end++;
      continue;
    }
    if (indentWidth(text) < columns) break;
    end++;
    lastText = end;
  }
  const body = lines
    .slice(start, lastText)
    .map(({ text, line }) => ({ text: text.trim() === '' ? '' : indent + dedent(text, columns), line }));
  return { lines: body, next: lastText, lastLine: body[body.length - 1]?.line };
}

/** The title of a `:::` container: `[Title]` (Docusaurus), or the words after the kind, attributes in braces dropped. */
function containerTitle(rest: string): string {
  const bracketed = /^\s*\[([^\]]*)\]/.exec(rest);
  if (bracketed) return bracketed[1]!;
  return rest
    .replace(/\{[^}]*\}\s*$/, '')
    .replace(/^\s*title=["']([^"']*)["']\s*$/, '$1')
    .trim();
}

/** A partial's text without its front matter. */
function withoutFrontMatter(text: string): string {
  const match = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return (match ? text.slice(match[0].length) : text).replace(/\r\n?/g, '\n');
}

/** `warning` as a title: `Warning`. */
export function label(kind: string): string {
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
