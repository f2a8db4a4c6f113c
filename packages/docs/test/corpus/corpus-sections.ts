import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A `##`/`###` section of a corpus document, read straight from the Markdown (no loader involved). */
export interface RawSection {
  /** `file:line` of the heading, for failure messages. */
  readonly where: string;
  readonly heading: string;
  /** The heading and the body, Markdown as written. */
  readonly text: string;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return markdownFiles(path);
      return entry.name.endsWith('.md') ? [path] : [];
    })
    .sort();
}

/**
 * Splits every Markdown document under `dir` into sections the way the content format defines them:
 * the text before the first heading is `Overview`, and each `##` or `###` heading outside a code fence
 * starts a section that runs to the next heading. Front matter is left out.
 *
 * @example
 * ```ts
 * const sections = readCorpusSections('packages/docs/content/docs');
 * sections.some((section) => section.heading === 'maxIterations');
 * ```
 */
export function readCorpusSections(dir: string): RawSection[] {
  return markdownFiles(dir).flatMap((file) => splitSections(readFileSync(file, 'utf8'), relative(process.cwd(), file)));
}

export function splitSections(markdown: string, file: string): RawSection[] {
  const lines = markdown.split('\n');
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
    start = end < 0 ? 0 : end + 1;
  }
  const sections: RawSection[] = [];
  let heading = 'Overview';
  let headingLine = start + 1;
  let body: string[] = [];
  let inFence = false;
  const flush = (): void => {
    const text = body.join('\n').trim();
    if (text !== '' || heading !== 'Overview') {
      sections.push({ where: `${file}:${headingLine}`, heading, text: `${heading}\n${text}` });
    }
  };
  for (let index = start; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : /^#{2,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) {
      flush();
      heading = match[1]!;
      headingLine = index + 1;
      body = [];
    } else {
      body.push(line);
    }
  }
  flush();
  return sections;
}
