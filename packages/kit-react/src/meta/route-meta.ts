/**
 * The head metadata of a page: its title, description, canonical URL, robots directive and Open Graph
 * card. Layouts and the page each may give some of it (`export const meta`); they are merged from the
 * root layout to the page, a later level replacing what an earlier one said, field by field (and Open
 * Graph field by field).
 *
 * @example
 * ```ts
 * import type { RouteMeta } from '@kit/kit-react';
 *
 * const meta: RouteMeta = {
 *   title: 'Tickets · Help desk',
 *   description: 'Every ticket of the help desk, newest first.',
 *   openGraph: { type: 'website' },
 * };
 * ```
 */
export interface RouteMeta {
  /** The document's `<title>`. */
  readonly title?: string;
  /** `<meta name="description">`. */
  readonly description?: string;
  /** `<link rel="canonical">`: the URL search engines should index for this page. */
  readonly canonical?: string;
  /** `<meta name="robots">`, such as `noindex`. */
  readonly robots?: string;
  /** `<meta property="og:…">` tags; `title` and `description` default to the page's own. */
  readonly openGraph?: {
    readonly title?: string;
    readonly description?: string;
    readonly image?: string;
    readonly type?: string;
    readonly url?: string;
  };
}

/** Merges the metadata of the levels, root layout first: a later level wins, field by field. */
export function mergeRouteMeta(parts: readonly RouteMeta[]): RouteMeta {
  let merged: RouteMeta = {};
  for (const part of parts) {
    const openGraph = part.openGraph ? { ...merged.openGraph, ...part.openGraph } : merged.openGraph;
    merged = { ...merged, ...part, ...(openGraph ? { openGraph } : {}) };
  }
  return merged;
}

/** One element the metadata stands for in the head: `<meta name|property>` or `<link rel="canonical">`. */
export type MetaElement =
  | { readonly tag: 'meta'; readonly key: 'name' | 'property'; readonly name: string; readonly content: string }
  | { readonly tag: 'link'; readonly rel: 'canonical'; readonly href: string };

/** The head elements of merged metadata, the title aside, in a fixed order. */
export function metaElements(meta: RouteMeta): MetaElement[] {
  const elements: MetaElement[] = [];
  const named = (key: 'name' | 'property', name: string, content: string | undefined) => {
    if (content !== undefined) elements.push({ tag: 'meta', key, name, content });
  };
  named('name', 'description', meta.description);
  named('name', 'robots', meta.robots);
  if (meta.canonical !== undefined) elements.push({ tag: 'link', rel: 'canonical', href: meta.canonical });
  if (meta.openGraph) {
    named('property', 'og:title', meta.openGraph.title ?? meta.title);
    named('property', 'og:description', meta.openGraph.description ?? meta.description);
    named('property', 'og:image', meta.openGraph.image);
    named('property', 'og:type', meta.openGraph.type);
    named('property', 'og:url', meta.openGraph.url);
  }
  return elements;
}

/** The attribute that marks the head elements kit wrote for the metadata, so a navigation replaces them. */
export const metaMarker = 'data-kit-meta';
