import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SearchableSection } from '@kit/docs-search';
import { loadFolder } from './folder.js';
import type { ForeignQuery } from './judge.js';
import { HONO_FRESH_QUERIES, HONO_LATE_QUERIES, HONO_QUERIES } from './queries/hono.js';
import { HTTPX_FRESH_QUERIES, HTTPX_LATE_QUERIES, HTTPX_QUERIES } from './queries/httpx.js';
import { PNPM_FRESH_QUERIES, PNPM_LATE_QUERIES, PNPM_QUERIES } from './queries/pnpm.js';

/** One public documentation set of the benchmark (its text is fetched for measuring, never committed). */
export interface DocSet {
  readonly name: string;
  readonly generator: string;
  readonly repository: string;
  /** The commit the judged queries were written against. */
  readonly commit: string;
  /** Environment variable (and `--<name>=` argument) naming the docs folder. */
  readonly variable: string;
  readonly queries: readonly ForeignQuery[];
  /** A second held-out batch, written after tuning had begun (see README.md). */
  readonly lateQueries: readonly ForeignQuery[];
  /** A third held-out batch, written later still and never used to choose anything (see README.md). */
  readonly freshQueries: readonly ForeignQuery[];
}

/** The doc sets: three generators, judged queries of our own wording each. */
export const DOC_SETS: readonly DocSet[] = [
  {
    name: 'hono',
    generator: 'VitePress',
    repository: 'honojs/website',
    commit: '3048a3680d48fbc7dfd7cd1dd312f409036d4518',
    variable: 'FOREIGN_HONO_DOCS',
    queries: HONO_QUERIES,
    lateQueries: HONO_LATE_QUERIES,
    freshQueries: HONO_FRESH_QUERIES,
  },
  {
    name: 'pnpm',
    generator: 'Docusaurus',
    repository: 'pnpm/pnpm.io',
    commit: '4096ad35b19c7d7e0c2c64c704c57daf5bb91668',
    variable: 'FOREIGN_PNPM_DOCS',
    queries: PNPM_QUERIES,
    lateQueries: PNPM_LATE_QUERIES,
    freshQueries: PNPM_FRESH_QUERIES,
  },
  {
    name: 'httpx',
    generator: 'MkDocs',
    repository: 'encode/httpx',
    commit: 'ae1b9f66238f75ced3ced5e4485408435de10768',
    variable: 'FOREIGN_HTTPX_DOCS',
    queries: HTTPX_QUERIES,
    lateQueries: HTTPX_LATE_QUERIES,
    freshQueries: HTTPX_FRESH_QUERIES,
  },
];

/** Where the README's extraction command puts a set: `/tmp/foreign/<name>/docs`. */
export const DEFAULT_ROOT = '/tmp/foreign';

/**
 * The docs folder of a set: `--<name>=DIR` on the command line, else the set's environment
 * variable, else `/tmp/foreign/<name>/docs`; undefined (with the reason) when it is not a folder.
 *
 * @example
 * ```ts
 * folderOf(DOC_SETS[0]!, ['--hono=/data/hono/docs'], {}); // { path: '/data/hono/docs' } when it exists
 * ```
 */
export function folderOf(set: DocSet, argv: readonly string[], env: NodeJS.ProcessEnv): { path: string } | { missing: string } {
  const flag = `--${set.name}=`;
  const fromArgument = argv.find((argument) => argument.startsWith(flag))?.slice(flag.length);
  const path = resolve(fromArgument ?? env[set.variable] ?? `${DEFAULT_ROOT}/${set.name}/docs`);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    return {
      missing: `${set.name}: no docs folder at ${path}; extract ${set.repository} as bench/search-foreign/README.md shows, or pass --${set.name}=DIR or ${set.variable}=DIR`,
    };
  }
  return { path };
}

/** A loaded set: its sections and which loader produced them. */
export interface LoadedSet {
  readonly sections: readonly SearchableSection[];
  readonly pages: number;
  readonly loader: string;
}

/**
 * Loads a docs folder with the docs service's own loader when it accepts a plain folder (zero
 * configuration), else with the benchmark's converter (folder.ts), saying which was used and why.
 */
export async function loadSet(path: string, loader: LoaderChoice = 'auto'): Promise<LoadedSet> {
  if (loader !== 'bench') {
    const viaService = await loadWithService(path);
    if ('sections' in viaService) return viaService;
    if (loader === 'service') throw new Error(`the docs loader refused ${path}: ${viaService.refused}`);
    const corpus = loadFolder(path);
    return {
      sections: corpus.sections,
      pages: corpus.pages.length,
      loader: `bench converter (bench/search-foreign/folder.ts); the docs loader refused the folder: ${viaService.refused}`,
    };
  }
  const corpus = loadFolder(path);
  return {
    sections: corpus.sections,
    pages: corpus.pages.length,
    loader: 'bench converter (bench/search-foreign/folder.ts), chosen with --loader=bench',
  };
}

/** Which loader turns a folder into sections: the docs service's when it accepts the folder (`auto`), or one of them. */
export type LoaderChoice = 'auto' | 'service' | 'bench';

interface ServiceModules {
  loadContent(directory: string): Promise<{ documents: readonly unknown[]; sections: readonly unknown[] }>;
}

interface AdapterModule {
  toSearchableSections(content: unknown): SearchableSection[];
}

async function loadWithService(path: string): Promise<LoadedSet | { refused: string }> {
  const contentModule = '../../packages/docs/src/content/index.js';
  const searchModule = '../../packages/docs/src/search/index.js';
  try {
    const { loadContent } = (await import(contentModule)) as ServiceModules;
    const { toSearchableSections } = (await import(searchModule)) as AdapterModule;
    const content = await loadContent(path);
    return {
      sections: toSearchableSections(content),
      pages: content.documents.length,
      loader: 'docs service loader (packages/docs/src/content loadContent)',
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return { refused: message.length > 160 ? `${message.slice(0, 157)}…` : message };
  }
}
