import { posix } from 'node:path';
import { ProblemList } from '../problems.js';
import type { ContentFile } from '../read-files.js';
import { parseYamlBlock } from '../yaml-block.js';
import { sidebarsLiteral } from './sidebars-literal.js';

/** A folder's navigation settings, from a Docusaurus `_category_.json` or `_category_.yml`. */
export interface FolderSettings {
  readonly label?: string;
  readonly position?: number;
  /** Id of the document that is the folder's own page (`link: { type: doc, id }`), relative to the folder or to the documents folder. */
  readonly indexId?: string;
}

/** One page of an MkDocs `nav`, in nav order. */
export interface NavPage {
  /** Path below `docs_dir`. */
  readonly path: string;
  /** The title the nav gives the page. */
  readonly label: string | undefined;
  /** Title of the top-level section it is in; `undefined` for a page at the top of the nav. */
  readonly section: string | undefined;
  readonly line: number;
}

/** What an `mkdocs.yml` says that the service uses. */
export interface MkdocsSettings {
  readonly siteName: string | undefined;
  readonly siteDescription: string | undefined;
  /** `undefined` when the file has no `nav`, which MkDocs then builds from the folders too. */
  readonly nav: readonly NavPage[] | undefined;
}

/**
 * Reads every `_category_` file below the documents folder, keyed by its folder (relative to the
 * documents folder, `''` for the folder itself). Broken files are warnings: the folder then falls back
 * to its own name and place.
 */
export function readFolderSettings(files: readonly ContentFile[], docsRoot: string, problems: ProblemList): Map<string, FolderSettings> {
  const settings = new Map<string, FolderSettings>();
  const prefix = docsRoot === '' ? '' : `${docsRoot}/`;
  for (const file of files) {
    const match = /^(.*?)\/?_category_\.(json|ya?ml)$/.exec(file.relativePath);
    if (!match || !file.relativePath.startsWith(prefix)) continue;
    const folder = match[1]!.slice(prefix.length);
    let value: unknown;
    if (match[2] === 'json') {
      try {
        value = JSON.parse(file.text);
      } catch (error) {
        problems.warn(file.path, 1, `invalid JSON (${(error as Error).message}); the folder is shown under its own name`);
        continue;
      }
    } else {
      // A broken category file only costs its folder a label: its errors are warnings.
      const local = new ProblemList(false);
      const block = parseYamlBlock(file.text, file.path, 1, local);
      for (const problem of local.items) problems.warn(problem.file, problem.line, problem.message);
      if (!block) continue;
      value = block.value;
    }
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const link = typeof record.link === 'object' && record.link !== null ? (record.link as Record<string, unknown>) : {};
    settings.set(folder, {
      ...(typeof record.label === 'string' && record.label.trim() !== '' ? { label: record.label.trim() } : {}),
      ...(typeof record.position === 'number' && Number.isFinite(record.position) ? { position: record.position } : {}),
      ...(link.type === 'doc' && typeof link.id === 'string' ? { indexId: link.id } : {}),
    });
  }
  return settings;
}

/**
 * Reads an `mkdocs.yml`: the site name and description, and the pages of its `nav` in order. Entries
 * are `path.md`, `Title: path.md` or `Section: [entries]`; links to other sites are skipped. A nav
 * entry naming no document is reported when the documents are known.
 */
export function readMkdocs(file: ContentFile, problems: ProblemList): MkdocsSettings | undefined {
  // MkDocs settings may hold Python tags (`!!python/name:…`); they are read as plain values.
  const block = parseYamlBlock(file.text, file.path, 1, problems);
  if (!block || typeof block.value !== 'object' || block.value === null) return undefined;
  const value = block.value as Record<string, unknown>;
  const text = (raw: unknown) => (typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined);
  if (value.nav !== undefined && !Array.isArray(value.nav)) {
    problems.warn(file.path, block.lineOf(['nav']), 'nav: expected a list of pages and sections; the documents are ordered by folder');
  }
  const nav: NavPage[] = [];
  const walk = (items: readonly unknown[], path: (string | number)[], section: string | undefined) => {
    items.forEach((item, index) => {
      const at = [...path, index];
      if (typeof item === 'string') {
        addPage(item, undefined, section, block.lineOf(at));
        return;
      }
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return;
      for (const [title, target] of Object.entries(item as Record<string, unknown>)) {
        if (typeof target === 'string') addPage(target, title, section, block.lineOf([...at, title]));
        else if (Array.isArray(target)) walk(target, [...at, title], section ?? title);
      }
    });
  };
  const addPage = (target: string, label: string | undefined, section: string | undefined, line: number) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return;
    nav.push({ path: posix.normalize(target.replace(/^\.?\//, '')), label: label?.trim() || undefined, section, line });
  };
  if (Array.isArray(value.nav)) walk(value.nav, ['nav'], undefined);
  return {
    siteName: text(value.site_name),
    siteDescription: text(value.site_description),
    nav: Array.isArray(value.nav) ? nav : undefined,
  };
}

/** The sidebars files of a Docusaurus site, in the order they are looked for. */
export const docusaurusSidebarsFiles = [
  'sidebars.json',
  'sidebars.js',
  'sidebars.ts',
  'sidebars.mjs',
  'sidebars.cjs',
  'sidebars.mts',
  'sidebars.cts',
] as const;

/**
 * Reads a Docusaurus sidebars file: `sidebars.json`, or a `sidebars.js`/`.ts` module whose export is an
 * object literal, read as data and never run. The first sidebar's documents in order, each top-level
 * category a section. Items are doc ids (`cli/add`), `{ type: 'doc', id, label }` and
 * `{ type: 'category', label, items, link }`; generated and external items are left to the folders.
 */
export function readDocusaurusSidebars(file: ContentFile, problems: ProblemList): MkdocsSettings | undefined {
  let value: unknown;
  if (file.relativePath.endsWith('.json')) {
    try {
      value = JSON.parse(file.text);
    } catch (error) {
      problems.warn(file.path, 1, `invalid JSON (${(error as Error).message}); the documents are ordered by folder`);
      return undefined;
    }
  } else {
    value = sidebarsLiteral(file.text);
    if (value === undefined) {
      problems.warn(
        file.path,
        1,
        'the sidebars are built by code, which kit docs does not run; the documents are ordered by folder (export the sidebars as an object literal, or write them to sidebars.json)',
      );
      return undefined;
    }
  }
  const first = typeof value === 'object' && value !== null ? Object.values(value)[0] : undefined;
  if (first === undefined) return undefined;
  const nav: NavPage[] = [];
  const add = (id: string, label: string | undefined, section: string | undefined) => nav.push({ path: id, label, section, line: 1 });
  const walk = (items: unknown, section: string | undefined) => {
    if (!Array.isArray(items)) {
      // The short form: { "Category": [items], ... }.
      if (typeof items === 'object' && items !== null)
        for (const [label, children] of Object.entries(items)) walk(children, section ?? label);
      return;
    }
    for (const item of items) {
      if (typeof item === 'string') add(item, undefined, section);
      else if (typeof item === 'object' && item !== null) {
        const entry = item as Record<string, unknown>;
        const label = typeof entry.label === 'string' ? entry.label : undefined;
        if ((entry.type === 'doc' || entry.type === 'ref') && typeof entry.id === 'string') add(entry.id, label, section);
        else if (entry.type === 'category' || (entry.type === undefined && Array.isArray(entry.items))) {
          const link = typeof entry.link === 'object' && entry.link !== null ? (entry.link as Record<string, unknown>) : {};
          if (link.type === 'doc' && typeof link.id === 'string') add(link.id, undefined, section ?? label);
          walk(entry.items, section ?? label);
        }
      }
    }
  };
  walk(first, undefined);
  return { siteName: undefined, siteDescription: undefined, nav };
}
