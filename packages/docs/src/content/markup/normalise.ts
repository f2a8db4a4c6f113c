import { balanceContainers } from './balance.js';
import { convertBlocks, type BlockOptions } from './blocks.js';
import { stripInlineMarkup } from './inline.js';
import type { SourceLine } from './source-line.js';

/**
 * The body of a document as the service keeps it: generator syntax turned into plain Markdown and
 * `:::` containers (see `convertBlocks`), inline tags reduced to their text outside strict mode. Each line keeps the line
 * of the file it came from, so problems found later still point at the source.
 *
 * @example
 * ```ts
 * import { normaliseMarkdown } from './normalise.js';
 *
 * const lines = normaliseMarkdown([{ text: '!!! tip "Faster"', line: 5 }, { text: '    Cache it.', line: 6 }]);
 * console.log(lines.map((l) => l.text)); // [ '::: tip Faster', 'Cache it.', ':::' ]
 * ```
 */
export function normaliseMarkdown(lines: readonly SourceLine[], options: BlockOptions & { readonly strict?: boolean } = {}): SourceLine[] {
  const blocks = balanceContainers(convertBlocks(lines, options.readPartial ? { readPartial: options.readPartial } : {}));
  // A curated corpus keeps its inline HTML as written (the pages show it as text); only documentation
  // written for a generator needs its components reduced.
  return options.strict ? blocks : stripInlineMarkup(blocks);
}
