/**
 * Extracts the documentation folders of `sets.ts` (20 libraries × 3 versions) from local git
 * repositories into `LIBRARIES_ROOT` (default `/tmp/libs-bench`), as `<root>/<id>/<version>/<path>`.
 * Nothing is fetched: each repository must already be cloned (bare or not) under the mirror root
 * (`--mirror=DIR` or `LIBRARIES_MIRROR`, default `/tmp/libs-src`) as `<owner>+<name>` or
 * `<owner>+<name>/repo`. A version already extracted is kept.
 *
 *   npx tsx bench/libraries/prepare.ts --mirror=/data/mirrors
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LIBRARY_SETS, librariesRoot, versionFolder } from './sets.js';

const mirrorRoot =
  process.argv.find((argument) => argument.startsWith('--mirror='))?.slice('--mirror='.length) ??
  process.env.LIBRARIES_MIRROR ??
  '/tmp/libs-src';
const root = librariesRoot();

let extracted = 0;
let kept = 0;
const missing: string[] = [];
for (const library of LIBRARY_SETS) {
  const name = library.repository.replace('/', '+');
  const gitDir = [join(mirrorRoot, name, 'repo'), join(mirrorRoot, name)].find((path) => existsSync(path));
  if (!gitDir) {
    missing.push(
      `${library.id}: no repository at ${join(mirrorRoot, name)}; git clone --bare https://github.com/${library.repository} ${join(mirrorRoot, name)}`,
    );
    continue;
  }
  for (const version of library.versions) {
    const folder = versionFolder(root, library, version);
    if (existsSync(folder)) {
      kept++;
      continue;
    }
    const target = join(root, library.id, version.version);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    const paths = [version.path, ...(version.extra ?? [])];
    execFileSync('tar', ['-x', '-C', target], { input: archive(gitDir, version.ref, paths) });
    extracted++;
    process.stdout.write(`${library.id}@${version.version}: ${library.repository} ${version.ref} ${version.path}\n`);
  }
}
process.stdout.write(`${extracted} extracted, ${kept} already there, under ${root}\n`);
if (missing.length > 0) {
  process.stderr.write(`${missing.join('\n')}\n`);
  process.exitCode = 1;
}

/**
 * `git archive` of `paths` at `ref`. A snapshot without its largest files (images, videos) makes
 * git refuse the whole archive, so then the files whose content is present are archived by name.
 */
function archive(gitDir: string, ref: string, paths: readonly string[]): Buffer {
  const git = (args: readonly string[], input?: string) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], {
      maxBuffer: 1024 ** 3,
      stdio: ['pipe', 'pipe', 'ignore'],
      ...(input ? { input } : {}),
    });
  try {
    return git(['archive', '--format=tar', ref, '--', ...paths]);
  } catch {
    const listed = git(['ls-tree', '-r', '--format=%(objectname) %(path)', ref, '--', ...paths])
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ object: line.slice(0, line.indexOf(' ')), path: line.slice(line.indexOf(' ') + 1) }));
    const present = git(['cat-file', '--batch-check'], listed.map((file) => file.object).join('\n') + '\n')
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => !line.endsWith(' missing'));
    const kept = listed.filter((_, index) => present[index]).map((file) => file.path);
    process.stdout.write(`  (${listed.length - kept.length} files absent from the snapshot left out)\n`);
    return git(['archive', '--format=tar', ref, '--', ...kept.map((path) => `:(literal)${path}`)]);
  }
}
