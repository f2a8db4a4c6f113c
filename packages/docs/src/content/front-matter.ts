import type { ProblemList } from './problems.js';
import { parseYamlBlock, type YamlBlock } from './yaml-block.js';

/** The result of splitting a file into its front matter and the rest. */
export interface SplitFile {
  readonly frontMatter: YamlBlock;
  /** The text after the closing `---` line. */
  readonly body: string;
  /** 1-based line of the file at which `body` starts. */
  readonly bodyLine: number;
  /** Lines kept before the front matter (a shebang), to put back in front of the body. */
  readonly prefix: string;
}

/**
 * Splits front matter written between two `---` lines at the top of a file. `commentPrefix` is the
 * line-comment marker of the file's language (`//`, `#`), or `''` for Markdown, where the block is bare.
 * With `optional`, a file that does not start with the marker has empty front matter; a block that is
 * opened but never closed, or that is not YAML, is an error either way.
 */
export function splitFrontMatter(
  text: string,
  file: string,
  commentPrefix: string,
  problems: ProblemList,
  optional = false,
): SplitFile | undefined {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let start = 0;
  let prefix = '';
  if (commentPrefix === '#' && lines[0]?.startsWith('#!')) {
    prefix = `${lines[0]}\n`;
    start = 1;
  }
  const marker = commentPrefix ? `${commentPrefix} ---` : '---';
  const stripComment = (line: string) => {
    if (!commentPrefix) return line;
    const rest = line.slice(commentPrefix.length);
    return rest.startsWith(' ') ? rest.slice(1) : rest;
  };
  if (lines[start]?.trimEnd() !== marker) {
    if (optional) return { frontMatter: emptyBlock, body: lines.join('\n'), bodyLine: 1, prefix };
    problems.soft(file, start + 1, `missing front matter: the file must start with a \`${marker}\` line`);
    return undefined;
  }
  const yamlLines: string[] = [];
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trimEnd() === marker) {
      const frontMatter = parseYamlBlock(yamlLines.join('\n'), file, start + 2, problems);
      if (!frontMatter) return undefined;
      const value = frontMatter.value;
      if (optional && value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value))) {
        problems.add(file, start + 2, 'front matter must be a YAML mapping of keys to values, such as `title: Install`');
        return undefined;
      }
      return { frontMatter, body: lines.slice(index + 1).join('\n'), bodyLine: index + 2, prefix };
    }
    if (commentPrefix && !line.startsWith(commentPrefix)) {
      problems.soft(file, index + 1, `front matter line must start with \`${commentPrefix}\`; close the block with \`${marker}\``);
      return undefined;
    }
    yamlLines.push(stripComment(line));
  }
  problems.add(file, start + 1, `front matter is never closed: add a \`${marker}\` line after it`);
  return undefined;
}

/** Front matter of a file that has none. */
const emptyBlock: YamlBlock = { value: {}, lineOf: () => 1 };
