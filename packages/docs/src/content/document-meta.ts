import type { ProblemList } from './problems.js';
import type { YamlBlock } from './yaml-block.js';

/** What a document's front matter says about it, each field optional; other keys are ignored. */
export interface DocumentMeta {
  readonly title?: string;
  readonly summary?: string;
  /** An explicit navigation group. */
  readonly group?: string;
  /** Position among its siblings: `order`, `sidebar_position` or `sidebar.order`. */
  readonly order?: number;
  /** Label in navigation: `sidebar_label` or `sidebar.label`. */
  readonly label?: string;
  /** Tags as written: `topics`, `tags` and `keywords`, with the line of each. */
  readonly tags: readonly { readonly tag: string; readonly line: number }[];
  /** `draft: true`: the page is not published. */
  readonly draft: boolean;
  /** Text a home page keeps in its front matter (`hero`, `features`), as Markdown lines. */
  readonly homeText: readonly { readonly text: string; readonly line: number }[];
}

type Path = readonly (string | number)[];

/**
 * Reads the front matter keys the service understands, as the generators write them: kit's own
 * (`title`, `summary`, `group`, `order`, `topics`), `description`, Docusaurus's `sidebar_position`,
 * `sidebar_label`, `tags` and `keywords`, Starlight's `sidebar.order` and `sidebar.label`, and the
 * `hero` and `features` of VitePress and Starlight home pages. A known key with a value of the wrong
 * type is a warning and is ignored; unknown keys are ignored silently.
 */
export function readDocumentMeta(block: YamlBlock, file: string, problems: ProblemList): DocumentMeta {
  const value = isRecord(block.value) ? block.value : {};
  const sidebar = isRecord(value.sidebar) ? value.sidebar : {};
  const warnType = (path: Path, expected: string) =>
    problems.warn(file, block.lineOf(path), `${path.join('.')}: expected ${expected}; the value is ignored`);

  const text = (path: Path, raw: unknown): string | undefined => {
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw === 'string') return raw.trim() === '' ? undefined : raw.trim();
    if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
    warnType(path, 'text');
    return undefined;
  };
  const number = (path: Path, raw: unknown): number | undefined => {
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
    if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
    warnType(path, 'a number');
    return undefined;
  };

  const order =
    number(['order'], value.order) ?? number(['sidebar_position'], value.sidebar_position) ?? number(['sidebar', 'order'], sidebar.order);
  const label = text(['sidebar_label'], value.sidebar_label) ?? text(['sidebar', 'label'], sidebar.label);
  const title = text(['title'], value.title);
  const summary = text(['description'], value.description) ?? text(['summary'], value.summary);
  const group = text(['group'], value.group);
  const tags = ['topics', 'tags', 'keywords'].flatMap((key) => tagList(value[key], key, block, warnType));
  return {
    ...(title !== undefined ? { title } : {}),
    ...(summary !== undefined ? { summary } : {}),
    ...(group !== undefined ? { group } : {}),
    ...(order !== undefined ? { order } : {}),
    ...(label !== undefined ? { label } : {}),
    tags,
    draft: value.draft === true,
    homeText: homeText(value, block),
  };
}

/** A list of tags: an array of words (or of `{ label }` objects, as Docusaurus allows), or one comma-separated string. */
function tagList(raw: unknown, key: string, block: YamlBlock, warnType: (path: Path, expected: string) => void) {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === 'string')
    return raw
      .split(',')
      .map((tag) => ({ tag: tag.trim(), line: block.lineOf([key]) }))
      .filter((entry) => entry.tag !== '');
  if (!Array.isArray(raw)) {
    warnType([key], 'a list of words');
    return [];
  }
  return raw.flatMap((item, index) => {
    const tag =
      typeof item === 'string' || typeof item === 'number'
        ? String(item)
        : isRecord(item) && typeof item.label === 'string'
          ? item.label
          : undefined;
    if (tag === undefined) {
      warnType([key, index], 'a word');
      return [];
    }
    return tag.trim() === '' ? [] : [{ tag: tag.trim(), line: block.lineOf([key, index]) }];
  });
}

/**
 * A home page of VitePress or Starlight keeps its words in front matter: the hero's name, text and
 * tagline, and a list of features with a title and details. They become the page's text.
 */
function homeText(value: Record<string, unknown>, block: YamlBlock): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  const hero = isRecord(value.hero) ? value.hero : undefined;
  if (hero) {
    for (const key of ['text', 'tagline']) {
      const words = hero[key];
      if (typeof words === 'string' && words.trim() !== '')
        lines.push({ text: words.trim(), line: block.lineOf(['hero', key]) }, { text: '', line: block.lineOf(['hero', key]) });
    }
  }
  if (Array.isArray(value.features)) {
    value.features.forEach((feature, index) => {
      if (!isRecord(feature) || typeof feature.title !== 'string') return;
      const details = typeof feature.details === 'string' ? `: ${feature.details.trim()}` : '';
      lines.push({ text: `- **${feature.title.trim()}**${details}`, line: block.lineOf(['features', index]) });
    });
    if (lines.length > 0) lines.push({ text: '', line: block.lineOf(['features']) });
  }
  return lines;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The title a home page's hero gives (`hero.name`, `hero.title`), for a page without a title of its own. */
export function heroTitle(block: YamlBlock): string | undefined {
  const value = isRecord(block.value) ? block.value : {};
  const hero = isRecord(value.hero) ? value.hero : {};
  const name = hero.name ?? hero.title;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}
