import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../db/stats.js';

/** One generated library: its id, title and a folder per version (oldest first). */
export interface GeneratedLibrary {
  readonly id: string;
  readonly title: string;
  /** Words only this library's pages use (its feature names), for queries that should find it alone. */
  readonly vocabulary: readonly string[];
  readonly versions: readonly { readonly version: string; readonly directory: string }[];
}

/** What to generate. */
export interface GenerateOptions {
  /** Libraries to write (default 20). */
  readonly libraries?: number;
  /** Versions of each (default 3): `1.0.0`, `2.0.0`, … */
  readonly versions?: number;
  /** Pages of each version besides its index (default 4). */
  readonly pages?: number;
  /** `##` sections of each page (default 4). */
  readonly sectionsPerPage?: number;
  /** Changes every word and name (default 1). */
  readonly seed?: number;
}

const consonants = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z'];
const vowels = ['a', 'e', 'i', 'o', 'u'];
/** Words every library's pages share, as real documentation shares them. */
const commonWords = [
  'install',
  'configuration',
  'options',
  'default',
  'middleware',
  'request',
  'response',
  'error',
  'timeout',
  'plugin',
  'server',
  'client',
  'cache',
  'route',
  'testing',
  'deploy',
];
const topics = ['Getting started', 'Configuration', 'Guides', 'API reference', 'Plugins', 'Deployment', 'Testing', 'Migration'];

/**
 * Writes `libraries` × `versions` small documentation folders under `directory`, as
 * `<directory>/<id>/<version>/`: Markdown pages with front matter, `#`/`##` headings, prose and a
 * code block each. Every library has its own invented vocabulary (so a query for one of its words
 * finds only it) besides words all of them share; each newer version renames nothing and adds a
 * section per page. Deterministic for the same options; 20 × 3 folders of the default size take a
 * few milliseconds.
 *
 * @example
 * ```ts
 * const libraries = generateLibraries('/tmp/generated', { libraries: 2 });
 * console.log(libraries[0]!.id, libraries[0]!.versions.map((v) => v.version)); // 'gen-…', ['1.0.0', '2.0.0', '3.0.0']
 * ```
 */
export function generateLibraries(directory: string, options: GenerateOptions = {}): GeneratedLibrary[] {
  const libraryCount = options.libraries ?? 20;
  const versionCount = options.versions ?? 3;
  const pageCount = options.pages ?? 4;
  const sectionCount = options.sectionsPerPage ?? 4;
  const random = seededRandom(options.seed ?? 1);
  const word = (syllables: number) => Array.from({ length: syllables }, () => pick(random, consonants) + pick(random, vowels)).join('');
  const taken = new Set<string>();
  const fresh = (syllables: number) => {
    for (;;) {
      const candidate = word(syllables);
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
  };
  const result: GeneratedLibrary[] = [];
  for (let index = 0; index < libraryCount; index++) {
    const name = fresh(3);
    const id = `gen-${name}`;
    const title = name.charAt(0).toUpperCase() + name.slice(1);
    const vocabulary = Array.from({ length: 12 }, () => fresh(3));
    const versions: { version: string; directory: string }[] = [];
    for (let major = 1; major <= versionCount; major++) {
      const version = `${major}.0.0`;
      const folder = join(directory, id, version);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, 'index.md'),
        `---\ntitle: ${title}\ndescription: ${title} ${version} documentation, generated for tests and benchmarks.\n---\n\n# ${title}\n\n${title} ${version} is a library about ${vocabulary.slice(0, 3).join(', ')} and ${vocabulary[3]}.\n\n## Installation\n\nInstall ${title} ${version} and read the guides below.\n\n\`\`\`sh\nnpm install ${id}@${major}\n\`\`\`\n`,
      );
      for (let page = 0; page < pageCount; page++) {
        const feature = vocabulary[page % vocabulary.length]!;
        const topic = topics[page % topics.length]!;
        const lines = [
          '---',
          `title: ${topic} ${feature}`,
          `description: How ${title} handles ${feature} (${pick(random, commonWords)}).`,
          '---',
          '',
          `# ${topic} ${feature}`,
          '',
          `${title} ${feature} ${sentence(random, vocabulary, 14)}.`,
        ];
        for (let section = 0; section < sectionCount + major - 1; section++) {
          const other = vocabulary[(page + section + 1) % vocabulary.length]!;
          const identifier = `${camel(feature)}${camel(other)}${section}`;
          lines.push(
            '',
            `## ${camel(other)} ${pick(random, commonWords)}`,
            '',
            `${sentence(random, vocabulary, 24)}. ${sentence(random, vocabulary, 18)}.`,
            '',
            '```ts',
            `import { ${identifier} } from '${id}';`,
            '',
            `const ${feature} = ${identifier}({ ${other}: ${section + major}, ${pick(random, commonWords)}: true });`,
            '```',
          );
        }
        writeFileSync(join(folder, `${feature}.md`), `${lines.join('\n')}\n`);
      }
      versions.push({ version, directory: folder });
    }
    result.push({ id, title, vocabulary, versions });
  }
  return result;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function sentence(random: () => number, vocabulary: readonly string[], length: number): string {
  const words = Array.from({ length }, () => (random() < 0.35 ? pick(random, vocabulary) : pick(random, commonWords)));
  return words.join(' ').replace(/^./, (first) => first.toUpperCase());
}

function camel(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
