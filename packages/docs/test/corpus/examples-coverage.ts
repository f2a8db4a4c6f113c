import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import GithubSlugger from 'github-slugger';
import { importsOf } from './examples-code.js';
import { contentDir, type ExampleFile } from './examples-files.js';
import { frameworkPackages, type FrameworkPackage } from './examples-reference.js';

/** Does a shell example run `kit <command>` (optionally through npx) for a command matching `command`? */
function runsKit(example: ExampleFile, command: RegExp): boolean {
  if (example.extension !== '.sh') return false;
  return example.text
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .some((line) => [...line.matchAll(/(?:^|[\s;&|(])(?:npx\s+)?kit\s+(\S+)/g)].some((match) => command.test(match[1] ?? '')));
}

/**
 * Whether an example shows a package in use. Importing it counts for the libraries; the command-line
 * packages count when a shell example runs them; kit-cron, for which the reference names no
 * function, counts when an example is written for it and says so in its description.
 */
export function coversPackage(example: ExampleFile, pkg: FrameworkPackage): boolean {
  if (importsOf(example).some((entry) => entry.specifier === `@kit/${pkg}`)) return true;
  switch (pkg) {
    case 'kit-cli':
      return runsKit(example, /./);
    case 'kit-ops':
      return runsKit(example, /^ops:/);
    case 'kit-dev':
      return runsKit(example, /^dev$/);
    case 'create-kit-app':
      return example.extension === '.sh' && /(?:^|\s)(?:npx\s+)?create-kit-app\s/m.test(example.text);
    case 'kit-cron':
      return typeof example.meta?.description === 'string' && example.meta.description.includes('kit-cron');
    default:
      return false;
  }
}

/** Number of examples that cover each package. */
export function packageCoverage(examples: readonly ExampleFile[]): Map<FrameworkPackage, number> {
  return new Map(frameworkPackages.map((pkg) => [pkg, examples.filter((example) => coversPackage(example, pkg)).length]));
}

/**
 * Section urls of the documents, computed from their `##`/`###` headings the way the content loader
 * does (GitHub-style slugs, unique per document, `overview` for the text before the first heading).
 * Used when the loader rejects the corpus for problems outside the examples, so the examples can still be checked.
 */
export function sectionUrlsFromHeadings(directory: string = join(contentDir, 'docs')): Set<string> {
  const urls = new Set<string>();
  for (const fileName of readdirSync(directory).filter((name) => name.endsWith('.md'))) {
    const slug = basename(fileName, '.md');
    const slugger = new GithubSlugger();
    urls.add(`/docs/${slug}`);
    urls.add(`/docs/${slug}#${slugger.slug('Overview')}`);
    let inFence = false;
    for (const line of readFileSync(join(directory, fileName), 'utf8').split('\n')) {
      if (/^(```|~~~)/.test(line)) inFence = !inFence;
      const heading = inFence ? undefined : /^#{2,3}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
      if (heading) urls.add(`/docs/${slug}#${slugger.slug(heading.replace(/`/g, ''))}`);
    }
  }
  return urls;
}
