import type { ContentImage } from './folder/images.js';
import type { ContentLayout } from './folder/layout.js';
import type { ContentProblem } from './problems.js';

export type { ContentLayout };

/** The whole loaded, validated content set. Immutable once built; a reload builds a new one. */
export interface Content {
  /** Hash of every content file; changes whenever any file does. */
  readonly version: string;
  /** Absolute path of the content directory. */
  readonly directory: string;
  /** The layout the directory was recognised as (`kit` for a directory with `site.yaml`). */
  readonly layout: ContentLayout;
  /** True when `site.yaml` says `strict: true`: every problem is then an error. */
  readonly strict: boolean;
  /** Problems that did not stop loading (none in strict mode), in the order found. */
  readonly warnings: readonly ContentProblem[];
  readonly site: Site;
  readonly taxonomy: Taxonomy;
  /** Groups of interchangeable search terms. */
  readonly synonyms: readonly (readonly string[])[];
  /** Documents in navigation order: by group, then `order`, then slug. */
  readonly documents: readonly Document[];
  /** Every section of every document, in navigation and then document order. */
  readonly sections: readonly Section[];
  /** Examples in id order. */
  readonly examples: readonly Example[];
  /** The images the documents show, by path relative to the content directory, served at their `url`. */
  readonly images: ReadonlyMap<string, ContentImage>;
}

export interface Site {
  readonly title: string;
  readonly summary: string;
  /** Navigation groups, in order. */
  readonly groups: readonly string[];
}

export interface Taxonomy {
  /** Category name to its finer tags. */
  readonly categories: ReadonlyMap<string, readonly string[]>;
  /** Finer tag (or category) to its category. */
  readonly categoryOf: ReadonlyMap<string, string>;
  /** Topics `/api/examples` accepts, as written in the taxonomy. */
  readonly exampleTopics: readonly string[];
}

export interface Document {
  /** The path of the file below the documents folder without its extension, folders kept (`api/context`); `index` pages name their folder. */
  readonly slug: string;
  readonly title: string;
  /** Label in navigation: `sidebar_label`, `sidebar.label` or the MkDocs nav title, else the title. */
  readonly label: string;
  readonly summary: string;
  /** True when the summary is the first paragraph of the body (pages then do not show it twice). */
  readonly summaryFromBody: boolean;
  readonly group: string;
  /** Front matter `order` in strict mode; otherwise the 1-based position within the group. */
  readonly order: number;
  /** The document's own tags with their categories, sorted. */
  readonly topics: readonly string[];
  /** `/docs/{slug}` */
  readonly url: string;
  /** The Markdown body, without front matter (and without the level-1 heading that gave the title). */
  readonly markdown: string;
  readonly sections: readonly Section[];
  /** Every heading of `markdown` in order with its anchor, deeper headings included: the ids of the page. */
  readonly headings: readonly DocumentHeading[];
  readonly file: string;
}

/** A heading of a document and the anchor it answers to. */
export interface DocumentHeading {
  readonly level: number;
  readonly anchor: string;
  readonly text: string;
}

export interface Section {
  readonly documentSlug: string;
  readonly documentTitle: string;
  /** The heading as plain text; `Overview` for text before the first heading. */
  readonly heading: string;
  /** GitHub-style slug of the heading, unique within the document. */
  readonly anchor: string;
  /** 1 for the Overview, else the heading level (2 or 3). */
  readonly level: 1 | 2 | 3;
  /** Anchor of the enclosing `##` section, for a `###` section. */
  readonly parentAnchor: string | undefined;
  /** `/docs/{slug}#{anchor}` */
  readonly url: string;
  /** The section's Markdown, without its heading line and its topics comment. */
  readonly markdown: string;
  /** The section as plain text (code included), for search and snippets. */
  readonly text: string;
  /** Inline code and code blocks of the section, joined by spaces. */
  readonly code: string;
  /** Document tags plus the section's own, with their categories, sorted. */
  readonly topics: readonly string[];
  /** Number of words of `text`. */
  readonly wordCount: number;
  readonly file: string;
  /** Line of the heading (or of the first body line, for an Overview). */
  readonly line: number;
}

/** Highlighter id of an example's language. */
export type ExampleLanguage = 'typescript' | 'tsx' | 'bash' | 'json';

export interface Example {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** Example topics, as written in the taxonomy. */
  readonly topics: readonly string[];
  /** Url of the section the example illustrates. */
  readonly relatedDocs: string;
  /** The file without its front matter. */
  readonly code: string;
  readonly language: ExampleLanguage;
  readonly file: string;
}
