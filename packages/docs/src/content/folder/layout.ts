import type { ContentFile } from '../read-files.js';

/** How a content directory is laid out, as recognised from its files. */
export type ContentLayout = 'kit' | 'vitepress' | 'docusaurus' | 'mkdocs' | 'starlight' | 'plain';

/** What the loader needs to know of the layout. */
export interface LayoutInfo {
  readonly layout: ContentLayout;
  /** Folder of the documents, relative to the content directory: `''` for the directory itself, else without a trailing slash. */
  readonly docsRoot: string;
  /** The MkDocs settings file, whose `nav` orders the documents. */
  readonly mkdocs: ContentFile | undefined;
  /** Docusaurus drops number prefixes (`01-intro.md` is `intro`) from the slugs; the others keep them. */
  readonly stripNumberPrefixes: boolean;
}

/**
 * Recognises the layout, first match wins: `site.yaml` (kit; documents in `docs/` when there is one),
 * `mkdocs.yml` (documents in its `docs_dir`, by default `docs/`) or one in the parent naming this
 * directory, `src/content/docs/` (Starlight), `docusaurus.config.*` (documents in `docs/`),
 * `.vitepress/` (VitePress, here or in `docs/`), `_category_` files (a Docusaurus docs folder), and
 * otherwise a plain folder of Markdown.
 */
export function detectLayout(files: readonly ContentFile[]): LayoutInfo {
  const paths = new Set(files.map((file) => file.relativePath));
  const has = (test: (path: string) => boolean) => files.some((file) => test(file.relativePath));
  const layout = (kind: ContentLayout, docsRoot: string, mkdocs?: ContentFile): LayoutInfo => ({
    layout: kind,
    docsRoot,
    mkdocs,
    stripNumberPrefixes: kind === 'docusaurus',
  });
  if (paths.has('site.yaml')) return layout('kit', has((path) => path.startsWith('docs/')) ? 'docs' : '');
  const mkdocs = files.find((file) => /^mkdocs\.ya?ml$/.test(file.relativePath));
  if (mkdocs) return layout('mkdocs', mkdocsDocsDir(mkdocs.text), mkdocs);
  const parentMkdocs = files.find((file) => /^\.\.\/mkdocs\.ya?ml$/.test(file.relativePath));
  if (parentMkdocs) return layout('mkdocs', '', parentMkdocs);
  if (has((path) => path.startsWith('src/content/docs/'))) return layout('starlight', 'src/content/docs');
  if (has((path) => /^docusaurus\.config\./.test(path))) return layout('docusaurus', 'docs');
  if (has((path) => /^\.vitepress\//.test(path))) return layout('vitepress', '');
  if (has((path) => /^docs\/\.vitepress\//.test(path))) return layout('vitepress', 'docs');
  if (has((path) => /(?:^|\/)_category_\./.test(path))) return layout('docusaurus', '');
  return layout('plain', '');
}

/** `docs_dir` of an `mkdocs.yml`, read without a YAML parser so that its Python tags cannot get in the way. */
function mkdocsDocsDir(text: string): string {
  const match = /^docs_dir:\s*['"]?([^'"#\n]+?)['"]?\s*(?:#.*)?$/m.exec(text);
  return (match?.[1] ?? 'docs').replace(/^\.\//, '').replace(/\/+$/, '');
}

/**
 * The site title and description a generator's settings module spells out as plain string literals
 * (`title: 'Quill'`, `tagline: '…'` or `description: '…'`), read as text: the module is code and is
 * never run, so a value built at run time is not seen.
 */
export function generatorSiteText(files: readonly ContentFile[]): { title?: string; summary?: string } {
  const config = files.find((file) => /^(?:docs\/)?(?:docusaurus\.config\.|\.vitepress\/config\.|astro\.config\.)/.test(file.relativePath));
  if (!config) return {};
  const literal = (key: string) =>
    new RegExp(`(?:^|[\\s,{])['"]?${key}['"]?\\s*:\\s*(['"\`])([^'"\`\\n]+)\\1`).exec(config.text)?.[2]?.trim();
  const title = literal('title');
  const summary = literal('tagline') ?? literal('description');
  return { ...(title ? { title } : {}), ...(summary ? { summary } : {}) };
}
