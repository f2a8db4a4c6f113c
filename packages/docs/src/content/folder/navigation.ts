import { posix } from 'node:path';
import type { FolderSettings, MkdocsSettings } from './generator-settings.js';
import { prefixNumber } from './slugs.js';

/** What navigation needs to know of a document. */
export interface NavDocument {
  readonly slug: string;
  /** Path of the file below the documents folder. */
  readonly path: string;
  readonly isIndex: boolean;
  readonly title: string;
  readonly label: string | undefined;
  readonly order: number | undefined;
  /** A group named in front matter, which wins over the folder's. */
  readonly group: string | undefined;
}

/** A document's place in navigation. */
export interface Placement<T> {
  readonly document: T;
  readonly group: string;
  /** 1-based position within its group. */
  readonly order: number;
  readonly label: string;
}

export interface NavigationOptions {
  readonly folders: ReadonlyMap<string, FolderSettings>;
  readonly mkdocs: MkdocsSettings | undefined;
  /** Group of the documents at the top of the documents folder. */
  readonly rootGroup: string;
  /** Groups listed first, in this order (site.yaml `groups`); the others follow as they first appear. */
  readonly groupOrder: readonly string[];
  /** Reports a nav entry of `mkdocs.yml` that names no document. */
  readonly onMissingNavPage: (line: number, path: string) => void;
}

interface Folder<T> {
  readonly name: string;
  readonly path: string;
  readonly folders: Map<string, Folder<T>>;
  readonly pages: T[];
  index: T | undefined;
}

/**
 * Orders documents for navigation and gives each a group. With an MkDocs `nav`, its order and titles
 * win: top-level sections are groups, deeper sections are flattened into theirs, and pages at the top
 * of the nav join the root group; documents the nav leaves out follow, beside their folder's nav group
 * when it has one. Otherwise the folders decide: documents at the top form the root group, each
 * top-level folder is a group, and within a folder its index page comes first, then documents and
 * sub-folders with a position (front matter `order`, `sidebar_position` or `sidebar.order`, a
 * `_category_` `position`, or a number prefix such as `02-`) by position, then the others by name.
 * A folder is labelled by its `_category_` `label`, else by its name (spelled as its index page's title
 * spells it, when the title holds it: `api` with the title "API reference" is "API").
 */
export function placeDocuments<T extends NavDocument>(documents: readonly T[], options: NavigationOptions): Placement<T>[] {
  const sequence: { document: T; group: string; label: string }[] = [];
  const placed = new Set<T>();
  const navGroupOfFolder = new Map<string, string>();
  if (options.mkdocs?.nav) {
    const byPath = new Map(documents.map((document) => [document.path, document]));
    const bySlug = new Map(documents.map((document) => [document.slug, document]));
    for (const entry of options.mkdocs.nav) {
      // MkDocs names files; Docusaurus sidebars name doc ids, which are slugs (`guide/index` is `guide`).
      const document = byPath.get(entry.path) ?? bySlug.get(entry.path) ?? bySlug.get(entry.path.replace(/\/index$/, ''));
      if (!document) {
        options.onMissingNavPage(entry.line, entry.path);
        continue;
      }
      if (placed.has(document)) continue;
      placed.add(document);
      const group = document.group ?? entry.section ?? options.rootGroup;
      const folder = posix.dirname(document.path);
      if (!navGroupOfFolder.has(folder)) navGroupOfFolder.set(folder, group);
      sequence.push({ document, group, label: entry.label ?? document.label ?? document.title });
    }
  }
  const rest = documents.filter((document) => !placed.has(document));
  for (const { document, group } of byFolders(rest, options)) {
    const navGroup = navGroupOfFolder.get(posix.dirname(document.path));
    sequence.push({ document, group: document.group ?? navGroup ?? group, label: document.label ?? document.title });
  }

  const rank = new Map<string, number>();
  options.groupOrder.forEach((group) => rank.set(group, rank.size));
  for (const { group } of sequence) if (!rank.has(group)) rank.set(group, rank.size);
  const ordered = sequence
    .map((entry, position) => ({ ...entry, position }))
    .sort((a, b) => rank.get(a.group)! - rank.get(b.group)! || a.position - b.position);
  const counts = new Map<string, number>();
  return ordered.map(({ document, group, label }) => {
    const order = (counts.get(group) ?? 0) + 1;
    counts.set(group, order);
    return { document, group, order, label };
  });
}

/** Documents in folder order, each with the group its top-level folder gives it. */
function byFolders<T extends NavDocument>(documents: readonly T[], options: NavigationOptions): { document: T; group: string }[] {
  const root = buildTree(documents, options.folders);
  const result: { document: T; group: string }[] = [];
  const rootPages = [
    ...(root.index ? [root.index] : []),
    ...sortChildren(root, options.folders).flatMap((child) => ('folders' in child ? [] : [child])),
  ];
  for (const document of rootPages) result.push({ document, group: options.rootGroup });
  for (const child of sortChildren(root, options.folders)) {
    if (!('folders' in child)) continue;
    const group = folderLabel(child, options.folders);
    for (const document of flatten(child, options.folders)) result.push({ document, group });
  }
  return result;
}

function buildTree<T extends NavDocument>(documents: readonly T[], settings: ReadonlyMap<string, FolderSettings>): Folder<T> {
  const root: Folder<T> = { name: '', path: '', folders: new Map(), pages: [], index: undefined };
  const folderAt = (path: string): Folder<T> => {
    if (path === '' || path === '.') return root;
    let folder = root;
    for (const name of path.split('/')) {
      let next = folder.folders.get(name);
      if (!next) {
        next = { name, path: folder.path === '' ? name : `${folder.path}/${name}`, folders: new Map(), pages: [], index: undefined };
        folder.folders.set(name, next);
      }
      folder = next;
    }
    return folder;
  };
  for (const document of documents) {
    const folder = folderAt(posix.dirname(document.path));
    if (document.isIndex && !folder.index) folder.index = document;
    else folder.pages.push(document);
  }
  // A `_category_` file may name another document as the folder's own page.
  const visit = (folder: Folder<T>) => {
    const id = settings.get(folder.path)?.indexId;
    if (!folder.index && id) {
      const named = folder.pages.find((page) => page.slug === id || page.slug.endsWith(`/${id}`));
      if (named) {
        folder.index = named;
        folder.pages.splice(folder.pages.indexOf(named), 1);
      }
    }
    for (const child of folder.folders.values()) visit(child);
  };
  visit(root);
  return root;
}

/** A folder's documents in order: its index page, then its children, sub-folders flattened. */
function flatten<T extends NavDocument>(folder: Folder<T>, settings: ReadonlyMap<string, FolderSettings>): T[] {
  return [
    ...(folder.index ? [folder.index] : []),
    ...sortChildren(folder, settings).flatMap((child) => ('folders' in child ? flatten(child, settings) : [child])),
  ];
}

/** Pages and sub-folders of a folder: those with a position by position, then the rest by name. */
function sortChildren<T extends NavDocument>(folder: Folder<T>, settings: ReadonlyMap<string, FolderSettings>): (T | Folder<T>)[] {
  const keyed = [
    ...folder.pages.map((page) => ({
      item: page as T | Folder<T>,
      name: posix.basename(page.path),
      position: page.order ?? prefixNumber(posix.basename(page.path)),
    })),
    ...[...folder.folders.values()].map((child) => ({
      item: child as T | Folder<T>,
      name: child.name,
      position: settings.get(child.path)?.position ?? child.index?.order ?? prefixNumber(child.name),
    })),
  ];
  keyed.sort((a, b) => {
    if (a.position !== undefined && b.position !== undefined && a.position !== b.position) return a.position - b.position;
    if ((a.position === undefined) !== (b.position === undefined)) return a.position === undefined ? 1 : -1;
    return a.name.localeCompare(b.name, 'en', { numeric: true });
  });
  return keyed.map((entry) => entry.item);
}

function folderLabel<T extends NavDocument>(folder: Folder<T>, settings: ReadonlyMap<string, FolderSettings>): string {
  const label = settings.get(folder.path)?.label;
  if (label) return label;
  const words = folder.name
    .replace(/^\d+[-_.]\s*(?=.)/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  // The index page often spells the folder's name as it should read (`api` in "API reference").
  const title = folder.index?.label ?? folder.index?.title ?? '';
  const at = title.toLowerCase().indexOf(words.toLowerCase());
  if (words !== '' && at !== -1 && isWordAt(title, at, words.length)) return title.slice(at, at + words.length);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isWordAt(text: string, start: number, length: number): boolean {
  const letter = /[\p{L}\p{N}]/u;
  return !letter.test(text[start - 1] ?? '') && !letter.test(text[start + length] ?? '');
}
