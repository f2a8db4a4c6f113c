import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Pages of a small documentation folder: path below the folder to Markdown. */
export type Pages = Readonly<Record<string, string>>;

/** Writes a plain Markdown docs folder (the layout a folder without generator settings is read as). */
export async function writeDocsFolder(directory: string, pages: Pages): Promise<string> {
  for (const [path, markdown] of Object.entries(pages)) {
    await mkdir(dirname(join(directory, path)), { recursive: true });
    await writeFile(join(directory, path), markdown);
  }
  return directory;
}

/** A page with a title, an overview and `##` sections. */
export function page(title: string, overview: string, sections: Readonly<Record<string, string>> = {}): string {
  const body = Object.entries(sections).map(([heading, text]) => `## ${heading}\n\n${text}\n`);
  return [`# ${title}`, '', overview, '', ...body].join('\n');
}

/**
 * A git repository whose history has one commit per release, each tagged, with the docs under
 * `docs/`: the way a library keeps its documentation beside its code.
 */
export async function gitRepositoryWithReleases(
  directory: string,
  releases: readonly { readonly tag: string; readonly pages: Pages }[],
): Promise<string> {
  await mkdir(directory, { recursive: true });
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=Docs Test', '-c', 'user.email=docs@example.com', '-c', 'commit.gpgsign=false', '-C', directory, ...args], {
      timeout: 30_000,
    });
  await git('init', '-q', '-b', 'main');
  for (const release of releases) {
    await rm(join(directory, 'docs'), { recursive: true, force: true });
    await writeDocsFolder(join(directory, 'docs'), release.pages);
    await git('add', '-A');
    await git('commit', '-q', '-m', `release ${release.tag}`);
    await git('tag', release.tag);
  }
  return directory;
}
