import type { ContentProblem } from './problems.js';
import type { Content } from './types.js';

/**
 * Style limits checked by `kit-docs check`; they do not stop the service from starting.
 *
 * @example
 * ```ts
 * import { sectionWordLimits } from './lint.js';
 *
 * console.log(sectionWordLimits.min, sectionWordLimits.max); // 30 400
 * ```
 */
export const sectionWordLimits = { min: 30, max: 400 } as const;

/**
 * @example
 * ```ts
 * import { embeddedContentDirectory, lintContent, loadContent } from '@kit/docs';
 *
 * const problems = lintContent(await loadContent(embeddedContentDirectory));
 * console.log(problems.length); // 0
 * ```
 *
 * Section size: one subject per section, long enough to answer and short enough to be a good
 * search result. A document's Overview may be shorter when other sections follow it.
 */
export function lintContent(content: Content): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const document of content.documents) {
    for (const section of document.sections) {
      const isShortIntro = section.level === 1 && document.sections.length > 1;
      if (section.wordCount > sectionWordLimits.max) {
        problems.push({
          file: section.file,
          line: section.line,
          message: `section "${section.heading}" has ${section.wordCount} words; split it below ${sectionWordLimits.max}`,
        });
      } else if (section.wordCount < sectionWordLimits.min && !isShortIntro && !hasSubsections(document.sections, section.anchor)) {
        problems.push({
          file: section.file,
          line: section.line,
          message: `section "${section.heading}" has ${section.wordCount} words; write at least ${sectionWordLimits.min}`,
        });
      }
    }
  }
  return problems;
}

/** A `##` section that only introduces its `###` subsections may be short. */
function hasSubsections(sections: Content['sections'], anchor: string): boolean {
  return sections.some((section) => section.parentAnchor === anchor);
}
