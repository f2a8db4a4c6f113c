import { join } from 'node:path';

/** One version of a library: a folder of a public repository at a tag or commit. */
export interface LibraryVersionSet {
  /** The label it is served under (`version=` of `/api/search`). */
  readonly version: string;
  /** Tag, branch or commit of the repository. */
  readonly ref: string;
  /** The docs folder inside the repository: the folder the service is pointed at. */
  readonly path: string;
  /** Files or folders beside it that its generator reads (`mkdocs.yml`), extracted with it. */
  readonly extra?: readonly string[];
}

/** One library of the benchmark: a public documentation repository in three versions. */
export interface LibrarySet {
  readonly id: string;
  /**
   * The title a settings file gives it. Without one the catalog takes the site title the loader finds,
   * which for a folder named by its version is a number (`28.0.0/docs` gives `0`).
   */
  readonly title: string;
  /** `owner/name` on GitHub. */
  readonly repository: string;
  readonly generator: string;
  readonly aliases?: readonly string[];
  /** Oldest first, as listed; the catalog orders them itself. */
  readonly versions: readonly [LibraryVersionSet, LibraryVersionSet, LibraryVersionSet];
}

const v = (version: string, ref: string, path: string, extra?: readonly string[]): LibraryVersionSet => ({
  version,
  ref,
  path,
  ...(extra ? { extra } : {}),
});

/**
 * Twenty public documentation folders in three versions each. Their text is fetched for measuring
 * only (see README.md): nothing of it is committed. Versions are release tags where the repository
 * has them; the hono website and vuejs/docs have none, so they are taken at three dates (labelled year.month; its pages sat at the top of the
 * repository before 2025, in `docs/` after); pnpm
 * keeps its versions as folders of one commit.
 */
export const LIBRARY_SETS: readonly LibrarySet[] = [
  {
    id: 'hono',
    title: 'Hono',
    repository: 'honojs/website',
    generator: 'VitePress',
    versions: [
      v('2023.6', '56e7bdf08fe7180a124921a755e345d52eb78746', '.'),
      v('2024.5', 'b5853cf2306f848498669fbb259caad56866c838', '.'),
      v('2025.5', '601c1670b18b9a006bc9c2aa423df3924b9ba896', 'docs'),
    ],
  },
  {
    id: 'pnpm',
    title: 'pnpm',
    repository: 'pnpm/pnpm.io',
    generator: 'Docusaurus',
    versions: [
      v('9.x', '4096ad35b19c7d7e0c2c64c704c57daf5bb91668', 'versioned_docs_archived/version-9.x'),
      v('10.x', '4096ad35b19c7d7e0c2c64c704c57daf5bb91668', 'versioned_docs/version-10.x'),
      v('11.x', '4096ad35b19c7d7e0c2c64c704c57daf5bb91668', 'docs'),
    ],
  },
  {
    id: 'httpx',
    title: 'HTTPX',
    repository: 'encode/httpx',
    generator: 'MkDocs',
    versions: [
      v('0.23.0', '0.23.0', 'docs', ['mkdocs.yml']),
      v('0.27.0', '0.27.0', 'docs', ['mkdocs.yml']),
      v('0.28.1', '0.28.1', 'docs', ['mkdocs.yml']),
    ],
  },
  {
    id: 'vite',
    title: 'Vite',
    repository: 'vitejs/vite',
    generator: 'VitePress',
    versions: [v('6.0.0', 'v6.0.0', 'docs'), v('7.0.0', 'v7.0.0', 'docs'), v('8.0.0', 'v8.0.0', 'docs')],
  },
  {
    id: 'fastify',
    title: 'Fastify',
    repository: 'fastify/fastify',
    generator: 'plain Markdown',
    versions: [v('3.0.0', 'v3.0.0', 'docs'), v('4.0.0', 'v4.0.0', 'docs'), v('5.0.0', 'v5.0.0', 'docs')],
  },
  {
    id: 'vitest',
    title: 'Vitest',
    repository: 'vitest-dev/vitest',
    generator: 'VitePress',
    versions: [v('2.0.0', 'v2.0.0', 'docs'), v('3.0.0', 'v3.0.0', 'docs'), v('4.0.0', 'v4.0.0', 'docs')],
  },
  {
    id: 'fastapi',
    title: 'FastAPI',
    repository: 'fastapi/fastapi',
    generator: 'MkDocs',
    versions: [
      v('0.100.0', '0.100.0', 'docs/en/docs', ['docs/en/mkdocs.yml']),
      v('0.110.0', '0.110.0', 'docs/en/docs', ['docs/en/mkdocs.yml']),
      v('0.115.0', '0.115.0', 'docs/en/docs', ['docs/en/mkdocs.yml']),
    ],
  },
  {
    id: 'pydantic',
    title: 'Pydantic',
    repository: 'pydantic/pydantic',
    generator: 'MkDocs',
    versions: [
      v('2.5.0', 'v2.5.0', 'docs', ['mkdocs.yml']),
      v('2.10.0', 'v2.10.0', 'docs', ['mkdocs.yml']),
      v('2.11.0', 'v2.11.0', 'docs', ['mkdocs.yml']),
    ],
  },
  {
    id: 'prettier',
    title: 'Prettier',
    repository: 'prettier/prettier',
    generator: 'Docusaurus',
    versions: [v('2.0.0', '2.0.0', 'docs'), v('3.0.0', '3.0.0', 'docs'), v('3.6.0', '3.6.0', 'docs')],
  },
  {
    id: 'mkdocs',
    title: 'MkDocs',
    repository: 'mkdocs/mkdocs',
    generator: 'MkDocs',
    versions: [
      v('1.4.0', '1.4.0', 'docs', ['mkdocs.yml']),
      v('1.5.0', '1.5.0', 'docs', ['mkdocs.yml']),
      v('1.6.0', '1.6.0', 'docs', ['mkdocs.yml']),
    ],
  },
  {
    id: 'vitepress',
    title: 'VitePress',
    repository: 'vuejs/vitepress',
    generator: 'VitePress',
    versions: [v('1.0.0', 'v1.0.0', 'docs'), v('1.3.0', 'v1.3.0', 'docs'), v('1.6.0', 'v1.6.0', 'docs')],
  },
  {
    id: 'jest',
    title: 'Jest',
    repository: 'jestjs/jest',
    generator: 'Docusaurus',
    versions: [v('28.0.0', 'v28.0.0', 'docs'), v('29.0.0', 'v29.0.0', 'docs'), v('30.0.0', 'v30.0.0', 'docs')],
  },
  {
    id: 'trpc',
    title: 'tRPC',
    repository: 'trpc/trpc',
    generator: 'Docusaurus',
    versions: [v('10.0.0', 'v10.0.0', 'www/docs'), v('10.45.0', 'v10.45.0', 'www/docs'), v('11.0.0', 'v11.0.0', 'www/docs')],
  },
  {
    id: 'typescript-eslint',
    title: 'typescript-eslint',
    repository: 'typescript-eslint/typescript-eslint',
    generator: 'Docusaurus',
    versions: [v('6.0.0', 'v6.0.0', 'docs'), v('7.0.0', 'v7.0.0', 'docs'), v('8.0.0', 'v8.0.0', 'docs')],
  },
  {
    id: 'vue',
    title: 'Vue',
    repository: 'vuejs/docs',
    generator: 'VitePress',
    versions: [
      v('2023.6', '0da542826e63fb5d2a9b0e2f3e92b4daf2842bf5', 'src'),
      v('2024.5', 'e7f3f317143bdff25c57ac1ffe4328ca70a76d9a', 'src'),
      v('2025.5', 'fcee6236c1e2c3ecf0cc85945eb1db120f43af10', 'src'),
    ],
  },
  {
    id: 'tanstack-query',
    title: 'TanStack Query',
    repository: 'TanStack/query',
    generator: 'plain Markdown',
    aliases: ['react-query', '@tanstack/react-query'],
    versions: [v('3.0.0', 'v3.0.0', 'docs'), v('4.0.0', 'v4.0.0', 'docs'), v('5.0.0', 'v5.0.0', 'docs')],
  },
  {
    id: 'vue-router',
    title: 'Vue Router',
    repository: 'vuejs/router',
    generator: 'VitePress',
    versions: [v('4.3.0', 'v4.3.0', 'packages/docs'), v('4.5.0', 'v4.5.0', 'packages/docs'), v('5.0.0', 'v5.0.0', 'packages/docs')],
  },
  {
    id: 'pinia',
    title: 'Pinia',
    repository: 'vuejs/pinia',
    generator: 'VitePress',
    versions: [
      v('2.0.0', 'pinia@2.0.0', 'packages/docs'),
      v('2.1.0', 'pinia@2.1.0', 'packages/docs'),
      v('2.2.0', 'pinia@2.2.0', 'packages/docs'),
    ],
  },
  {
    id: 'eslint',
    title: 'ESLint',
    repository: 'eslint/eslint',
    generator: 'Eleventy',
    versions: [v('9.0.0', 'v9.0.0', 'docs/src'), v('9.20.0', 'v9.20.0', 'docs/src'), v('10.0.0', 'v10.0.0', 'docs/src')],
  },
  {
    id: 'react-router',
    title: 'React Router',
    repository: 'remix-run/react-router',
    generator: 'plain Markdown',
    versions: [
      v('6.4.0', 'react-router@6.4.0', 'docs'),
      v('7.0.0', 'react-router@7.0.0', 'docs'),
      v('8.0.0', 'react-router@8.0.0', 'docs'),
    ],
  },
];

/** Where `prepare.ts` puts the folders and `run.ts` looks for them: `LIBRARIES_ROOT`, else `/tmp/libs-bench`. */
export function librariesRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.LIBRARIES_ROOT ?? '/tmp/libs-bench';
}

/** The folder of one version once extracted: `<root>/<id>/<version>/<path>`. */
export function versionFolder(root: string, library: LibrarySet, version: LibraryVersionSet): string {
  return join(root, library.id, version.version, version.path);
}

/** A bare repository or checkout of `owner/name` under a mirror root: `<root>/<owner>+<name>/repo`, as the snapshots here are laid out. */
export function mirrorOf(root: string, repository: string): string {
  return join(root, repository.replace('/', '+'), 'repo');
}
